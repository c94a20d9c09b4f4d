import type { HistorianRepository } from './historian-repository.ts';
import {
  expired,
  partitionsBetween,
  rollupPartition,
  samplePartition,
  type PartitionedTable,
} from './partitions.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface MaintenanceOptions {
  repo: HistorianRepository;
  /**
   * How long after a minute ends its samples are surely written (the flush interval and some
   * margin): only then is the minute folded.
   */
  settleMs: number;
  /** A partition was dropped (the ingest forgets it had made it). */
  onDropped: (name: string) => void;
}

export interface MaintenanceReport {
  /** The minutes folded, [from, to) in epoch ms; absent when none was complete. */
  folded?: { from: number; to: number };
  dropped: string[];
}

/**
 * The historian's background job, run every few seconds: partitions made ahead, complete
 * minutes folded into the rollups, and whole partitions dropped once their tier's retention has
 * passed. Every step can run again, here or on another server, with the same result.
 */
export class HistorianMaintenance {
  readonly #o: MaintenanceOptions;
  /** The earliest sample written since the last fold: its minute is folded again. */
  #refoldFrom = Infinity;
  /** The UTC day of the last round, whose partitions and retention are seen to. */
  #roundDay: number | undefined;

  constructor(options: MaintenanceOptions) {
    this.#o = options;
  }

  /** Samples from `at` on were written: their minutes' rollups must be made again. */
  written(at: number): void {
    this.#refoldFrom = Math.min(this.#refoldFrom, at);
  }

  /**
   * Whether a round at `now` has work: samples to fold, or a new day (partitions to make ahead,
   * old ones to drop). An idle console sends no statement between days.
   */
  due(now: number): boolean {
    return this.#refoldFrom !== Infinity || Math.floor(now / DAY_MS) !== this.#roundDay;
  }

  /** The retention changed: the next round drops what is now too old. */
  retentionChanged(): void {
    this.#roundDay = undefined;
  }

  async run(now: number): Promise<MaintenanceReport> {
    await this.#makeAhead(now);
    const folded = await this.#fold(now);
    const dropped = await this.#dropExpired(now);
    this.#roundDay = Math.floor(now / DAY_MS);
    return { ...(folded && { folded }), dropped };
  }

  /** Today's and tomorrow's sample partitions, this month's and next month's rollups'. */
  async #makeAhead(now: number): Promise<void> {
    const spans = [
      ...partitionsBetween(samplePartition, now, now + DAY_MS),
      ...partitionsBetween(rollupPartition, now, rollupPartition(now).to.getTime()),
    ];
    for (const span of spans) await this.#o.repo.createPartition(span);
  }

  async #fold(now: number): Promise<MaintenanceReport['folded']> {
    const { repo } = this.#o;
    const state = await repo.state();
    const end = Math.floor((now - this.#o.settleMs) / MINUTE_MS) * MINUTE_MS;
    // Samples written while this fold runs mark their minutes anew for the next one.
    const refold = this.#refoldFrom;
    this.#refoldFrom = Infinity;
    // Nothing older than the raw samples kept can be folded: those partitions are gone.
    const oldest = Math.floor((now - state.rawDays * DAY_MS) / MINUTE_MS) * MINUTE_MS;
    const from = Math.max(
      oldest,
      Math.min(state.foldedUntil?.getTime() ?? end, Math.floor(refold / MINUTE_MS) * MINUTE_MS),
    );
    if (from >= end) {
      // The samples marked are of the minute under way: it is folded once complete.
      this.#refoldFrom = Math.min(this.#refoldFrom, refold);
      return undefined;
    }
    try {
      for (const span of partitionsBetween(rollupPartition, from, end - 1)) {
        await repo.createPartition(span);
      }
      // A day at a time: a server back after weeks folds them in bounded statements.
      for (let at = from; at < end; at = Math.min(at + DAY_MS, end)) {
        await repo.fold(new Date(at), new Date(Math.min(at + DAY_MS, end)));
      }
      if ((state.foldedUntil?.getTime() ?? -Infinity) < end) {
        await repo.setFoldedUntil(new Date(end));
      }
    } catch (err) {
      this.#refoldFrom = Math.min(this.#refoldFrom, refold);
      throw err;
    }
    return { from, to: end };
  }

  async #dropExpired(now: number): Promise<string[]> {
    const { rawDays, rollupDays } = await this.#o.repo.state();
    const tiers: [PartitionedTable, number][] = [
      ['historian_samples', rawDays],
      ['historian_rollups', rollupDays],
    ];
    const dropped: string[] = [];
    for (const [table, days] of tiers) {
      const names = expired(await this.#o.repo.partitions(table), new Date(now - days * DAY_MS));
      for (const name of names) {
        await this.#o.repo.dropPartition(name);
        this.#o.onDropped(name);
        dropped.push(name);
      }
    }
    return dropped;
  }
}
