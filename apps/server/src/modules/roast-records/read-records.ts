import {
  orderNumber,
  type RoastRecord,
  type RoastRecordListQuery,
  type RoastRecordSummary,
} from '@roastery/contract';
import { notFound } from '../../lib/http-errors.ts';
import { profileOf } from './record-edits.ts';
import { recordSamples } from './roast-analysis.ts';
import type { RoastRecordsContext } from './roast-records-context.ts';
import type { SummaryRow } from './roast-records-repository.ts';

const lbs = (centi: number | null) => (centi === null ? null : centi / 100);
const tenth = (n: number) => Math.round(n * 10) / 10;

function summary(row: SummaryRow): RoastRecordSummary {
  const green = lbs(row.greenCenti);
  const roasted = lbs(row.roastedCenti);
  const { total_s, ...phases } = row.phases;
  const profile =
    row.profileId !== null && row.profileVersion !== null
      ? { id: row.profileId, name: row.profileName ?? '', version: row.profileVersion }
      : null;
  return {
    id: row.id,
    roaster: row.roaster,
    roaster_name: row.roasterName,
    batch_id: row.batchId,
    order_id: row.orderId,
    order_number: row.orderId === null ? null : orderNumber(row.orderId),
    batch_seq: row.batchSeq,
    product: row.productId === null ? null : { id: row.productId, name: row.productName ?? '' },
    profile,
    charged_at: row.chargedAt.toISOString(),
    dropped_at: row.droppedAt.toISOString(),
    total_s,
    end_bt_f: row.endBtF,
    green_lbs: green,
    roasted_lbs: roasted,
    // The loss the books hold: the same two weights, to the hundredth of a pound.
    loss_pct:
      green === null || roasted === null || green === 0
        ? null
        : Math.round(((green - roasted) / green) * 10_000) / 100,
    colour: row.colour,
    roasted_moisture_pct: row.roastedMoisturePct,
    phases,
    deviation:
      row.deviationRmsF === null || row.deviationMaxF === null
        ? null
        : { rms_f: tenth(row.deviationRmsF), max_abs_f: tenth(row.deviationMaxF) },
    events: row.events,
    green_moisture_pct: row.greenMoisturePct,
    green_density_g_per_l: row.greenDensityGPerL,
  };
}

export async function listRecords(
  ctx: RoastRecordsContext,
  query: RoastRecordListQuery,
): Promise<RoastRecordSummary[]> {
  return (await ctx.repo.summaries(query, query.limit)).map(summary);
}

/** Every record of an order's batches, in batch order; 404 for an order that does not exist. */
export async function recordsOfOrder(
  ctx: RoastRecordsContext,
  orderId: number,
): Promise<RoastRecordSummary[]> {
  if (!(await ctx.repo.orderExists(orderId))) throw notFound(`Order ${orderId} not found.`);
  const rows = await ctx.repo.summaries({ order_id: orderId }, 1_000);
  return rows.map(summary).sort((a, b) => (a.batch_seq ?? 0) - (b.batch_seq ?? 0));
}

export async function readRecord(ctx: RoastRecordsContext, id: number): Promise<RoastRecord> {
  const [row] = await ctx.repo.summaries({ id }, 1);
  const stored = row && (await ctx.repo.find(id));
  if (!row || !stored) throw notFound(`Roast record ${id} not found.`);
  const { reference } = await profileOf(ctx, stored.batchId);
  const lots = stored.batchId === null ? [] : await ctx.repo.greenLots(stored.batchId);
  return {
    ...summary(row),
    samples: recordSamples(stored.samples),
    reference,
    green_lots: lots.map((l) => ({
      lot_number: l.lotNumber,
      bean_name: l.beanName,
      lbs: l.centi / 100,
    })),
    marks: stored.marks,
    notes: stored.notes,
  };
}

export async function recordOfBatch(
  ctx: RoastRecordsContext,
  batchId: number,
): Promise<RoastRecord> {
  const id = await ctx.repo.recordOfBatch(batchId);
  if (id === undefined) throw notFound(`Batch ${batchId} has no roast record.`);
  return readRecord(ctx, id);
}
