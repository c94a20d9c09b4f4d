import { and, asc, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import {
  lots,
  orderBatches,
  orders,
  products,
  qualityLotStatus,
  qualityResults,
  qualitySignatures,
  qualitySpecs,
  type Database,
  type Executor,
} from '@roastery/db';
import type { LotQualityStatus } from '@roastery/contract';

export type SpecRow = typeof qualitySpecs.$inferSelect;
export type SpecFields = Omit<typeof qualitySpecs.$inferInsert, 'productId' | 'updatedAt'>;
export type ResultRow = typeof qualityResults.$inferSelect;
export type NewResult = typeof qualityResults.$inferInsert;
export type SignatureRow = typeof qualitySignatures.$inferSelect;
export type NewSignature = typeof qualitySignatures.$inferInsert;
export type StatusFields = Partial<
  Omit<typeof qualityLotStatus.$inferInsert, 'lotId' | 'updatedAt'>
>;

/** The newest roasted lots a list shows: a plant roasting 40 batches a day fills it in 12 days. */
export const LOT_LIST_LIMIT = 500;

const lotColumns = {
  lotId: lots.id,
  lotNumber: lots.lotNumber,
  batchId: orderBatches.id,
  batchSeq: orderBatches.seq,
  orderId: orders.id,
  productId: products.id,
  productName: products.name,
  status: qualityLotStatus.status,
  reason: qualityLotStatus.reason,
  needsSecond: qualityLotStatus.needsSecond,
  firstRelease: qualityLotStatus.firstRelease,
};

/** A roasted lot with its batch, order and product (none for a lot booked by hand). */
export type LotRow = {
  lotId: number;
  lotNumber: string;
  batchId: number | null;
  batchSeq: number | null;
  orderId: number | null;
  productId: number | null;
  productName: string | null;
  /** Null while the lot has no status row: pending. */
  status: LotQualityStatus | null;
  reason: string | null;
  needsSecond: boolean | null;
  firstRelease: number | null;
};

/**
 * The quality area's SQL: its own tables, and reads of the roasted lots, their batches, orders
 * and products, which other areas own.
 */
export class QualityRepository {
  readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async productName(productId: number): Promise<string | undefined> {
    const [row] = await this.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, productId));
    return row?.name;
  }

  async spec(productId: number, tx: Executor = this.db): Promise<SpecRow | undefined> {
    const [row] = await tx.select().from(qualitySpecs).where(eq(qualitySpecs.productId, productId));
    return row;
  }

  async saveSpec(productId: number, fields: SpecFields): Promise<void> {
    const values = { ...fields, updatedAt: new Date() };
    await this.db
      .insert(qualitySpecs)
      .values({ productId, ...values })
      .onConflictDoUpdate({ target: qualitySpecs.productId, set: values });
  }

  #lots(tx: Executor, where: SQL | undefined) {
    return tx
      .select(lotColumns)
      .from(lots)
      .leftJoin(orderBatches, eq(orderBatches.roastedLotId, lots.id))
      .leftJoin(orders, eq(orders.id, orderBatches.orderId))
      .leftJoin(products, eq(products.id, orders.productId))
      .leftJoin(qualityLotStatus, eq(qualityLotStatus.lotId, lots.id))
      .where(and(eq(lots.kind, 'roasted'), where));
  }

  /** The newest roasted lots first; a status of pending includes the lots without a row. */
  listLots(status: LotQualityStatus | undefined): Promise<LotRow[]> {
    const filter =
      status === undefined
        ? undefined
        : status === 'pending'
          ? or(isNull(qualityLotStatus.status), eq(qualityLotStatus.status, 'pending'))
          : eq(qualityLotStatus.status, status);
    return this.#lots(this.db, filter).orderBy(desc(lots.id)).limit(LOT_LIST_LIMIT);
  }

  async lot(lotId: number, tx: Executor = this.db): Promise<LotRow | undefined> {
    const [row] = await this.#lots(tx, eq(lots.id, lotId));
    return row;
  }

  /** The roasted lots among these, with their status row when they have one. */
  statusOf(lotIds: readonly number[]) {
    return this.db
      .select({
        lotId: lots.id,
        lotNumber: lots.lotNumber,
        status: qualityLotStatus.status,
        reason: qualityLotStatus.reason,
      })
      .from(lots)
      .leftJoin(qualityLotStatus, eq(qualityLotStatus.lotId, lots.id))
      .where(and(eq(lots.kind, 'roasted'), inArray(lots.id, [...lotIds])));
  }

  async lotOfBatch(batchId: number, tx: Executor = this.db): Promise<LotRow | undefined> {
    const [row] = await this.#lots(tx, eq(orderBatches.id, batchId));
    return row;
  }

  /**
   * Holds the lot's status row until the transaction ends, creating it (pending) first, so that
   * two decisions or a decision and a result on one lot take turns.
   */
  async lockLot(tx: Executor, lotId: number): Promise<void> {
    await tx
      .insert(qualityLotStatus)
      .values({ lotId, status: 'pending' })
      .onConflictDoNothing({ target: qualityLotStatus.lotId });
    await tx
      .select({ lotId: qualityLotStatus.lotId })
      .from(qualityLotStatus)
      .where(eq(qualityLotStatus.lotId, lotId))
      .for('update');
  }

  async setStatus(tx: Executor, lotId: number, fields: StatusFields): Promise<void> {
    await tx
      .update(qualityLotStatus)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(qualityLotStatus.lotId, lotId));
  }

  results(lotIds: number[], tx: Executor = this.db): Promise<ResultRow[]> {
    if (!lotIds.length) return Promise.resolve([]);
    return tx
      .select()
      .from(qualityResults)
      .where(inArray(qualityResults.lotId, lotIds))
      .orderBy(asc(qualityResults.id));
  }

  async insertResult(tx: Executor, result: NewResult): Promise<void> {
    await tx.insert(qualityResults).values(result);
  }

  signatures(lotIds: number[], tx: Executor = this.db): Promise<SignatureRow[]> {
    if (!lotIds.length) return Promise.resolve([]);
    return tx
      .select()
      .from(qualitySignatures)
      .where(inArray(qualitySignatures.lotId, lotIds))
      .orderBy(asc(qualitySignatures.id));
  }

  async signature(tx: Executor, id: number): Promise<SignatureRow | undefined> {
    const [row] = await tx.select().from(qualitySignatures).where(eq(qualitySignatures.id, id));
    return row;
  }

  async insertSignature(tx: Executor, signature: NewSignature): Promise<number> {
    const [row] = await tx
      .insert(qualitySignatures)
      .values(signature)
      .returning({ id: qualitySignatures.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }
}
