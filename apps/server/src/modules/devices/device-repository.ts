import { and, asc, eq, sql } from 'drizzle-orm';
import {
  deviceBlocks,
  deviceLots,
  deviceModes,
  deviceTags,
  deviceTypes,
  devices,
  type Executor,
} from '@roastery/db';

export type DeviceRow = typeof devices.$inferSelect & { typeName: string; occupancy: number };
export type NewDeviceRow = typeof devices.$inferInsert;
export type DeviceTagRow = typeof deviceTags.$inferSelect;
export type DeviceBlockRow = typeof deviceBlocks.$inferSelect;

const deviceColumns = {
  id: devices.id,
  deviceId: devices.deviceId,
  name: devices.name,
  description: devices.description,
  typeId: devices.typeId,
  stage: devices.stage,
  unit: devices.unit,
  image: devices.image,
  features: devices.features,
  capacity: devices.capacity,
  batchCapacity: devices.batchCapacity,
  idealCycleMinutes: devices.idealCycleMinutes,
  ratedLbsPerHour: devices.ratedLbsPerHour,
  etHighLimitF: devices.etHighLimitF,
  etResetF: devices.etResetF,
  etSafeAction: devices.etSafeAction,
  roastBandF: devices.roastBandF,
  roastBandS: devices.roastBandS,
  /** What the bean ledger says the device holds, in lbs. */
  occupancy:
    sql<number>`coalesce((select sum(${deviceLots.centiLbs}) from ${deviceLots} where ${deviceLots.deviceId} = ${devices.id}), 0) / 100.0`.mapWith(
      Number,
    ),
  virtual: devices.virtual,
  createdAt: devices.createdAt,
  updatedAt: devices.updatedAt,
  typeName: deviceTypes.name,
};

/** Data access for devices, their tags, blocks and requested modes. */
export class DeviceRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** Every device, virtual ones too, in the list's order: by stage, then id. */
  all(): Promise<DeviceRow[]> {
    return this.#db
      .select(deviceColumns)
      .from(devices)
      .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
      .orderBy(asc(devices.stage), asc(devices.id));
  }

  async insert(row: NewDeviceRow, tx?: Executor): Promise<number> {
    const [created] = await (tx ?? this.#db)
      .insert(devices)
      .values(row)
      .returning({ id: devices.id });
    if (!created) throw new Error('insert returned no row');
    return created.id;
  }

  async update(id: number, patch: Partial<NewDeviceRow>, tx?: Executor): Promise<void> {
    await (tx ?? this.#db)
      .update(devices)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(devices.id, id));
  }

  async delete(id: number, tx?: Executor): Promise<void> {
    await (tx ?? this.#db).delete(devices).where(eq(devices.id, id));
  }

  allTags(): Promise<DeviceTagRow[]> {
    return this.#db.select().from(deviceTags);
  }

  async deleteTags(deviceRef: number, tx?: Executor): Promise<void> {
    await (tx ?? this.#db).delete(deviceTags).where(eq(deviceTags.deviceId, deviceRef));
  }

  /** The first coil and register after every address in use (a 32-bit value takes two). */
  async nextFreeBlock(): Promise<{ coil: number; holding: number }> {
    const rows = await this.#db
      .select({
        area: deviceTags.area,
        end: sql<number>`max(${deviceTags.address} + case when ${deviceTags.dataType} in ('uint32', 'int32') then 2 else 1 end)`,
      })
      .from(deviceTags)
      .groupBy(deviceTags.area);
    const end = (area: string) => Number(rows.find((r) => r.area === area)?.end ?? 0);
    return { coil: end('coil'), holding: end('holding') };
  }

  async insertTags(
    deviceRef: number,
    rows: Omit<typeof deviceTags.$inferInsert, 'deviceId'>[],
    tx?: Executor,
  ): Promise<void> {
    if (rows.length) {
      await (tx ?? this.#db)
        .insert(deviceTags)
        .values(rows.map((r) => ({ ...r, deviceId: deviceRef })));
    }
  }

  allBlocks(): Promise<DeviceBlockRow[]> {
    return this.#db.select().from(deviceBlocks).orderBy(asc(deviceBlocks.id));
  }

  async setBlock(deviceRef: number, blockId: number, value: 0 | 1): Promise<boolean> {
    const rows = await this.#db
      .update(deviceBlocks)
      .set({ value })
      .where(and(eq(deviceBlocks.id, blockId), eq(deviceBlocks.deviceId, deviceRef)))
      .returning({ id: deviceBlocks.id });
    return rows.length > 0;
  }

  async insertBlocks(rows: (typeof deviceBlocks.$inferInsert)[], tx?: Executor): Promise<void> {
    if (rows.length) await (tx ?? this.#db).insert(deviceBlocks).values(rows).onConflictDoNothing();
  }

  async requestedModes(): Promise<Map<number, boolean>> {
    const rows = await this.#db.select().from(deviceModes);
    return new Map(rows.map((r) => [r.deviceId, r.requestedManual]));
  }

  async requestMode(deviceRef: number, manual: boolean, userId: number): Promise<void> {
    await this.#db
      .insert(deviceModes)
      .values({
        deviceId: deviceRef,
        requestedManual: manual,
        requestedAt: new Date(),
        requestedBy: userId,
      })
      .onConflictDoUpdate({
        target: deviceModes.deviceId,
        set: { requestedManual: manual, requestedAt: new Date(), requestedBy: userId },
      });
  }

  types() {
    return this.#db.select().from(deviceTypes).orderBy(asc(deviceTypes.id));
  }

  async typeExists(id: number): Promise<boolean> {
    return (await this.#db.$count(deviceTypes, eq(deviceTypes.id, id))) > 0;
  }
}
