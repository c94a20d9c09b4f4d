import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { devices, orderBatches, type BatchDraw, type Database } from '@roastery/db';

/** A batch that has started, with what it drew and the devices it ran on, by code. */
export interface StartedBatch {
  orderId: number;
  seq: number;
  draws: BatchDraw[];
  roasterCode: string | null;
  destinationCode: string | null;
}

/** What the routes of roasting orders are read from: their batches and the devices named. */
export class OrderRouteRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The batches of these orders that have started (a pending one has drawn nothing), in order. */
  startedBatches(orderIds: number[]): Promise<StartedBatch[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    const roaster = alias(devices, 'route_roaster');
    const destination = alias(devices, 'route_destination');
    return this.#db
      .select({
        orderId: orderBatches.orderId,
        seq: orderBatches.seq,
        draws: orderBatches.draws,
        roasterCode: roaster.deviceId,
        destinationCode: destination.deviceId,
      })
      .from(orderBatches)
      .leftJoin(roaster, eq(roaster.id, orderBatches.roasterDevice))
      .leftJoin(destination, eq(destination.id, orderBatches.destinationDevice))
      .where(and(inArray(orderBatches.orderId, orderIds), ne(orderBatches.status, 'pending')))
      .orderBy(asc(orderBatches.orderId), asc(orderBatches.seq));
  }

  /** The planned weight of each order's next pending batch, hundredths of a lb. */
  async nextBatchCenti(orderIds: number[]): Promise<Map<number, number>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.#db
      .selectDistinctOn([orderBatches.orderId], {
        orderId: orderBatches.orderId,
        plannedCenti: orderBatches.plannedCenti,
      })
      .from(orderBatches)
      .where(and(inArray(orderBatches.orderId, orderIds), eq(orderBatches.status, 'pending')))
      .orderBy(asc(orderBatches.orderId), asc(orderBatches.seq));
    return new Map(
      rows.flatMap((r) => (r.plannedCenti === null ? [] : [[r.orderId, r.plannedCenti] as const])),
    );
  }
}
