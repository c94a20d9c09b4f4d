import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { demoPlant, DemoBinary, DemoInput, type Quality } from '@roastery/contract';
import type { Database } from '@roastery/db';
import { silentLogger } from '../src/lib/silent-logger.ts';
import { PlantCatalog } from '../src/plant/catalog/plant-catalog.ts';
import type { CommandRole } from '../src/plant/catalog/plant-catalog.ts';
import { EventHub } from '../src/plant/hub/event-hub.ts';
import type { IngestOutage } from '../src/modules/historian/historian-ingest.ts';
import { HistorianRepository } from '../src/modules/historian/historian-repository.ts';
import { HISTORIAN_TIMING, HistorianService } from '../src/modules/historian/historian-service.ts';
import type { TagRef } from '../src/modules/historian/sample-filter.ts';

export { rollupPartition, samplePartition } from '../src/modules/historian/partitions.ts';

/** The demo plant's first roaster: a bean probe in °F, a scale in lbs, a phase, a coil. */
export const ROASTER = 'R1';
export const BEAN_TEMPERATURE: TagRef = {
  device_id: ROASTER,
  kind: 'input',
  command_id: DemoInput.BeanTemperature,
};
export const GREEN_WEIGHT: TagRef = {
  device_id: ROASTER,
  kind: 'input',
  command_id: DemoInput.GreenWeight,
};
export const PHASE: TagRef = { device_id: ROASTER, kind: 'input', command_id: DemoInput.Phase };
export const RUNNING: TagRef = {
  device_id: ROASTER,
  kind: 'binary',
  command_id: DemoBinary.Running,
};

/** A historian on a test database, driven by a clock the test moves. */
export interface HistorianBench {
  db: Database;
  hub: EventHub;
  historian: HistorianService;
  repo: HistorianRepository;
  /** Sets the clock (epoch ms). */
  at(ms: number): void;
  /** Publishes a scanned value as the PLC runtime does. */
  value(ref: TagRef, value: number | null, quality?: Quality, role?: CommandRole | null): void;
  /** The stored samples of a tag (all tags when omitted), by time. */
  samples(ref?: TagRef): Promise<{ at: number; value: number | null; quality: number }[]>;
}

/** A fresh historian over `db`, its tables emptied and its partitions dropped. */
export async function historianBench(
  db: Database,
  options: {
    repo?: HistorianRepository;
    logger?: FastifyBaseLogger;
    maxBuffer?: number;
    outage?: IngestOutage;
  } = {},
): Promise<HistorianBench> {
  const repo = options.repo ?? new HistorianRepository(db);
  for (const table of ['historian_samples', 'historian_rollups'] as const) {
    for (const name of await repo.partitions(table)) await repo.dropPartition(name);
  }
  await db.execute(sql`delete from historian_tags`);
  await db.execute(sql`update historian_state set raw_days = 30, rollup_days = 730,
    folded_until = null`);
  let now = 0;
  const hub = new EventHub();
  const catalog = new PlantCatalog(demoPlant);
  const historian = new HistorianService(
    {
      repo,
      catalog: () => Promise.resolve(catalog),
      hub,
      logger: options.logger ?? silentLogger,
      clock: () => now,
      outage: options.outage ?? { began() {}, overflowing() {}, ended() {} },
    },
    { ...HISTORIAN_TIMING, maxBuffer: options.maxBuffer ?? HISTORIAN_TIMING.maxBuffer },
  );
  await historian.refreshCatalog();
  return {
    db,
    hub,
    historian,
    repo,
    at: (ms) => (now = ms),
    value: (ref, value, quality = 'good', role = null) =>
      hub.publish({
        type: 'value',
        device_id: ref.device_id,
        command_kind: ref.kind,
        command_id: ref.command_id,
        role,
        value,
        quality,
        isSame: true,
      }),
    samples: async (ref) => {
      const result = await db.execute(sql`
        select (extract(epoch from s.sampled_at) * 1000)::float8 as at, s.value, s.quality
        from historian_samples s join historian_tags t on t.id = s.tag_id
        where ${ref ? sql`t.device_code = ${ref.device_id} and t.kind = ${ref.kind} and t.command_id = ${ref.command_id}` : sql`true`}
        order by s.sampled_at, t.id`);
      return (
        result as unknown as { rows: { at: number; value: number | null; quality: number }[] }
      ).rows.map((r) => ({
        at: Number(r.at),
        value: r.value === null ? null : Number(r.value),
        quality: r.quality,
      }));
    },
  };
}
