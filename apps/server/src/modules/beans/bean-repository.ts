import { asc, eq, inArray, sql } from 'drizzle-orm';
import { beanBins, beans, devices, type Database, type Executor } from '@roastery/db';

export type BeanRow = typeof beans.$inferSelect & { bins: { code: string; name: string }[] };

export class BeanRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async list(ids?: number[]): Promise<BeanRow[]> {
    const rows = await this.#db
      .select()
      .from(beans)
      .where(ids ? inArray(beans.id, ids) : undefined)
      .orderBy(asc(beans.name));
    const links = await this.#db
      .select({ beanId: beanBins.beanId, code: devices.deviceId, name: devices.name })
      .from(beanBins)
      .innerJoin(devices, eq(devices.id, beanBins.deviceId))
      .orderBy(asc(devices.id));
    return rows.map((b) => ({
      ...b,
      bins: links.filter((l) => l.beanId === b.id).map((l) => ({ code: l.code, name: l.name })),
    }));
  }

  async find(id: number): Promise<BeanRow | undefined> {
    return (await this.list([id]))[0];
  }

  /** Device ids for codes; codes that name no device are missing from the map. */
  async devicesByCode(codes: string[]): Promise<Map<string, number>> {
    if (!codes.length) return new Map();
    const rows = await this.#db
      .select({ id: devices.id, code: devices.deviceId })
      .from(devices)
      .where(
        inArray(
          sql`lower(${devices.deviceId})`,
          codes.map((c) => c.toLowerCase()),
        ),
      );
    return new Map(rows.map((r) => [r.code.toLowerCase(), r.id]));
  }

  async save(
    id: number | undefined,
    row: Omit<typeof beans.$inferInsert, 'id' | 'createdAt'>,
    deviceIds: number[],
  ): Promise<number> {
    return this.#db.transaction(async (tx: Executor) => {
      let beanId = id;
      if (beanId === undefined) {
        const [created] = await tx.insert(beans).values(row).returning({ id: beans.id });
        if (!created) throw new Error('insert returned no row');
        beanId = created.id;
      } else {
        await tx.update(beans).set(row).where(eq(beans.id, beanId));
        await tx.delete(beanBins).where(eq(beanBins.beanId, beanId));
      }
      if (deviceIds.length) {
        await tx
          .insert(beanBins)
          .values(deviceIds.map((deviceId) => ({ beanId: beanId, deviceId })));
      }
      return beanId;
    });
  }
}
