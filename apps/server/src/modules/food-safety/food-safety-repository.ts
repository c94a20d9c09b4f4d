import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  foodSafetyCorrectiveActions as actions,
  foodSafetyDaySignatures as signatures,
  foodSafetyDeviations as deviations,
  foodSafetyLimits as limits,
  foodSafetyMonitoring as monitoring,
  foodSafetyPackingChecks as packingChecks,
  lots,
  orderBatches,
  orders,
  products,
  qualitySpecs,
  users,
  type Database,
  type Executor,
} from '@roastery/db';

export type LimitsRow = typeof limits.$inferSelect;
export type LimitsFields = Omit<typeof limits.$inferInsert, 'productId' | 'updatedAt'>;
export type MonitoringRow = typeof monitoring.$inferSelect;
export type NewMonitoring = typeof monitoring.$inferInsert;
export type DeviationRow = typeof deviations.$inferSelect;
export type NewDeviation = typeof deviations.$inferInsert;
export type ActionRow = typeof actions.$inferSelect;
export type NewAction = typeof actions.$inferInsert;
export type PackingCheckRow = typeof packingChecks.$inferSelect;
export type NewPackingCheck = typeof packingChecks.$inferInsert;
export type SignatureRow = typeof signatures.$inferSelect;
export type NewSignature = typeof signatures.$inferInsert;

/** A roasted batch as its monitoring record names it. */
export interface BatchFacts {
  batchId: number;
  batchSeq: number;
  orderId: number;
  lotId: number | null;
  lotNumber: string | null;
  productId: number;
  productName: string;
  /** The order's owner: the person who created the order its batch ran for. */
  person: string | null;
}

/** A day's records, each list in the order they were written. */
export interface DayRows {
  monitoring: MonitoringRow[];
  deviations: DeviationRow[];
  actions: ActionRow[];
  packingChecks: PackingCheckRow[];
}

async function one<T>(rows: Promise<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

async function insertedId(rows: Promise<{ id: number }[]>): Promise<number> {
  const row = await one(rows);
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * The food-safety record book's SQL: its own tables (append-only, but for the limits), and reads
 * of the batches, lots, orders, products and quality specifications that other areas own.
 */
export class FoodSafetyRepository {
  readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async productName(productId: number): Promise<string | undefined> {
    const q = this.db.select({ name: products.name }).from(products);
    return (await one(q.where(eq(products.id, productId))))?.name;
  }

  limits(productId: number): Promise<LimitsRow | undefined> {
    return one(this.db.select().from(limits).where(eq(limits.productId, productId)));
  }

  /** The colour bounds of the product's quality specification, which the quality area keeps. */
  colourBounds(productId: number) {
    return one(
      this.db
        .select({ colourMin: qualitySpecs.colourMin, colourMax: qualitySpecs.colourMax })
        .from(qualitySpecs)
        .where(eq(qualitySpecs.productId, productId)),
    );
  }

  async saveLimits(productId: number, fields: LimitsFields): Promise<void> {
    const values = { ...fields, updatedAt: new Date() };
    await this.db
      .insert(limits)
      .values({ productId, ...values })
      .onConflictDoUpdate({ target: limits.productId, set: values });
  }

  batchFacts(batchId: number): Promise<BatchFacts | undefined> {
    return one(
      this.db
        .select({
          batchId: orderBatches.id,
          batchSeq: orderBatches.seq,
          orderId: orders.id,
          lotId: lots.id,
          lotNumber: lots.lotNumber,
          productId: products.id,
          productName: products.name,
          person: users.fullName,
        })
        .from(orderBatches)
        .innerJoin(orders, eq(orders.id, orderBatches.orderId))
        .innerJoin(products, eq(products.id, orders.productId))
        .leftJoin(lots, eq(lots.id, orderBatches.roastedLotId))
        .leftJoin(users, eq(users.id, orders.createdBy))
        .where(eq(orderBatches.id, batchId)),
    );
  }

  packingOrder(orderId: number) {
    return one(
      this.db
        .select({ id: orders.id, kind: orders.kind, productName: products.name })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(eq(orders.id, orderId)),
    );
  }

  insertMonitoring(tx: Executor, row: NewMonitoring): Promise<number> {
    return insertedId(tx.insert(monitoring).values(row).returning({ id: monitoring.id }));
  }

  insertDeviation(tx: Executor, row: NewDeviation): Promise<number> {
    return insertedId(tx.insert(deviations).values(row).returning({ id: deviations.id }));
  }

  insertAction(tx: Executor, row: NewAction): Promise<number> {
    return insertedId(tx.insert(actions).values(row).returning({ id: actions.id }));
  }

  insertPackingCheck(tx: Executor, row: NewPackingCheck): Promise<number> {
    return insertedId(tx.insert(packingChecks).values(row).returning({ id: packingChecks.id }));
  }

  insertSignature(tx: Executor, row: NewSignature): Promise<number> {
    return insertedId(tx.insert(signatures).values(row).returning({ id: signatures.id }));
  }

  monitoring(id: number): Promise<MonitoringRow | undefined> {
    return one(this.db.select().from(monitoring).where(eq(monitoring.id, id)));
  }

  packingCheck(id: number): Promise<PackingCheckRow | undefined> {
    return one(this.db.select().from(packingChecks).where(eq(packingChecks.id, id)));
  }

  deviation(id: number, tx: Executor = this.db): Promise<DeviationRow | undefined> {
    return one(tx.select().from(deviations).where(eq(deviations.id, id)));
  }

  /** One query after another: a transaction's connection runs one at a time. */
  async day(day: string, tx: Executor = this.db): Promise<DayRows> {
    return {
      monitoring: await tx
        .select()
        .from(monitoring)
        .where(eq(monitoring.day, day))
        .orderBy(asc(monitoring.id)),
      deviations: await tx
        .select()
        .from(deviations)
        .where(eq(deviations.day, day))
        .orderBy(asc(deviations.id)),
      actions: await tx.select().from(actions).where(eq(actions.day, day)).orderBy(asc(actions.id)),
      packingChecks: await tx
        .select()
        .from(packingChecks)
        .where(eq(packingChecks.day, day))
        .orderBy(asc(packingChecks.id)),
    };
  }

  signatures(day: string, tx: Executor = this.db): Promise<SignatureRow[]> {
    return tx.select().from(signatures).where(eq(signatures.day, day)).orderBy(asc(signatures.id));
  }

  monitoringOfBatch(batchId: number): Promise<MonitoringRow[]> {
    return this.db
      .select()
      .from(monitoring)
      .where(eq(monitoring.batchId, batchId))
      .orderBy(asc(monitoring.id));
  }

  deviationsOfMonitoring(ids: number[]): Promise<DeviationRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(deviations)
      .where(inArray(deviations.monitoringId, ids))
      .orderBy(asc(deviations.id));
  }

  actionsOf(deviationIds: number[], tx: Executor = this.db): Promise<ActionRow[]> {
    if (deviationIds.length === 0) return Promise.resolve([]);
    return tx.select().from(actions).where(inArray(actions.deviationId, deviationIds));
  }

  /** Deviations without a corrective action, of one lot or of every lot, oldest first. */
  openDeviations(lotId?: number, tx: Executor = this.db): Promise<DeviationRow[]> {
    return tx
      .select({ deviation: deviations })
      .from(deviations)
      .leftJoin(actions, eq(actions.deviationId, deviations.id))
      .where(and(isNull(actions.id), lotId === undefined ? undefined : eq(deviations.lotId, lotId)))
      .orderBy(asc(deviations.id))
      .then((rows) => rows.map((r) => r.deviation));
  }
}
