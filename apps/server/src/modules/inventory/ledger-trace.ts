import type { BatchRoastProfile, LotTrace, OrderTrace, TraceBatch } from '@roastery/contract';
import { notFound } from '../../lib/http-errors.ts';
import type { LedgerContext } from './ledger-context.ts';
import { unique } from './unique.ts';
import { fromCenti } from './weights.ts';

function sumByLot(
  rows: { lotNumber: string; entry: { centiLbs: number } }[],
): { lot_number: string; lbs: number }[] {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.lotNumber, (totals.get(r.lotNumber) ?? 0) + r.entry.centiLbs);
  return [...totals].map(([lot_number, centi]) => ({ lot_number, lbs: fromCenti(centi) }));
}

/** The roast profile version a batch's record names, with its profile's name. */
function profileOf(batch: {
  profileId: number | null;
  profileVersion: number | null;
  profileName: string | null;
}): BatchRoastProfile | null {
  const { profileId: id, profileVersion: version, profileName: name } = batch;
  return id === null || version === null || name === null ? null : { id, name, version };
}

/**
 * Batches as people name them: their order and place in it, from the batches' records, else
 * the order the ledger booked them for; and the roast profile version each record names.
 */
async function traceBatches(
  ctx: LedgerContext,
  ids: number[],
  rows: { entry: { batchId: number | null; orderId: number | null } }[],
): Promise<TraceBatch[]> {
  const found = new Map((await ctx.repo.batchesByIds(ctx.db, ids)).map((b) => [b.id, b]));
  return ids.map((id) => {
    const batch = found.get(id);
    return {
      batch_id: id,
      order_id: batch?.orderId ?? rows.find((r) => r.entry.batchId === id)?.entry.orderId ?? null,
      seq: batch?.seq ?? null,
      roast_profile: batch ? profileOf(batch) : null,
    };
  });
}

/**
 * Forward from a lot: every movement, where it is now, the batches that roasted it, the
 * roasted lots they made and the orders those were packed for.
 */
export async function traceLot(ctx: LedgerContext, lotNumber: string): Promise<LotTrace> {
  const { db, repo } = ctx;
  const found = await repo.lotWithBean(db, lotNumber);
  if (!found) throw notFound(`Lot ${lotNumber} not found.`);
  const { lot, beanName } = found;
  const movements = await repo.movementsOfLots(db, [lot.id]);
  const batches = unique(
    movements.map((m) => m.entry.batchId).filter((b): b is number => b !== null),
  );
  // roast_out rows leave the roaster as green beans and enter a bin as the roasted lot; the
  // entering ones name the roasted lots a batch made.
  const roastedOut =
    lot.kind === 'green'
      ? (await repo.entriesFor(db, 'roast_out', { batchIds: batches })).filter(
          (r) => r.entry.fromDevice === null,
        )
      : [];
  const roastedLotIds = unique(roastedOut.map((r) => r.entry.lotId));
  const packed = await repo.entriesFor(db, 'pack', {
    lotIds: lot.kind === 'green' ? roastedLotIds : [lot.id],
  });
  const held = await repo.heldByLot(db, lot.id);
  return {
    lot_number: lot.lotNumber,
    bean_name: beanName,
    kind: lot.kind,
    movements: movements.map((m) => ({
      at: m.entry.at.toISOString(),
      reason: m.entry.reason,
      from: m.fromName,
      to: m.toName,
      lbs: fromCenti(m.entry.centiLbs),
      lot_number: m.lotNumber,
      order_id: m.entry.orderId,
      batch_id: m.entry.batchId,
      dump_id: m.entry.dumpId,
      transfer_id: m.entry.transferId,
    })),
    held: held.map((h) => ({
      device_id: h.code,
      device_name: h.name,
      lbs: fromCenti(Number(h.centi)),
    })),
    batches: await traceBatches(ctx, batches, movements),
    roasted_lots: unique(roastedOut.map((r) => r.lotNumber)),
    orders: unique(packed.map((p) => p.entry.orderId).filter((o): o is number => o !== null)),
    roasting_orders: unique(
      movements
        .filter((m) => m.entry.reason === 'roast_in' || m.entry.reason === 'roast_out')
        .map((m) => m.entry.orderId)
        .filter((o): o is number => o !== null),
    ),
    moisture_pct: lot.moisturePct,
    density_g_per_l: lot.densityGPerL,
  };
}

/**
 * Backward from an order: the roasted lots packed for it (a packing order) or made by its
 * batches (a roasting order), and the green lots they were roasted from.
 */
export async function traceOrder(ctx: LedgerContext, orderId: number): Promise<OrderTrace> {
  const { db, repo } = ctx;
  const packedFor = await repo.entriesFor(db, 'pack', { orderIds: [orderId] });
  const packed =
    packedFor.length > 0
      ? packedFor
      : (await repo.entriesFor(db, 'roast_out', { orderIds: [orderId] })).filter(
          (r) => r.entry.fromDevice === null,
        );
  const roastedLotIds = unique(packed.map((p) => p.entry.lotId));
  const roastedOut = await repo.entriesFor(db, 'roast_out', { lotIds: roastedLotIds });
  const batches = unique(
    roastedOut.map((r) => r.entry.batchId).filter((b): b is number => b !== null),
  );
  const roastedIn = await repo.entriesFor(db, 'roast_in', { batchIds: batches });
  return {
    order_id: orderId,
    roasted_lots: sumByLot(packed),
    batches: await traceBatches(ctx, batches, roastedOut),
    green_lots: sumByLot(roastedIn).map((l) => ({
      ...l,
      bean_name: roastedIn.find((r) => r.lotNumber === l.lot_number)?.beanName ?? '',
    })),
  };
}
