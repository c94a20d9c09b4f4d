import type {
  AlogForm,
  RoastRecord,
  RoastRecordListQuery,
  RoastRecordMarksBody,
  RoastRecordSummary,
  TemperatureUnit,
} from '@roastery/contract';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { RoastedBatch, RoastRecordHandover } from './batch-handover.ts';
import { recordAlog } from './record-alog.ts';
import { linkBatch, setMarks, setNotes } from './record-edits.ts';
import { recordRoast } from './record-roast.ts';
import { listRecords, readRecord, recordOfBatch, recordsOfOrder } from './read-records.ts';
import type { ElapsedRoast, RoastHistory } from './roast-history.ts';
import { RoastRecorder, type FinishedRoast, type RecorderClocks } from './roast-recorder.ts';
import type { RoastRecordsContext } from './roast-records-context.ts';

/** How often the timer samples the roasts under way: within a second of each whole second. */
const TICK_MS = 250;

/**
 * The roast records: records every roaster's roasts from the hub's values (`RoastRecorder`),
 * stores each at its drop, links it to its batch when the order runs hand it over, and answers
 * the record screens. `start` runs the sampling timer; tests drive the clock it reads.
 */
export class RoastRecordService implements RoastRecordHandover {
  readonly #ctx: RoastRecordsContext;
  readonly recorder: RoastRecorder;
  /** The roasts being stored, one after another: a batch handed over waits for them. */
  #storing: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  readonly #history: Pick<RoastHistory, 'elapsed'> | undefined;
  readonly #hub: EventHub;

  constructor(
    ctx: RoastRecordsContext,
    hub: EventHub,
    clocks: RecorderClocks,
    history?: Pick<RoastHistory, 'elapsed'>,
  ) {
    this.#ctx = ctx;
    this.#history = history;
    this.#hub = hub;
    this.recorder = new RoastRecorder(
      clocks,
      (roast) => this.#store(roast),
      history && {
        elapsedOf: (roaster) => history.elapsed(roaster),
        onError: (err, roaster) =>
          ctx.logger.error({ err, roaster }, 'roast under way not read back'),
      },
    );
    // Only the values this instance's runtime scanned: each roast is recorded by one server.
    hub.subscribe('value', (e) => this.recorder.onValue(e.device_id, e.role, e.value), {
      from: 'this-instance',
    });
  }

  start(): void {
    this.#timer ??= setInterval(() => this.recorder.tick(), TICK_MS);
    this.#timer.unref();
  }

  /** Stops sampling and waits for the roasts being stored. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#storing;
  }

  /**
   * The elapsed part of the roast under way on a roaster, as the historian kept it: what the
   * console takes a roast up from after a restart. Undefined when none is kept.
   */
  async elapsed(roaster: string): Promise<ElapsedRoast | undefined> {
    return this.#history?.elapsed(roaster);
  }

  /** Links the batch's roast and tells the hub, whose subscribers check its figures. */
  async batchRoasted(batch: RoastedBatch): Promise<void> {
    await this.#storing;
    const id = await linkBatch(this.#ctx, batch);
    if (id !== undefined)
      this.#hub.publish({ type: 'roast-record', id, batch_id: batch.batchId, change: 'linked' });
  }

  list(query: RoastRecordListQuery): Promise<RoastRecordSummary[]> {
    return listRecords(this.#ctx, query);
  }

  ofOrder(orderId: number): Promise<RoastRecordSummary[]> {
    return recordsOfOrder(this.#ctx, orderId);
  }

  get(id: number): Promise<RoastRecord> {
    return readRecord(this.#ctx, id);
  }

  ofBatch(batchId: number): Promise<RoastRecord> {
    return recordOfBatch(this.#ctx, batchId);
  }

  async mark(id: number, marks: RoastRecordMarksBody): Promise<RoastRecord> {
    await setMarks(this.#ctx, id, marks);
    return readRecord(this.#ctx, id);
  }

  async notes(id: number, notes: string): Promise<RoastRecord> {
    await setNotes(this.#ctx, id, notes);
    return readRecord(this.#ctx, id);
  }

  alog(
    id: number,
    options: { form: AlogForm; unit: TemperatureUnit },
  ): Promise<{ text: string; disposition: string }> {
    return recordAlog(this.#ctx, id, options);
  }

  #store(roast: FinishedRoast): void {
    this.#storing = this.#storing
      .then(() => recordRoast(this.#ctx, roast))
      .then(
        () => undefined,
        (err: unknown) =>
          this.#ctx.logger.error({ err, roaster: roast.roaster }, 'roast record not stored'),
      );
  }
}
