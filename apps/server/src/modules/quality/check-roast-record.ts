import type { QualityContext } from './quality-context.ts';
import type { IncomingResult } from './record-results.ts';
import { recordResults } from './record-results.ts';

/**
 * A roast's record was linked to its batch: its loss, development, colour and roasted moisture
 * (the roaster's meters at drop) become results of the batch's roasted lot. Development is read
 * only when first crack was placed: without it the record's development is no measurement.
 */
export async function checkRoastRecord(
  ctx: QualityContext,
  recordId: number,
  batchId: number,
): Promise<void> {
  const lot = await ctx.repo.lotOfBatch(batchId);
  if (!lot) {
    ctx.logger.warn({ batch: batchId }, 'quality: the roasted batch has no roasted lot');
    return;
  }
  const record = await ctx.roastRecords.get(recordId);
  const results: IncomingResult[] = [];
  if (record.loss_pct !== null) results.push({ kind: 'loss', value: record.loss_pct });
  if (record.events.first_crack !== null)
    results.push({ kind: 'development', value: record.phases.development_ratio_pct });
  if (record.colour !== null) results.push({ kind: 'colour', value: record.colour });
  if (record.roasted_moisture_pct !== null)
    results.push({ kind: 'moisture', value: record.roasted_moisture_pct });
  if (results.length === 0) return;
  await recordResults(ctx, lot.lotId, results, {
    source: 'roast_record',
    userId: null,
    userName: 'console',
    batchId,
  });
}
