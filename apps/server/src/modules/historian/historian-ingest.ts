import type { FastifyBaseLogger } from 'fastify';
import { historianTagKeyOf, type Quality } from '@roastery/contract';
import type { PlantEventOf } from '../../plant/hub/plant-events.ts';
import type { HistorianRepository, SampleRow } from './historian-repository.ts';
import { samplePartition } from './partitions.ts';
import type { Sample, SampleFilter } from './sample-filter.ts';

export const QUALITY_CODE: Readonly<Record<Quality, number>> = { good: 0, stale: 1, offline: 2 };

const DAY_MS = 86_400_000;

export interface IngestOptions {
  filter: SampleFilter;
  repo: HistorianRepository;
  logger: FastifyBaseLogger;
  /** Epoch ms: the time each value is stamped with. */
  clock: () => number;
  /** The most samples held while the database cannot take them; the oldest go first. */
  maxBuffer: number;
  /** Told the earliest time of each batch written, so its minutes are folded again. */
  onWritten: (earliest: number) => void;
  /** Told once per outage, as it begins, on the buffer first filling, and as it ends. */
  outage: IngestOutage;
}

/** What the ingest tells of a database that refuses its writes. */
export interface IngestOutage {
  /** Writes began to fail: `pending` samples wait in memory. */
  began(pending: number): void;
  /** The buffer is full: from now on the oldest samples are lost until writes succeed. */
  overflowing(maxBuffer: number): void;
  /** Writes succeed again, after `failedForMs`; `dropped` samples were lost meanwhile. */
  ended(failedForMs: number, dropped: number): void;
}

/**
 * Takes the plant's scanned values, keeps those the filter stores, and writes them in batches:
 * one multi-row insert per flush (the area flushes once a second). A failed write keeps the
 * batch for the next flush, within `maxBuffer`; the failure, the drops and the recovery are
 * logged once each, not every second.
 */
export class HistorianIngest {
  readonly #o: IngestOptions;
  #buffer: Sample[] = [];
  readonly #tagIds = new Map<string, number>();
  readonly #partitions = new Set<string>();
  #flushing: Promise<number> | undefined;
  #failedSince: number | undefined;
  #dropped = 0;

  constructor(options: IngestOptions) {
    this.#o = options;
  }

  onValue(event: PlantEventOf<'value'>): void {
    const { device_id, command_kind: kind, command_id, value, quality } = event;
    // A roaster's batch runs while its phase is not idle (0).
    if (event.role === 'roaster-phase') {
      this.#o.filter.setBatch(device_id, value !== null && value > 0);
    }
    const sample = this.#o.filter.offer(
      { device_id, kind, command_id },
      value,
      quality,
      this.#o.clock(),
    );
    if (sample) this.#push([sample]);
  }

  onDeviceQuality(event: PlantEventOf<'device-quality'>): void {
    this.#push(this.#o.filter.deviceQuality(event.device_id, event.quality, this.#o.clock()));
  }

  /** The PLC gateway was stopped: every tag is stored offline, once. */
  onConnection(event: PlantEventOf<'connection'>): void {
    if (event.state === 'closed') this.#push(this.#o.filter.allOffline(this.#o.clock()));
  }

  /** Samples waiting to be written. */
  get pending(): number {
    return this.#buffer.length;
  }

  /** Samples dropped because the buffer was full while writes failed, since the last report. */
  get dropped(): number {
    return this.#dropped;
  }

  /**
   * Adds the heartbeats due now and writes everything waiting; resolves with the number of
   * samples written (0 when the write failed: they stay for the next flush). One flush at a time:
   * a call while one runs shares it.
   */
  flush(): Promise<number> {
    this.#flushing ??= this.#flush().finally(() => (this.#flushing = undefined));
    return this.#flushing;
  }

  /** A partition was dropped: it is made again if a late sample needs it. */
  forgetPartition(name: string): void {
    this.#partitions.delete(name);
  }

  async #flush(): Promise<number> {
    const now = this.#o.clock();
    this.#push(this.#o.filter.due(now));
    const batch = this.#buffer;
    if (batch.length === 0) return 0;
    this.#buffer = [];
    try {
      await this.#write(batch);
    } catch (err) {
      this.#buffer = batch.concat(this.#buffer);
      this.#trim();
      if (this.#failedSince === undefined) {
        this.#failedSince = now;
        this.#o.logger.error(
          { err, pending: this.#buffer.length },
          'historian: samples could not be written; retrying every flush',
        );
        this.#o.outage.began(this.#buffer.length);
      }
      // A partition this process made may be gone (another server's retention): make it again.
      this.#partitions.clear();
      return 0;
    }
    if (this.#failedSince !== undefined || this.#dropped > 0) {
      const failedForMs = now - (this.#failedSince ?? now);
      this.#o.logger.warn(
        { failedForMs, dropped: this.#dropped },
        'historian: writing samples again',
      );
      this.#o.outage.ended(failedForMs, this.#dropped);
      this.#failedSince = undefined;
      this.#dropped = 0;
    }
    return batch.length;
  }

  async #write(batch: readonly Sample[]): Promise<void> {
    let earliest = Infinity;
    const days = new Set<number>();
    const unknown = new Map<string, Sample>();
    for (const s of batch) {
      earliest = Math.min(earliest, s.at);
      days.add(Math.floor(s.at / DAY_MS));
      const key = historianTagKeyOf(s);
      if (!this.#tagIds.has(key)) unknown.set(key, s);
    }
    if (unknown.size > 0) {
      for (const tag of await this.#o.repo.ensureTags([...unknown.values()])) {
        this.#tagIds.set(historianTagKeyOf(tag), tag.id);
      }
    }
    for (const day of days) {
      const span = samplePartition(day * DAY_MS);
      if (this.#partitions.has(span.name)) continue;
      await this.#o.repo.createPartition(span);
      this.#partitions.add(span.name);
    }
    const rows: SampleRow[] = batch.map((s) => ({
      tagId: this.#tagIds.get(historianTagKeyOf(s)) as number,
      sampledAt: new Date(s.at),
      value: s.value,
      quality: QUALITY_CODE[s.quality],
    }));
    await this.#o.repo.insertSamples(rows);
    this.#o.onWritten(earliest);
  }

  #push(samples: readonly Sample[]): void {
    for (const s of samples) this.#buffer.push(s);
    this.#trim();
  }

  #trim(): void {
    const excess = this.#buffer.length - this.#o.maxBuffer;
    if (excess <= 0) return;
    this.#buffer.splice(0, excess);
    if (this.#dropped === 0) {
      this.#o.logger.error(
        { maxBuffer: this.#o.maxBuffer },
        'historian: sample buffer full, dropping the oldest samples until writes succeed',
      );
      this.#o.outage.overflowing(this.#o.maxBuffer);
    }
    this.#dropped += excess;
  }
}
