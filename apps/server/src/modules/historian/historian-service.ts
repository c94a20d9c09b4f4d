import type { Readable } from 'node:stream';
import type {
  HistorianRetention,
  HistorianSeries,
  HistorianSeriesQuery,
  HistorianTag,
  TemperatureUnit,
} from '@roastery/contract';
import { historianTagKeyOf } from '@roastery/contract';
import { tableExportStream } from '../../lib/table-export.ts';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import type { HistorianContext } from './historian-context.ts';
import { HistorianIngest, QUALITY_CODE } from './historian-ingest.ts';
import { HistorianMaintenance, type MaintenanceReport } from './historian-maintenance.ts';
import { SampleFilter, type TagRef } from './sample-filter.ts';
import { readSeries, seriesTable } from './series-read.ts';
import { deadbandIn, listTags } from './tag-list.ts';

export interface HistorianTiming {
  /** How often buffered samples are written. */
  flushMs: number;
  /** How often partitions are made ahead, minutes folded and old partitions dropped. */
  maintainMs: number;
  /** A value within its deadband is stored again after this long. */
  heartbeatMs: number;
  /** A roaster's tags during a batch: stored at least this often. */
  batchIntervalMs: number;
  /** The most samples held while the database cannot take them (about 100 s of 2,000 tags). */
  maxBuffer: number;
}

export const HISTORIAN_TIMING: HistorianTiming = {
  flushMs: 1_000,
  maintainMs: 15_000,
  heartbeatMs: 5 * 60_000,
  batchIntervalMs: 1_000,
  maxBuffer: 200_000,
};

/**
 * The process historian: stores the plant's value changes (`HistorianIngest`), keeps its tables
 * (`HistorianMaintenance`) and answers the trend screen. `start` runs both on timers; tests call
 * `flush` and `maintain` themselves with their own clock.
 */
export class HistorianService {
  readonly #ctx: HistorianContext;
  readonly #timing: HistorianTiming;
  readonly #filter: SampleFilter;
  readonly ingest: HistorianIngest;
  readonly maintenance: HistorianMaintenance;
  #catalog: PlantCatalog | undefined;
  #timers: NodeJS.Timeout[] = [];
  /** A device or device type changed: the units, so the deadbands, are read again. */
  #catalogStale = false;
  #maintaining: Promise<MaintenanceReport | undefined> | undefined;

