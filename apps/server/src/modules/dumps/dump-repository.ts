import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  beans,
  devices,
  deviceTypes,
  dumps,
  lots,
  type Database,
  type Executor,
} from '@roastery/db';

export type DumpRow = Awaited<ReturnType<DumpRepository['list']>>[number];
export type DumpStatus = (typeof dumps.$inferSelect)['status'];

export class DumpRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  list(where?: { statuses?: DumpStatus[]; id?: number; runId?: string }) {
    const conditions: (SQL | undefined)[] = [
      where?.statuses ? inArray(dumps.status, where.statuses) : undefined,
      where?.id !== undefined ? eq(dumps.id, where.id) : undefined,
      where?.runId !== undefined ? eq(dumps.runId, where.runId) : undefined,
    ];
    return this.#db
      .select({
        dump: dumps,
        lotNumber: lots.lotNumber,
        moisturePct: lots.moisturePct,
        densityGPerL: lots.densityGPerL,
        supplier: lots.supplier,
        supplierLot: lots.supplierLot,
        beanName: beans.name,
        deviceCode: devices.deviceId,
        deviceName: devices.name,
        deviceType: deviceTypes.name,
      })
      .from(dumps)
      .innerJoin(lots, eq(lots.id, dumps.lotId))
      .innerJoin(beans, eq(beans.id, dumps.beanId))
      .innerJoin(devices, eq(devices.id, dumps.targetDevice))
      .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
      .where(and(...conditions))
      .orderBy(desc(dumps.createdAt), desc(dumps.id));
  }

  async find(id: number): Promise<DumpRow | undefined> {
    return (await this.list({ id }))[0];
  }

  async insert(row: typeof dumps.$inferInsert): Promise<number> {
    const [created] = await this.#db.insert(dumps).values(row).returning({ id: dumps.id });
    if (!created) throw new Error('insert returned no row');
    return created.id;
  }

  /** Moves a dump from one of `from` to a new status; false when it was not in one of them. */
  async transition(
    id: number,
    from: DumpStatus[],
    patch: Partial<typeof dumps.$inferInsert> & { status: DumpStatus },
    db: Executor = this.#db,
  ): Promise<boolean> {
    const rows = await db
      .update(dumps)
      .set(patch)
      .where(and(eq(dumps.id, id), inArray(dumps.status, from)))
      .returning({ id: dumps.id });
    return rows.length > 0;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.#db
      .delete(dumps)
      .where(and(eq(dumps.id, id), eq(dumps.status, 'pending')))
      .returning({ id: dumps.id });
    return rows.length > 0;
  }

  devicesOfType(typeName: string) {
    return this.#db
      .select({
        id: devices.id,
        code: devices.deviceId,
        name: devices.name,
        capacity: devices.capacity,
      })
      .from(devices)
      .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
      .where(and(eq(deviceTypes.name, typeName), eq(devices.virtual, false)))
      .orderBy(devices.id);
  }
}
