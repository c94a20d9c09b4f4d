import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  beans,
  devices,
  ledgerEntries,
  lots,
  orderBatches,
  orders,
  products,
  roastProfiles,
  roastRecords,
  type Database,
} from '@roastery/db';
import type { RoastRecordListQuery } from '@roastery/contract';

export type RecordRow = typeof roastRecords.$inferSelect;
export type NewRecordRow = typeof roastRecords.$inferInsert;

/** What a summary shows besides the record: its roaster, and its batch's order and profile. */
const summaryColumns = {
  id: roastRecords.id,
  roaster: devices.deviceId,
  roasterName: devices.name,
  batchId: roastRecords.batchId,
  orderId: orderBatches.orderId,
  batchSeq: orderBatches.seq,
  productId: products.id,
  productName: products.name,
  profileId: orderBatches.roastProfileId,
  profileName: roastProfiles.name,
  profileVersion: orderBatches.roastProfileVersion,
  chargedAt: roastRecords.chargedAt,
  droppedAt: roastRecords.droppedAt,
  roastS: roastRecords.roastS,
  endBtF: roastRecords.endBtF,
  greenCenti: roastRecords.greenCenti,
  roastedCenti: roastRecords.roastedCenti,
  colour: roastRecords.colour,
  roastedMoisturePct: roastRecords.roastedMoisturePct,
  greenMoisturePct: roastRecords.greenMoisturePct,
  greenDensityGPerL: roastRecords.greenDensityGPerL,
  events: roastRecords.events,
  phases: roastRecords.phases,
  deviationRmsF: roastRecords.deviationRmsF,
  deviationMaxF: roastRecords.deviationMaxF,
};

export type SummaryRow = Awaited<ReturnType<RoastRecordsRepository['summaries']>>[number];

/** The batch a record is linked to: its order and the profile version it ran. */
export interface BatchOfRecord {
  orderId: number;
  profileId: number | null;
  profileVersion: number | null;
}

/** The only SQL of the roast records. */
export class RoastRecordsRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async roasterRef(code: string): Promise<number | undefined> {
    const [row] = await this.#db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.deviceId, code));
    return row?.id;
  }

  async insert(row: NewRecordRow): Promise<number> {
    const [created] = await this.#db
      .insert(roastRecords)
      .values(row)
      .returning({ id: roastRecords.id });
    if (!created) throw new Error('the roast record was not stored');
    return created.id;
  }

  async update(id: number, patch: Partial<NewRecordRow>): Promise<void> {
    await this.#db.update(roastRecords).set(patch).where(eq(roastRecords.id, id));
  }

  async find(id: number): Promise<RecordRow | undefined> {
    const [row] = await this.#db.select().from(roastRecords).where(eq(roastRecords.id, id));
    return row;
  }

  /** The roaster's first record not yet linked to a batch that dropped at or after `since`. */
  async firstUnlinked(roasterDevice: number, since: Date): Promise<RecordRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(roastRecords)
      .where(
        and(
          eq(roastRecords.roasterDevice, roasterDevice),
          isNull(roastRecords.batchId),
          gte(roastRecords.droppedAt, since),
        ),
      )
      .orderBy(asc(roastRecords.droppedAt))
      .limit(1);
    return row;
  }

  async batch(batchId: number): Promise<BatchOfRecord | undefined> {
    const [row] = await this.#db
      .select({
        orderId: orderBatches.orderId,
        profileId: orderBatches.roastProfileId,
        profileVersion: orderBatches.roastProfileVersion,
      })
      .from(orderBatches)
      .where(eq(orderBatches.id, batchId));
    return row;
  }

  async recordOfBatch(batchId: number): Promise<number | undefined> {
    const [row] = await this.#db
      .select({ id: roastRecords.id })
      .from(roastRecords)
      .where(eq(roastRecords.batchId, batchId));
    return row?.id;
  }

  async orderExists(orderId: number): Promise<boolean> {
    const [row] = await this.#db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, orderId));
    return row !== undefined;
  }

  /** Summaries, newest charge first. */
  summaries(filter: Partial<RoastRecordListQuery> & { id?: number }, limit = 100) {
    const where: SQL[] = [];
    if (filter.id !== undefined) where.push(eq(roastRecords.id, filter.id));
    if (filter.roaster) where.push(sql`lower(${devices.deviceId}) = lower(${filter.roaster})`);
    if (filter.product_id !== undefined) where.push(eq(orders.productId, filter.product_id));
    if (filter.order_id !== undefined) where.push(eq(orderBatches.orderId, filter.order_id));
    if (filter.from) where.push(gte(roastRecords.chargedAt, new Date(filter.from)));
    if (filter.to) where.push(lt(roastRecords.chargedAt, new Date(filter.to)));
    return this.#db
      .select(summaryColumns)
      .from(roastRecords)
      .innerJoin(devices, eq(devices.id, roastRecords.roasterDevice))
      .leftJoin(orderBatches, eq(orderBatches.id, roastRecords.batchId))
      .leftJoin(orders, eq(orders.id, orderBatches.orderId))
      .leftJoin(products, eq(products.id, orders.productId))
      .leftJoin(roastProfiles, eq(roastProfiles.id, orderBatches.roastProfileId))
      .where(and(...where))
      .orderBy(desc(roastRecords.chargedAt), desc(roastRecords.id))
      .limit(limit);
  }

  /** The green lots the batch's roast took in, as the ledger booked them, lbs in hundredths. */
  greenLots(batchId: number) {
    return this.#db
      .select({
        lotNumber: lots.lotNumber,
        beanName: beans.name,
        centi: sql<number>`sum(${ledgerEntries.centiLbs})::bigint`.mapWith(Number),
      })
      .from(ledgerEntries)
      .innerJoin(lots, eq(lots.id, ledgerEntries.lotId))
      .innerJoin(beans, eq(beans.id, lots.beanId))
      .where(and(eq(ledgerEntries.batchId, batchId), eq(ledgerEntries.reason, 'roast_in')))
      .groupBy(lots.lotNumber, beans.name)
      .orderBy(asc(lots.lotNumber));
  }
}