  constructor(ctx: HistorianContext, timing: HistorianTiming = HISTORIAN_TIMING) {
    this.#ctx = ctx;
    this.#timing = timing;
    this.#filter = new SampleFilter({
      heartbeatMs: timing.heartbeatMs,
      batchIntervalMs: timing.batchIntervalMs,
      deadbandOf: (ref) => deadbandIn(this.#catalog, ref),
    });
    this.maintenance = new HistorianMaintenance({
      repo: ctx.repo,
      settleMs: timing.flushMs * 5,
      onDropped: (name) => this.ingest.forgetPartition(name),
    });
    this.ingest = new HistorianIngest({
      filter: this.#filter,
      repo: ctx.repo,
      logger: ctx.logger,
      clock: ctx.clock,
      maxBuffer: timing.maxBuffer,
      onWritten: (at) => this.maintenance.written(at),
      outage: ctx.outage,
    });
    // Only the values this instance's runtime scanned: each is stored once, by one server.
    ctx.hub.subscribe('value', (e) => this.ingest.onValue(e), { from: 'this-instance' });
    ctx.hub.subscribe('device-quality', (e) => this.ingest.onDeviceQuality(e), {
      from: 'this-instance',
    });
    ctx.hub.subscribe('connection', (e) => this.ingest.onConnection(e), { from: 'this-instance' });
    ctx.hub.subscribe('config', (e) => {
      if (e.area === 'device' || e.area === 'device-type') this.#catalogStale = true;
    });
  }

  /** Reads the address map again: the tags' units, so their deadbands, may have changed. */
  async refreshCatalog(): Promise<void> {
    try {
      this.#catalog = await this.#ctx.catalog();
      this.#filter.refreshDeadbands();
    } catch (err) {
      this.#ctx.logger.error({ err }, 'historian: the address map could not be read');
    }
  }

  async tags(): Promise<HistorianTag[]> {
    return listTags(await this.#ctx.catalog());
  }

  series(query: HistorianSeriesQuery): Promise<HistorianSeries> {
    return readSeries(this.#ctx, query);
  }

  /** The series as CSV, streamed, temperatures in the unit given. */
  async csv(
    query: HistorianSeriesQuery,
    unit: TemperatureUnit,
    onError: (err: unknown) => void,
  ): Promise<Readable> {
    return tableExportStream('csv', [seriesTable(await this.series(query), unit)], onError);
  }

  /**
   * The stored samples of these tags from `from` to `to` (epoch ms, the historian's clock), in
   * their stored units, by tag key and time; an offline sample's value is null. For an area that
   * reads a stretch of the plant back as it was (a roast under way at a restart).
   */
  async rawSamples(
    refs: readonly TagRef[],
    from: number,
    to: number,
  ): Promise<Map<string, { at: number; value: number | null }[]>> {
    const tags = await this.#ctx.repo.tags(refs);
    const keys = new Map(tags.map((t) => [t.id, historianTagKeyOf(t)]));
    const samples = new Map<string, { at: number; value: number | null }[]>();
    if (keys.size === 0) return samples;
    const rows = await this.#ctx.repo.rawPoints([...keys.keys()], new Date(from), new Date(to));
    for (const r of rows) {
      const key = keys.get(r.tagId) ?? '';
      const offline = r.quality === QUALITY_CODE.offline;
      const points = samples.get(key) ?? [];
      points.push({ at: r.at, value: offline ? null : r.value });
      samples.set(key, points);
    }
    return samples;
  }

  async retention(): Promise<HistorianRetention> {
    const { rawDays, rollupDays } = await this.#ctx.repo.state();
    return { raw_days: rawDays, rollup_days: rollupDays };
  }

  /** Sets how long each tier is kept; the next maintenance drops what is now too old. */
  async setRetention(retention: HistorianRetention, by: string): Promise<HistorianRetention> {
    await this.#ctx.repo.setRetention(retention.raw_days, retention.rollup_days);
    this.maintenance.retentionChanged();
    this.#ctx.hub.publish({
      type: 'setting',
      ref_id: 'historian-retention',
      label: 'Historian retention',
      value: `raw ${retention.raw_days} days, rollups ${retention.rollup_days} days`,
      by,
    });
    return this.retention();
  }

  /**
   * Writes the samples waiting, with the heartbeats due now. The address map is read again here,
   * outside the request that changed it, and only while values come in: then it is the running
   * plant's, which costs no query.
   */
  async flush(): Promise<number> {
    if (this.#catalogStale && this.#filter.size > 0) {
      this.#catalogStale = false;
      await this.refreshCatalog();
    }
    return this.ingest.flush();
  }

  /** One round of maintenance at the clock's time; a round under way is shared, not doubled. */
  maintain(): Promise<MaintenanceReport | undefined> {
    this.#maintaining ??= this.maintenance
      .run(this.#ctx.clock())
      .catch((err: unknown) => {
        this.#ctx.logger.error({ err }, 'historian: maintenance failed; retrying next round');
        return undefined;
      })
      .finally(() => (this.#maintaining = undefined));
    return this.#maintaining;
  }

  async start(): Promise<void> {
    if (this.#timers.length > 0) return;
    await this.refreshCatalog();
    await this.maintain();
    const maintainIfDue = () => {
      if (this.maintenance.due(this.#ctx.clock())) void this.maintain();
    };
    this.#timers = [
      setInterval(() => void this.flush(), this.#timing.flushMs),
      setInterval(maintainIfDue, this.#timing.maintainMs),
    ];
    for (const timer of this.#timers) timer.unref();
  }

  /** Stops the timers and writes what is waiting. */
  async stop(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    await this.#maintaining;
    await this.flush();
  }
}
