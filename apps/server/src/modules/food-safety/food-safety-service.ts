import type {
  BatchFoodSafetyRecord,
  CorrectiveActionBody,
  CriticalLimits,
  CriticalLimitsBody,
  Deviation,
  FoodSafetyDay,
  MonitoringRecord,
  PackingCheck,
  PackingCheckBody,
} from '@roastery/contract';
import type { Executor } from '@roastery/db';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import { recordCorrectiveAction, releaseBlocker } from './corrective-actions.ts';
import { readBatch, readDay, signDay } from './day-records.ts';
import type { Actor, FoodSafetyContext } from './food-safety-context.ts';
import { batchRecordPdf, dayRecordsPdf } from './food-safety-pdf.ts';
import { recordPackingCheck } from './packing-checks.ts';
import { presentMonitoring } from './present-food-safety.ts';
import { readLimits, saveLimits } from './critical-limits.ts';
import { correctMonitoring, writeMonitoring } from './write-monitoring.ts';

/**
 * The food-safety record book: critical limits per product; a monitoring record per roasted
 * batch, written when the hub says its roast record was linked, one after another (`settled()`
 * waits for those received); deviations and their corrective actions; checks at packing; and
 * the supervisor's signed verification of each day.
 */
export class FoodSafetyService {
  readonly #ctx: FoodSafetyContext;
  #writing: Promise<void> = Promise.resolve();

  constructor(ctx: FoodSafetyContext, hub: EventHub) {
    this.#ctx = ctx;
    // The instance that linked the record writes its monitoring record: once, however many run.
    hub.subscribe('roast-record', (e) => this.#monitor(e.id, e.batch_id), {
      from: 'this-instance',
    });
  }

  /** Resolves once every roast record received so far has its monitoring record. */
  settled(): Promise<void> {
    return this.#writing;
  }

  limits(productId: number): Promise<CriticalLimits> {
    return readLimits(this.#ctx, productId);
  }

  saveLimits(productId: number, body: CriticalLimitsBody, by: string): Promise<CriticalLimits> {
    return saveLimits(this.#ctx, productId, body, by);
  }

  day(day: string): Promise<FoodSafetyDay> {
    return readDay(this.#ctx, day);
  }

  batch(batchId: number): Promise<BatchFoodSafetyRecord> {
    return readBatch(this.#ctx, batchId);
  }

  correctiveAction(id: number, body: CorrectiveActionBody, by: Actor): Promise<Deviation> {
    return recordCorrectiveAction(this.#ctx, id, body, by);
  }

  packingCheck(body: PackingCheckBody, by: Actor): Promise<PackingCheck> {
    return recordPackingCheck(this.#ctx, body, by);
  }

  signDay(day: string, password: string, by: Actor): Promise<FoodSafetyDay> {
    return signDay(this.#ctx, day, password, by);
  }

  async correctMonitoring(id: number, reason: string, by: Actor): Promise<MonitoringRecord> {
    const written = await correctMonitoring(this.#ctx, id, reason, by.fullName);
    const row = await this.#ctx.repo.monitoring(written);
    if (!row) throw new Error('monitoring record not read back');
    return presentMonitoring(row);
  }

  batchPdf(batchId: number): Promise<Buffer> {
    return batchRecordPdf(this.#ctx, batchId);
  }

  dayPdf(day: string): Promise<Buffer> {
    return dayRecordsPdf(this.#ctx, day);
  }

  /** Why a roasted lot may not be released: its open deviations; undefined when none. */
  releaseBlocker(lotId: number, lotNumber: string, tx?: Executor): Promise<string | undefined> {
    return releaseBlocker(this.#ctx, lotId, lotNumber, tx);
  }

  #monitor(recordId: number, batchId: number): void {
    this.#writing = this.#writing
      .then(async () => {
        await writeMonitoring(this.#ctx, recordId, batchId);
      })
      .catch((err: unknown) =>
        this.#ctx.logger.error({ err, batch: batchId }, 'food safety: monitoring not written'),
      );
  }
}
