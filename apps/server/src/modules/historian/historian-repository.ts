import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  historianRollups,
  historianSamples,
  historianState,
  historianTags,
  type Database,
} from '@roastery/db';
import type { PartitionSpan, PartitionedTable } from './partitions.ts';
import type { TagRef } from './sample-filter.ts';

export interface SampleRow {
  tagId: number;
  sampledAt: Date;
  value: number | null;
  /** 0 good, 1 stale, 2 offline. */
  quality: number;
}

export interface StoredTag extends TagRef {
  id: number;
}

export interface HistorianStateRow {
  rawDays: number;
  rollupDays: number;
  foldedUntil: Date | null;
}

/** A row in epoch milliseconds, as every read returns time: the same on both drivers. */
const epochMs = (column: unknown) =>
  sql<number>`(extract(epoch from ${column}) * 1000)::float8`.mapWith(Number);

/** Bound parameters of one statement stay well under PostgreSQL's 65,535. */
const INSERT_CHUNK = 10_000;

const PARTITION_NAME = /^historian_(samples|rollups)_p\d{6,8}$/;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** The historian's SQL: tags, samples, rollups, their partitions and the area's state. */
export class HistorianRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The stored tags with these identities, adding those not stored yet. */
  async ensureTags(refs: readonly TagRef[]): Promise<StoredTag[]> {
    if (refs.length === 0) return [];
    const values = refs.map((r) => ({
      deviceCode: r.device_id,
      kind: r.kind,
      commandId: r.command_id,
    }));
    await this.#db.insert(historianTags).values(values).onConflictDoNothing();
    return this.tags(refs);
  }

  /** The stored tags among these identities. */
  async tags(refs: readonly TagRef[]): Promise<StoredTag[]> {
    if (refs.length === 0) return [];
    const wanted = sql.join(
      refs.map((r) => sql`(${r.device_id}, ${r.kind}, ${r.command_id}::integer)`),
      sql`, `,
    );
    return this.#db
      .select({
        id: historianTags.id,
        device_id: historianTags.deviceCode,
        kind: historianTags.kind,
        command_id: historianTags.commandId,
      })
      .from(historianTags)
      .where(
        sql`(${historianTags.deviceCode}, ${historianTags.kind}, ${historianTags.commandId}) in (${wanted})`,
      );
  }

  /** Many samples in few statements: one multi-row insert per chunk. */
  async insertSamples(rows: readonly SampleRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await this.#db.insert(historianSamples).values(rows.slice(i, i + INSERT_CHUNK));
    }
  }

  /** Creates a partition unless it exists (another server may have made it meanwhile). */
  async createPartition(span: PartitionSpan): Promise<void> {
    if (!PARTITION_NAME.test(span.name)) throw new Error(`Not a historian partition: ${span.name}`);
    await this.#db.execute(
      sql.raw(
        `create table if not exists "${span.name}" partition of "${span.table}" ` +
          `for values from ('${span.from.toISOString()}') to ('${span.to.toISOString()}')`,
      ),
    );
  }

  /** The names of a table's partitions. */
  async partitions(table: PartitionedTable): Promise<string[]> {
    const result = await this.#db.execute(
      sql`select c.relname as name from pg_inherits i
          join pg_class c on c.oid = i.inhrelid
          join pg_class p on p.oid = i.inhparent
          where p.relname = ${table} order by c.relname`,
    );
    return rowsOf<{ name: string }>(result).map((r) => r.name);
  }

  async dropPartition(name: string): Promise<void> {
    if (!PARTITION_NAME.test(name)) throw new Error(`Not a historian partition: ${name}`);
    await this.#db.execute(sql.raw(`drop table if exists "${name}"`));
  }

  /**
   * Folds the good samples of the minutes from `from` to `to` into the rollups, replacing what
   * an earlier fold of the same minutes wrote: folding twice gives the same rows.
   */
  async fold(from: Date, to: Date): Promise<void> {
    await this.#db.execute(sql`
      insert into ${historianRollups} as r ("tag_id", "minute", "min", "max", "avg", "last", "count")
      select "tag_id", date_trunc('minute', "sampled_at" at time zone 'UTC') at time zone 'UTC',
             min("value"), max("value"), avg("value"),
             (array_agg("value" order by "sampled_at" desc))[1], count(*)
      from ${historianSamples}
      where "sampled_at" >= ${from.toISOString()}::timestamptz
        and "sampled_at" < ${to.toISOString()}::timestamptz
        and "quality" = 0 and "value" is not null
      group by 1, 2
      on conflict ("tag_id", "minute") do update set "min" = excluded."min",
        "max" = excluded."max", "avg" = excluded."avg", "last" = excluded."last",
        "count" = excluded."count"`);
  }

  async state(): Promise<HistorianStateRow> {
    const [row] = await this.#db
      .select({
        rawDays: historianState.rawDays,
        rollupDays: historianState.rollupDays,
        foldedUntil: historianState.foldedUntil,
      })
      .from(historianState);
    if (!row) throw new Error('The historian has no state row: migration 0023 did not run.');
    return row;
  }

  async setRetention(rawDays: number, rollupDays: number): Promise<void> {
    await this.#db
      .update(historianState)
      .set({ rawDays, rollupDays })
      .where(eq(historianState.id, 1));
  }

  async setFoldedUntil(at: Date): Promise<void> {
    await this.#db.update(historianState).set({ foldedUntil: at }).where(eq(historianState.id, 1));
  }

  /** The samples of these tags from `from` to `to`, by tag and time. */
  rawPoints(tagIds: readonly number[], from: Date, to: Date) {
    return this.#db
      .select({
        tagId: historianSamples.tagId,
        at: epochMs(historianSamples.sampledAt),
        value: historianSamples.value,
        quality: historianSamples.quality,
      })
      .from(historianSamples)
      .where(
        and(
          inArray(historianSamples.tagId, [...tagIds]),
          gte(historianSamples.sampledAt, from),
          lt(historianSamples.sampledAt, to),
        ),
      )
      .orderBy(asc(historianSamples.tagId), asc(historianSamples.sampledAt));
  }

  /** Each tag's last sample before `from`, looking back no further than `since`. */
  async pointsBefore(tagIds: readonly number[], from: Date, since: Date) {
    const result = await this.#db.execute(sql`
      select distinct on ("tag_id") "tag_id" as "tagId",
             (extract(epoch from "sampled_at") * 1000)::float8 as "at", "value", "quality"
      from ${historianSamples}
      where "tag_id" in (${sql.join(
        tagIds.map((id) => sql`${id}::integer`),
        sql`, `,
      )})
        and "sampled_at" >= ${since.toISOString()}::timestamptz
        and "sampled_at" < ${from.toISOString()}::timestamptz
      order by "tag_id", "sampled_at" desc`);
    return rowsOf<{ tagId: number; at: number; value: number | null; quality: number }>(result).map(
      (r) => ({ ...r, at: Number(r.at), value: r.value === null ? null : Number(r.value) }),
    );
  }

  /** The rollups of these tags from `from` to `to`, merged into buckets of `seconds`. */
  async buckets(tagIds: readonly number[], from: Date, to: Date, seconds: number) {
    // A literal, not a parameter: the grouping and the selected column must be one expression.
    const width = sql.raw(String(Math.trunc(seconds)));
    const bucket = sql`floor(extract(epoch from ${historianRollups.minute}) / ${width})`;
    return this.#db
      .select({
        tagId: historianRollups.tagId,
        at: sql<number>`(${bucket} * ${width} * 1000)::float8`.mapWith(Number),
        min: sql<number>`min(${historianRollups.min})`.mapWith(Number),
        max: sql<number>`max(${historianRollups.max})`.mapWith(Number),
        avg: sql<number>`sum(${historianRollups.avg} * ${historianRollups.count}) / sum(${historianRollups.count})`.mapWith(
          Number,
        ),
        last: sql<number>`(array_agg(${historianRollups.last} order by ${historianRollups.minute} desc))[1]`.mapWith(
          Number,
        ),
        count: sql<number>`sum(${historianRollups.count})::integer`.mapWith(Number),
      })
      .from(historianRollups)
      .where(
        and(
          inArray(historianRollups.tagId, [...tagIds]),
          gte(historianRollups.minute, from),
          lt(historianRollups.minute, to),
        ),
      )
      .groupBy(historianRollups.tagId, bucket)
      .orderBy(asc(historianRollups.tagId), asc(bucket));
  }
}
