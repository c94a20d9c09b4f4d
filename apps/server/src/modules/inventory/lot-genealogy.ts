import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { deviceLots, devices, ledgerEntries, lots, orders, type Executor } from '@roastery/db';
import type { LedgerContext } from './ledger-context.ts';
import { unique } from './unique.ts';

/** A lot as the genealogy names it. */
export interface GenealogyLot {
  id: number;
  lotNumber: string;
  kind: 'green' | 'roasted';
}

/** What one device holds of one lot now, in hundredths of a pound. */
export interface GenealogyHolding {
  lotId: number;
  device: string;
  centiLbs: number;
}

/** What was packed of one roasted lot for one order. */
export interface GenealogyPack {
  lotId: number;
  lotNumber: string;
  orderId: number | null;
  customer: string;
  centiLbs: number;
  packedAt: Date;
}

/**
 * A lot forward through the ledger: the lot, the roasted lots made from it (for a green lot,
 * every roasted lot of every batch that charged it, blends included; for a roasted lot, itself),
 * where the lot and those roasted lots are now, and what of the roasted lots was packed.
 */
export interface LotGenealogy {
  lot: GenealogyLot;
  roasted: GenealogyLot[];
  holdings: GenealogyHolding[];
  packs: GenealogyPack[];
}

async function roastedLotsOf(tx: Executor, greenLotId: number): Promise<GenealogyLot[]> {
  const charged = await tx
    .selectDistinct({ batchId: ledgerEntries.batchId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.lotId, greenLotId), eq(ledgerEntries.reason, 'roast_in')));
  const batchIds = unique(charged.map((c) => c.batchId).filter((b): b is number => b !== null));
  if (!batchIds.length) return [];
  // The roast_out row from no device is the roasted lot entering its bin (ledger-trace.ts).
  return tx
    .selectDistinct({ id: lots.id, lotNumber: lots.lotNumber, kind: lots.kind })
    .from(ledgerEntries)
    .innerJoin(lots, eq(lots.id, ledgerEntries.lotId))
    .where(
      and(
        eq(ledgerEntries.reason, 'roast_out'),
        isNull(ledgerEntries.fromDevice),
        inArray(ledgerEntries.batchId, batchIds),
      ),
    )
    .orderBy(asc(lots.id));
}

async function holdingsOf(tx: Executor, lotIds: number[]): Promise<GenealogyHolding[]> {
  const rows = await tx
    .select({
      lotId: deviceLots.lotId,
      device: devices.name,
      centi: sql<string>`sum(${deviceLots.centiLbs})`,
    })
    .from(deviceLots)
    .innerJoin(devices, eq(devices.id, deviceLots.deviceId))
    .where(inArray(deviceLots.lotId, lotIds))
    .groupBy(deviceLots.lotId, devices.id, devices.name)
    .orderBy(asc(deviceLots.lotId), asc(devices.id));
  return rows.map((r) => ({ lotId: r.lotId, device: r.device, centiLbs: Number(r.centi) }));
}

async function packsOf(tx: Executor, lotIds: number[]): Promise<GenealogyPack[]> {
  if (!lotIds.length) return [];
  const packedAt = sql<Date>`max(${ledgerEntries.at})`.mapWith(ledgerEntries.at);
  const rows = await tx
    .select({
      lotId: ledgerEntries.lotId,
      lotNumber: lots.lotNumber,
      orderId: ledgerEntries.orderId,
      customer: orders.customer,
      centi: sql<string>`sum(${ledgerEntries.centiLbs})`,
      packedAt,
    })
    .from(ledgerEntries)
    .innerJoin(lots, eq(lots.id, ledgerEntries.lotId))
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(and(eq(ledgerEntries.reason, 'pack'), inArray(ledgerEntries.lotId, lotIds)))
    .groupBy(ledgerEntries.lotId, lots.lotNumber, ledgerEntries.orderId, orders.customer)
    .orderBy(packedAt, ledgerEntries.orderId);
  return rows.map((r) => ({
    lotId: r.lotId,
    lotNumber: r.lotNumber,
    orderId: r.orderId,
    customer: r.customer ?? '',
    centiLbs: Number(r.centi),
    packedAt: r.packedAt,
  }));
}

/** The lot's genealogy forward, read inside the caller's transaction when given one. */
export async function lotGenealogy(
  ctx: LedgerContext,
  lotNumber: string,
  tx: Executor = ctx.db,
): Promise<LotGenealogy | undefined> {
  const [lot] = await tx
    .select({ id: lots.id, lotNumber: lots.lotNumber, kind: lots.kind })
    .from(lots)
    .where(eq(lots.lotNumber, lotNumber));
  if (!lot) return undefined;
  const roasted = lot.kind === 'green' ? await roastedLotsOf(tx, lot.id) : [lot];
  const roastedIds = roasted.map((r) => r.id);
  const holdings = await holdingsOf(tx, unique([lot.id, ...roastedIds]));
  return { lot, roasted, holdings, packs: await packsOf(tx, roastedIds) };
}
