import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  devices,
  products,
  roastProfileVersions,
  roastProfiles,
  type Database,
} from '@roastery/db';

export type VersionRow = typeof roastProfileVersions.$inferSelect;
/** A version's settings as stored: everything but whose and which version it is. */
export type VersionFields = Omit<VersionRow, 'profileId' | 'version' | 'createdAt'>;

export interface ProfileRow {
  id: number;
  name: string;
  productId: number;
  productName: string;
  roasterCode: string;
  roasterName: string;
}

export interface RoasterRow {
  id: number;
  code: string;
  name: string;
  batchCapacity: number | null;
}

export class RoastProfileRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Profiles by product name, then roaster name. */
  async list(id?: number): Promise<ProfileRow[]> {
    return this.#db
      .select({
        id: roastProfiles.id,
        name: roastProfiles.name,
        productId: roastProfiles.productId,
        productName: products.name,
        roasterCode: devices.deviceId,
        roasterName: devices.name,
      })
      .from(roastProfiles)
      .innerJoin(products, eq(products.id, roastProfiles.productId))
      .innerJoin(devices, eq(devices.id, roastProfiles.roasterDevice))
      .where(id === undefined ? undefined : eq(roastProfiles.id, id))
      .orderBy(asc(sql`lower(${products.name})`), asc(sql`lower(${devices.name})`));
  }

  async find(id: number): Promise<ProfileRow | undefined> {
    return (await this.list(id))[0];
  }

  /** Each profile's latest version, by profile id. */
  async latestVersions(profileIds: number[]): Promise<Map<number, VersionRow>> {
    if (!profileIds.length) return new Map();
    const latest = this.#db
      .select({
        profileId: roastProfileVersions.profileId,
        version: max(roastProfileVersions.version).as('latest'),
      })
      .from(roastProfileVersions)
      .where(inArray(roastProfileVersions.profileId, profileIds))
      .groupBy(roastProfileVersions.profileId)
      .as('latest');
    const rows = await this.#db
      .select({ row: roastProfileVersions })
      .from(roastProfileVersions)
      .innerJoin(
        latest,
        and(
          eq(latest.profileId, roastProfileVersions.profileId),
          eq(latest.version, roastProfileVersions.version),
        ),
      );
    return new Map(rows.map(({ row }) => [row.profileId, row]));
  }

  /** The profile of a product on a roaster (by its code), with its latest version number. */
  async currentOf(
    productId: number,
    roasterCode: string,
  ): Promise<{ id: number; name: string; version: number } | undefined> {
    const [row] = await this.#db
      .select({
        id: roastProfiles.id,
        name: roastProfiles.name,
        version: max(roastProfileVersions.version),
      })
      .from(roastProfiles)
      .innerJoin(devices, eq(devices.id, roastProfiles.roasterDevice))
      .innerJoin(roastProfileVersions, eq(roastProfileVersions.profileId, roastProfiles.id))
      .where(and(eq(roastProfiles.productId, productId), eq(devices.deviceId, roasterCode)))
      .groupBy(roastProfiles.id, roastProfiles.name);
    return row?.version == null ? undefined : { id: row.id, name: row.name, version: row.version };
  }

  /** Names of profiles, by id. */
  async names(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.#db
      .select({ id: roastProfiles.id, name: roastProfiles.name })
      .from(roastProfiles)
      .where(inArray(roastProfiles.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** A profile's versions, newest first. */
  async versions(profileId: number): Promise<VersionRow[]> {
    return this.#db
      .select()
      .from(roastProfileVersions)
      .where(eq(roastProfileVersions.profileId, profileId))
      .orderBy(desc(roastProfileVersions.version));
  }

  async version(profileId: number, version: number): Promise<VersionRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(roastProfileVersions)
      .where(
        and(
          eq(roastProfileVersions.profileId, profileId),
          eq(roastProfileVersions.version, version),
        ),
      );
    return row;
  }

  async products(): Promise<{ id: number; name: string }[]> {
    return this.#db
      .select({ id: products.id, name: products.name })
      .from(products)
      .orderBy(asc(sql`lower(${products.name})`));
  }

  async product(id: number): Promise<{ id: number; name: string } | undefined> {
    const [row] = await this.#db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.id, id));
    return row;
  }

  /** The devices with these codes (any case), with their batch nameplate. */
  async devicesByCode(codes: string[]): Promise<RoasterRow[]> {
    if (!codes.length) return [];
    return this.#db
      .select({
        id: devices.id,
        code: devices.deviceId,
        name: devices.name,
        batchCapacity: devices.batchCapacity,
      })
      .from(devices)
      .where(
        inArray(
          sql`lower(${devices.deviceId})`,
          codes.map((c) => c.toLowerCase()),
        ),
      )
      .orderBy(asc(devices.id));
  }

  /** The profile of a product on a roaster, if it has one. */
  async profileOf(productId: number, roasterDevice: number): Promise<number | undefined> {
    const [row] = await this.#db
      .select({ id: roastProfiles.id })
      .from(roastProfiles)
      .where(
        and(eq(roastProfiles.productId, productId), eq(roastProfiles.roasterDevice, roasterDevice)),
      );
    return row?.id;
  }

  /** A new profile with its version 1, in one transaction; the new profile's id. */
  async create(
    profile: { name: string; productId: number; roasterDevice: number },
    first: VersionFields,
  ): Promise<number> {
    return this.#db.transaction(async (tx) => {
      const [created] = await tx
        .insert(roastProfiles)
        .values(profile)
        .returning({ id: roastProfiles.id });
      if (!created) throw new Error('insert returned no row');
      await tx.insert(roastProfileVersions).values({ ...first, profileId: created.id, version: 1 });
      return created.id;
    });
  }

  /**
   * The profile's next version. The profile's row is locked while the number is taken, so two
   * revisions at once get consecutive numbers instead of the same one.
   */
  async revise(profileId: number, fields: VersionFields): Promise<number> {
    return this.#db.transaction(async (tx) => {
      await tx
        .select({ id: roastProfiles.id })
        .from(roastProfiles)
        .where(eq(roastProfiles.id, profileId))
        .for('update');
      const [latest] = await tx
        .select({ version: max(roastProfileVersions.version) })
        .from(roastProfileVersions)
        .where(eq(roastProfileVersions.profileId, profileId));
      const version = (latest?.version ?? 0) + 1;
      await tx.insert(roastProfileVersions).values({ ...fields, profileId, version });
      return version;
    });
  }
}
