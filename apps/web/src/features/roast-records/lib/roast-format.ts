import type { BatchRoastProfile, RoastRecordSummary } from '@roastery/contract';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';

const EMPTY = '—';

export const formatPct = (value: number | null): string =>
  value === null ? EMPTY : `${value.toFixed(1)} %`;

export const formatF = (value: number | null | undefined): string =>
  value == null ? EMPTY : `${Math.round(value)} °F`;

export const formatWeight = (value: number | null): string =>
  value === null ? EMPTY : formatLbs(value);

export const formatColour = (value: number | null): string =>
  value === null ? EMPTY : `${value} Agtron`;

export const formatProfile = (profile: BatchRoastProfile | null): string =>
  profile ? `${profile.name} · v${profile.version}` : EMPTY;

/** RMS and largest deviation from the reference, or why there is none. */
export function formatDeviation(record: Pick<RoastRecordSummary, 'deviation'>): string {
  const d = record.deviation;
  return d ? `RMS ${d.rms_f.toFixed(1)} °F · max ${d.max_abs_f.toFixed(1)} °F` : EMPTY;
}

/** The order's number and the batch's place in it, e.g. 000042 · batch 2. */
export function formatOrderBatch(record: RoastRecordSummary): string {
  if (record.order_id === null) return 'No order';
  const number = record.order_number ?? formatOrderNumber(record.order_id);
  return record.batch_seq === null ? number : `${number} · batch ${record.batch_seq}`;
}

/** How the roast is named where several are shown: roaster, then the time of its charge. */
export function roastName(record: RoastRecordSummary, chargedAt: string): string {
  return `#${record.id} ${record.roaster} ${chargedAt}`;
}
