import { asc, eq } from 'drizzle-orm';
import { deviceStatuses, type Database } from '@roastery/db';

export type DeviceStatusRow = typeof deviceStatuses.$inferSelect;
export type NewDeviceStatusRow = typeof deviceStatuses.$inferInsert;

export class DeviceStatusRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  list(): Promise<DeviceStatusRow[]> {
    return this.#db.select().from(deviceStatuses).orderBy(asc(deviceStatuses.ledId));
  }

  async insert(row: NewDeviceStatusRow): Promise<DeviceStatusRow> {
    const [created] = await this.#db.insert(deviceStatuses).values(row).returning();
    if (!created) throw new Error('insert returned no row');
    return created;
  }

  async update(id: number, row: NewDeviceStatusRow): Promise<DeviceStatusRow | undefined> {
    const [updated] = await this.#db
      .update(deviceStatuses)
      .set(row)
      .where(eq(deviceStatuses.id, id))
      .returning();
    return updated;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.#db
      .delete(deviceStatuses)
      .where(eq(deviceStatuses.id, id))
      .returning({ id: deviceStatuses.id });
    return rows.length > 0;
  }
}
