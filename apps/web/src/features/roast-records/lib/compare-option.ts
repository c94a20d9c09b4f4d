import { format } from 'echarts/core';
import {
  temperatureSymbol,
  toUnit,
  type RoastRecord,
  type TemperatureUnit,
} from '@roastery/contract';
import { legendRows } from '../../../lib/legend-rows.ts';
import {
  temperatureRange,
  timeAxis,
  type RoastChartOption,
} from '../../../lib/roast-curve-option.ts';
import { formatRoastTime } from '../../../lib/roast-time.ts';

export interface CompareInput {
  records: readonly RoastRecord[];
  /** Each record's name in the legend, in the same order. */
  names: readonly string[];
  palette: readonly string[];
  referenceColor: string;
  width: number;
  /** The plant's unit, the curves drawn in. */
  unit: TemperatureUnit;
}

const LEGEND_ROW_PX = 24;

/**
 * Batches' BT curves on one chart, aligned at charge (every record's time already counts from
 * it), with the reference of each profile version they ran, dashed, once per version.
 */
export function compareOption({
  records,
  names,
  palette,
  referenceColor,
  width,
  unit,
}: CompareInput): RoastChartOption {
  const degrees = (valueF: number) => toUnit(valueF, unit);
  const symbol = temperatureSymbol(unit);
  const series: NonNullable<RoastChartOption['series']> = records.map((record, index) => ({
    id: `roast-${record.id}`,
    type: 'line',
    name: names[index] ?? `#${record.id}`,
    data: record.samples.map((s) => [s.t_s, degrees(s.bt_f)]),
    color: palette[index % palette.length],
    showSymbol: false,
    lineStyle: { width: 2 },
  }));
  const references = new Map<string, RoastRecord>();
  for (const record of records) {
    if (!record.profile || !record.reference?.length) continue;
    references.set(`${record.profile.id}v${record.profile.version}`, record);
  }
  for (const [key, record] of references) {
    series.push({
      id: `reference-${key}`,
      type: 'line',
      name: `Reference ${record.profile?.name ?? ''} v${record.profile?.version ?? ''}`,
      data: (record.reference ?? []).map((p) => [p.t_s, degrees(p.bt_f)]),
      color: referenceColor,
      showSymbol: false,
      lineStyle: { width: 1.5, type: 'dashed' },
    });
  }
  const legendNames = series.map((s) => String(s.name));
  const top = 8 + legendRows(legendNames, width - 16) * LEGEND_ROW_PX + 28;
  const span = Math.max(
    0,
    ...records.map((r) => r.samples.at(-1)?.t_s ?? 0),
    ...records.map((r) => r.reference?.at(-1)?.t_s ?? 0),
  );
  const temperatures = records.flatMap((r) => [
    ...r.samples.map((s) => degrees(s.bt_f)),
    ...(r.reference ?? []).map((p) => degrees(p.bt_f)),
  ]);
  return {
    animation: false,
    legend: { top: 8, left: 8, right: 8, data: legendNames },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params) => {
        const items = Array.isArray(params) ? params : [params];
        const first = items[0]?.value;
        const time = Array.isArray(first) ? formatRoastTime(Number(first[0])) : '';
        const rows = items.map((item) => {
          const value = Array.isArray(item.value) ? Number(item.value[1]) : Number.NaN;
          return `${String(item.marker ?? '')}${format.encodeHTML(item.seriesName ?? '')}: ${value.toFixed(1)} ${symbol}`;
        });
        return [time, ...rows].join('<br/>');
      },
    },
    grid: { left: 52, right: 24, top, bottom: 36 },
    xAxis: timeAxis(span, width),
    yAxis: { type: 'value', name: `BT ${symbol}`, ...temperatureRange(temperatures, unit) },
    series,
  };
}
