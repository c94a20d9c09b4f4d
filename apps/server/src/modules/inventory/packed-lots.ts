import type { LedgerContext } from './ledger-context.ts';
import { nameHolding } from './holding-name.ts';
import { unique } from './unique.ts';

/** A roasted lot packed for an order from one bin. */
export interface PackedLot {
  device_id: string;
  lot_number: string;
  bean_name: string;
  roasted_at: string | null;
  /** When the last of it was packed. */
  packed_at: string;
  centi: number;
  green_lots: string[];
}

/**
 * What was packed for an order, by bin and roasted lot, each with its roast date and the
 * green lots its batches were roasted from.
 */
export async function packedLots(ctx: LedgerContext, orderId: number): Promise<PackedLot[]> {
  const { db, repo } = ctx;
  const packed = await repo.entriesFor(db, 'pack', { orderIds: [orderId] });
  const lotIds = unique(packed.map((p) => p.entry.lotId));
  const made = (await repo.entriesFor(db, 'roast_out', { lotIds })).filter(
    (r) => r.entry.fromDevice === null,
  );
  const batchesOfLot = new Map<number, number[]>();
  for (const r of made) {
    if (r.entry.batchId === null) continue;
    batchesOfLot.set(r.entry.lotId, [...(batchesOfLot.get(r.entry.lotId) ?? []), r.entry.batchId]);
  }
  const roastedIn = await repo.entriesFor(db, 'roast_in', {
    batchIds: unique([...batchesOfLot.values()].flat()),
  });
  const byKey = new Map<string, PackedLot>();
  for (const p of packed) {
    const key = `${p.fromCode ?? ''}/${p.entry.lotId}`;
    const batches = batchesOfLot.get(p.entry.lotId) ?? [];
    const entry = byKey.get(key) ?? {
      device_id: p.fromCode ?? '',
      lot_number: p.lotNumber,
      bean_name: nameHolding([
        { lot_number: p.lotNumber, bean_name: p.beanName, product_name: p.productName },
      ]),
      roasted_at: p.roastedAt?.toISOString() ?? null,
      packed_at: p.entry.at.toISOString(),
      centi: 0,
      green_lots: unique(
        roastedIn
          .filter((r) => r.entry.batchId !== null && batches.includes(r.entry.batchId))
          .map((r) => r.lotNumber),
      ),
    };
    entry.centi += p.entry.centiLbs;
    if (p.entry.at.toISOString() > entry.packed_at) entry.packed_at = p.entry.at.toISOString();
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}
