import { asc, eq } from 'drizzle-orm';
import { alarmTexts, devices, type Database } from '@roastery/db';

export type AlarmTextRow = typeof alarmTexts.$inferSelect;

export class AlarmTextRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  list(deviceRef: number): Promise<AlarmTextRow[]> {
    return this.#db
      .select()
      .from(alarmTexts)
      .where(eq(alarmTexts.deviceId, deviceRef))
      .orderBy(asc(alarmTexts.index));
  }

  async findById(id: number): Promise<AlarmTextRow | undefined> {
    const [row] = await this.#db.select().from(alarmTexts).where(eq(alarmTexts.id, id));
    return row;
  }

  /** The name of the device a text belongs to, as the events log names the text. */
  async deviceNameOf(id: number): Promise<string | undefined> {
    const [row] = await this.#db
      .select({ name: devices.name })
      .from(alarmTexts)
      .innerJoin(devices, eq(devices.id, alarmTexts.deviceId))
      .where(eq(alarmTexts.id, id));
    return row?.name;
  }

  all(): Promise<AlarmTextRow[]> {
    return this.#db.select().from(alarmTexts);
  }

  async insert(row: typeof alarmTexts.$inferInsert): Promise<AlarmTextRow> {
    const [created] = await this.#db.insert(alarmTexts).values(row).returning();
    if (!created) throw new Error('insert returned no row');
    return created;
  }

  async update(
    id: number,
    patch: { index: number; message: string },
  ): Promise<AlarmTextRow | undefined> {
    const [row] = await this.#db
      .update(alarmTexts)
      .set(patch)
      .where(eq(alarmTexts.id, id))
      .returning();
    return row;
  }

  async delete(id: number): Promise<boolean> {
    return (
      (
        await this.#db
          .delete(alarmTexts)
          .where(eq(alarmTexts.id, id))
          .returning({ id: alarmTexts.id })
      ).length > 0
    );
  }

  /** Replaces every alarm text of one device with those of another, in one transaction. */
  async replaceAll(fromRef: number, toRef: number): Promise<number> {
    return this.#db.transaction(async (tx) => {
      const source = await tx.select().from(alarmTexts).where(eq(alarmTexts.deviceId, fromRef));
      await tx.delete(alarmTexts).where(eq(alarmTexts.deviceId, toRef));
      if (source.length) {
        await tx
          .insert(alarmTexts)
          .values(source.map((r) => ({ deviceId: toRef, index: r.index, message: r.message })));
      }
      return source.length;
    });
  }
}
