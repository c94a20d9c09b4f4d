import { missedCheckText, orderNumber } from '@roastery/contract';
import { notFound } from '../../lib/http-errors.ts';
import { lockDay } from './day-lock.ts';
import { dayOf, type FoodSafetyContext } from './food-safety-context.ts';
import { monitorRoast, type Limits } from './monitoring-checks.ts';

/** What a correction of an earlier record says: which record, and why. */
export interface Correction {
  corrects: number;
  reason: string;
}

async function limitsOf(ctx: FoodSafetyContext, productId: number): Promise<Limits> {
  const [row, colour] = await Promise.all([
    ctx.repo.limits(productId),
    ctx.repo.colourBounds(productId),
  ]);
  return {
    killStep: row?.killStep ?? false,
    minBtF: row?.minBtF ?? null,
    minSeconds: row?.minSeconds ?? null,
    maxEndF: row?.maxEndF ?? null,
    maxTotalS: row?.maxTotalS ?? null,
    colourMin: colour?.colourMin ?? null,
    colourMax: colour?.colourMax ?? null,
  };
}

/**
 * Writes a roasted batch's monitoring record from its roast record, as the PLC measured it,
 * against its product's critical limits as they stand now; each limit missed opens a deviation
 * of the batch's lot. Nobody types any of it. Undefined when the batch is no order's batch.
 */
export async function writeMonitoring(
  ctx: FoodSafetyContext,
  recordId: number,
  batchId: number,
  correction?: Correction,
): Promise<number | undefined> {
  const facts = await ctx.repo.batchFacts(batchId);
  if (!facts) {
    ctx.logger.warn({ batch: batchId }, 'food safety: the roasted batch is no order batch');
    return undefined;
  }
  const [record, limits, unit] = await Promise.all([
    ctx.roastRecords.get(recordId),
    limitsOf(ctx, facts.productId),
    ctx.temperatureUnit(),
  ]);
  const monitored = monitorRoast(record, limits);
  const lotNumber = facts.lotNumber ?? '';
  return ctx.repo.db.transaction(async (tx) => {
    const at = ctx.now();
    const day = dayOf(at);
    await lockDay(tx, day);
    const id = await ctx.repo.insertMonitoring(tx, {
      day,
      recordedAt: at,
      batchId,
      batchSeq: facts.batchSeq,
      orderId: facts.orderId,
      roastRecordId: recordId,
      lotId: facts.lotId,
      lotNumber,
      productId: facts.productId,
      productName: facts.productName,
      roaster: record.roaster_name,
      droppedAt: new Date(record.dropped_at),
      person: facts.person ?? 'console',
      killStep: limits.killStep,
      minBtF: limits.minBtF,
      secondsAtOrAbove: monitored.secondsAtOrAbove,
      maxBtF: monitored.maxBtF,
      endBtF: record.end_bt_f,
      totalS: record.total_s,
      colour: record.colour,
      checks: monitored.checks,
      met: monitored.met,
      corrects: correction?.corrects ?? null,
      correctionReason: correction?.reason ?? null,
    });
    for (const check of monitored.checks.filter((c) => c.met === false)) {
      await ctx.repo.insertDeviation(tx, {
        day,
        openedAt: at,
        source: 'monitoring',
        monitoringId: id,
        lotId: facts.lotId,
        subject: lotNumber
          ? `Lot ${lotNumber}`
          : `Batch ${facts.batchSeq} of order ${orderNumber(facts.orderId)}`,
        description: missedCheckText(check, { min_bt_f: limits.minBtF }, unit),
      });
    }
    return id;
  });
}

/**
 * Writes a batch's monitoring record again from its roast record (its marks corrected, or its
 * product's limits set since), as a new record naming the one it corrects: the old one stays.
 */
export async function correctMonitoring(
  ctx: FoodSafetyContext,
  id: number,
  reason: string,
  by: string,
): Promise<number> {
  const old = await ctx.repo.monitoring(id);
  if (!old) throw notFound(`Monitoring record ${id} not found.`);
  const written = await writeMonitoring(ctx, old.roastRecordId, old.batchId, {
    corrects: id,
    reason: `${reason} (asked by ${by})`,
  });
  if (written === undefined) throw notFound(`Batch ${old.batchId} is no longer an order's batch.`);
  return written;
}
