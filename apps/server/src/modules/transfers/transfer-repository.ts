import { and, asc, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  devices,
  deviceTypes,
  transferRoutes,
  transfers,
  users,
  type Database,
  type Executor,
} from '@roastery/db';

export type TransferStatus = (typeof transfers.$inferSelect)['status'];
export type TransferRow = Awaited<ReturnType<TransferRepository['list']>>[number];
export type RouteRow = Awaited<ReturnType<TransferRepository['routes']>>[number];

const source = alias(devices, 'source');
const target = alias(devices, 'target');
const conveyor = alias(devices, 'conveyor');

export class TransferRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  list(where?: { statuses?: TransferStatus[]; id?: number; runId?: string; stalled?: boolean }) {
    const conditions: (SQL | undefined)[] = [
      where?.statuses ? inArray(transfers.status, where.statuses) : undefined,
      where?.id !== undefined ? eq(transfers.id, where.id) : undefined,
      where?.runId !== undefined ? eq(transfers.runId, where.runId) : undefined,
      where?.stalled ? isNotNull(transfers.stalledSince) : undefined,
    ];
    return this.#db
      .select({
        transfer: transfers,
        sourceCode: source.deviceId,
        sourceName: source.name,
        targetCode: target.deviceId,
        targetName: target.name,
        conveyorCode: conveyor.deviceId,
        requestedBy: users.fullName,
      })
      .from(transfers)
      .innerJoin(source, eq(source.id, transfers.sourceDevice))
      .innerJoin(target, eq(target.id, transfers.targetDevice))
      .innerJoin(conveyor, eq(conveyor.id, transfers.conveyorDevice))
      .leftJoin(users, eq(users.id, transfers.requestedBy))
      .where(and(...conditions))
      .orderBy(desc(transfers.createdAt), desc(transfers.id));
  }

  async find(id: number): Promise<TransferRow | undefined> {
    return (await this.list({ id }))[0];
  }

  async insert(row: typeof transfers.$inferInsert): Promise<number> {
    const [created] = await this.#db.insert(transfers).values(row).returning({ id: transfers.id });
    if (!created) throw new Error('insert returned no row');
    return created.id;
  }

  /** Changes a transfer only while it is in one of `from`; false when it was not. */
  async update(
    id: number,
    from: TransferStatus[],
    patch: Partial<typeof transfers.$inferInsert>,
    db: Executor = this.#db,
  ): Promise<boolean> {
    const rows = await db
      .update(transfers)
      .set(patch)
      .where(and(eq(transfers.id, id), inArray(transfers.status, from)))
      .returning({ id: transfers.id });
    return rows.length > 0;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.#db
      .delete(transfers)
      .where(and(eq(transfers.id, id), eq(transfers.status, 'pending')))
      .returning({ id: transfers.id });
    return rows.length > 0;
  }

  /** Every route of every conveyor, with the devices at both ends. */
  routes() {
    return this.#db
      .select({
        conveyorRef: conveyor.id,
        conveyorCode: conveyor.deviceId,
        conveyorName: conveyor.name,
        routeNo: transferRoutes.routeNo,
        deviceRef: devices.id,
        deviceCode: devices.deviceId,
        deviceName: devices.name,
        capacity: devices.capacity,
        typeName: deviceTypes.name,
      })
      .from(transferRoutes)
      .innerJoin(conveyor, eq(conveyor.id, transferRoutes.conveyorDevice))
      .innerJoin(devices, eq(devices.id, transferRoutes.device))
      .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
      .orderBy(asc(conveyor.id), asc(transferRoutes.routeNo));
  }

  /** Replaces a conveyor's route table. */
  async replaceRoutes(conveyorRef: number, routes: { routeNo: number; device: number }[]) {
    await this.#db.transaction(async (tx) => {
      await tx.delete(transferRoutes).where(eq(transferRoutes.conveyorDevice, conveyorRef));
      if (routes.length)
        await tx
          .insert(transferRoutes)
          .values(routes.map((r) => ({ conveyorDevice: conveyorRef, ...r })));
    });
  }

  /** Transfers naming a device, so the device cannot be deleted under them. */
  async idsUsing(deviceCode: string): Promise<number[]> {
    const rows = await this.list();
    return rows
      .filter((r) => [r.sourceCode, r.targetCode, r.conveyorCode].includes(deviceCode))
      .map((r) => r.transfer.id);
  }
}
