import {
  formatTemperatureDelta,
  temperatureSymbol,
  toUnit,
  type BatchRoastProfile,
  type RoastRecordSummary,
  type TemperatureUnit,
} from '@roastery/contract';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';

const EMPTY = '—';

export const formatPct = (value: number | null): string =>
  value === null ? EMPTY : `${value.toFixed(1)} %`;

/** A bean temperature (°F as stored) to the degree, in the plant's unit: '402 °F', '206 °C'. */
export const formatBt = (valueF: number | null | undefined, unit: TemperatureUnit): string =>
  valueF == null ? EMPTY : `${Math.round(toUnit(valueF, unit))} ${temperatureSymbol(unit)}`;

/** A green lot's bulk density to the gram: '710 g/L'. */
export const formatDensity = (value: number | null): string =>
  value === null ? EMPTY : `${Math.round(value)} g/L`;

export const formatWeight = (value: number | null): string =>
  value === null ? EMPTY : formatLbs(value);

export const formatColour = (value: number | null): string =>
  value === null ? EMPTY : `${value} Agtron`;

export const formatProfile = (profile: BatchRoastProfile | null): string =>
  profile ? `${profile.name} · v${profile.version}` : EMPTY;

/** RMS and largest deviation from the reference, differences in the plant's unit. */
export function formatDeviation(
  record: Pick<RoastRecordSummary, 'deviation'>,
  unit: TemperatureUnit,
): string {
  const d = record.deviation;
  return d
    ? `RMS ${formatTemperatureDelta(d.rms_f, unit)} · max ${formatTemperatureDelta(d.max_abs_f, unit)}`
    : EMPTY;
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
