import type { ReferencePoint, RoastRecordMarksBody } from '@roastery/contract';
import { notFound, unprocessable } from '../../lib/http-errors.ts';
import { analyseRoast, DEFAULT_DRY_END_F, marksProblem } from './roast-analysis.ts';
import type { RoastedBatch } from './batch-handover.ts';
import type { RoastRecordsContext } from './roast-records-context.ts';
import type { RecordRow } from './roast-records-repository.ts';

/** The reference and dry end of the profile version a record's batch ran, when it ran one. */
export async function profileOf(
  ctx: RoastRecordsContext,
  batchId: number | null,
): Promise<{ reference: ReferencePoint[] | null; dryEndF: number }> {
  const batch = batchId === null ? undefined : await ctx.repo.batch(batchId);
  if (!batch || batch.profileId === null || batch.profileVersion === null) {
    return { reference: null, dryEndF: DEFAULT_DRY_END_F };
  }
  const version = await ctx.profiles.version(batch.profileId, batch.profileVersion);
  return { reference: version.settings.reference, dryEndF: version.settings.dry_end_f };
}

/** Events, phases and deviation of a record again, after its batch or its marks changed. */
async function refigure(
  ctx: RoastRecordsContext,
  row: RecordRow,
  batchId: number | null,
  marks: RecordRow['marks'],
) {
  const { reference, dryEndF } = await profileOf(ctx, batchId);
  const figures = analyseRoast({
    samples: row.samples,
    roastS: row.roastS,
    endBtF: row.endBtF,
    marks,
    dryEndF,
    reference,
  });
  return {
    dryEndF,
    marks,
    events: figures.events,
    phases: figures.phases,
    deviationRmsF: figures.deviation?.rms_f ?? null,
    deviationMaxF: figures.deviation?.max_abs_f ?? null,
  };
}

/**
 * The order runs booked a batch: the roaster's first record not linked yet that dropped after
 * the batch started is its roast. It takes the batch, and its events are read again with the
 * batch's profile version's dry end and measured against its reference. Returns the record's
 * id, or undefined when the roaster recorded no such roast.
 */
export async function linkBatch(
  ctx: RoastRecordsContext,
  batch: RoastedBatch,
): Promise<number | undefined> {
  const row = await ctx.repo.firstUnlinked(batch.roasterDevice, batch.startedAt);
  if (!row) {
    ctx.logger.warn({ batch: batch.batchId }, 'roast records: no roast of the batch was recorded');
    return undefined;
  }
  const patch = await refigure(ctx, row, batch.batchId, row.marks);
  await ctx.repo.update(row.id, { ...patch, batchId: batch.batchId });
  return row.id;
}

async function existing(ctx: RoastRecordsContext, id: number): Promise<RecordRow> {
  const row = await ctx.repo.find(id);
  if (!row) throw notFound(`Roast record ${id} not found.`);
  return row;
}

/** The operator's marks replace the previous ones; the events and phases follow them. */
export async function setMarks(
  ctx: RoastRecordsContext,
  id: number,
  marks: RoastRecordMarksBody,
): Promise<void> {
  const row = await existing(ctx, id);
  const problem = marksProblem(marks, row.roastS);
  if (problem) throw unprocessable(problem);
  await ctx.repo.update(id, await refigure(ctx, row, row.batchId, marks));
}

export async function setNotes(ctx: RoastRecordsContext, id: number, notes: string): Promise<void> {
  await existing(ctx, id);
  await ctx.repo.update(id, { notes });
}
