import type { LineSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { format, type ComposeOption } from 'echarts/core';
import type { HistorianSeries } from '@roastery/contract';
import type { ZoomWindow } from './trend-range.ts';
import { axisKeyOf, axisName, formatTrendValue, isCoil } from './trend-values.ts';
import { legendRows } from '../../../lib/legend-rows.ts';

export type TrendChartOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | DataZoomComponentOption
>;

/** Room for one more y-axis on a side: its labels and its name. */
const AXIS_SPACING = 58;
/** Width per time label, so that none overlaps the next. */
const TIME_LABEL_PX = 110;
/** Width per y-axis shown; the axes beyond still scale their tags, with their values in the tooltip. */
const AXIS_PX = 220;
const LEGEND_ROW_PX = 24;
/** A series this short is drawn with its points, so that a single one shows. */
const FEW_POINTS = 30;
const BAND_OPACITY = 0.18;

export interface TrendOptionInput {
  series: HistorianSeries;
  /** The whole range picked; the time axis spans it whatever part is zoomed. */
  range: { from: number; to: number };
  /** A value holds until it changes: the last one is drawn on to here (or the range's end). */
  now: number;
  zoom: ZoomWindow;
  /** One colour per tag, in the order picked; the brand's copper first. */
  palette: readonly string[];
  /** The chart's width in px: how many time labels and y-axes fit. */
  width: number;
}

interface TagLine {
  key: string;
  name: string;
  unit: string;
  coil: boolean;
  color: string;
  axis: number;
}

/** `[time, value, min, max]`: the tooltip reads a bucket's band off its average's point. */
type Point = [number, number | null, number?, number?];

function rawPoints(points: readonly { t: string; value: number | null }[], end: number): Point[] {
  const data = points.map((p): Point => [Date.parse(p.t), p.value]);
  const last = data.at(-1);
  // The last sample holds until now: drawn on, the line does not stop short of the present.
  if (last && last[1] !== null && last[0] < end) data.push([end, last[1]]);
  return data;
}

function colorWithOpacity(hex: string, opacity: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${opacity})`;
}

function tooltipFormatter(
  lines: ReadonlyMap<string, TagLine>,
): TooltipComponentOption['formatter'] {
  return (params) => {
    const items = (Array.isArray(params) ? params : [params]).filter((item) =>
      lines.has(item.seriesId ?? ''),
    );
    const first = items[0]?.value;
    const time = Array.isArray(first) ? new Date(Number(first[0])).toLocaleString() : '';
    const rows = items.map((item) => {
      const line = lines.get(item.seriesId ?? '');
      const value = Array.isArray(item.value) ? (item.value as (number | null)[]) : [];
      if (!line) return '';
      const [, avg, min, max] = value;
      const shown =
        avg === null || avg === undefined ? 'unknown' : formatTrendValue(avg, line.unit, line.coil);
      const band =
        typeof min === 'number' && typeof max === 'number' && !line.coil && min !== max
          ? ` (${formatTrendValue(min, line.unit, false)} to ${formatTrendValue(max, line.unit, false)})`
          : '';
      return `${String(item.marker ?? '')}${format.encodeHTML(line.name)}: ${format.encodeHTML(shown + band)}`;
    });
    return [format.encodeHTML(time), ...rows].join('<br/>');
  };
}

/**
 * The tags over time: one y-axis per unit, alternating left and right; coils as steps from
 * Off to On; raw samples as lines, rollups as their average with the min-max band behind it.
 * The time axis spans the range picked, zoomed and panned with the wheel, a drag or the slider.
 */
export function trendOption({
  series,
  range,
  now,
  zoom,
  palette,
  width,
}: TrendOptionInput): TrendChartOption {
  const axisKeys: string[] = [];
  const lines: TagLine[] = series.series.map((s, index) => {
    const coil = isCoil(s.key);
    const axisKey = axisKeyOf(s.unit, coil);
    if (!axisKeys.includes(axisKey)) axisKeys.push(axisKey);
    return {
      key: s.key,
      name: `${s.device_id} ${s.label}`,
      unit: s.unit,
      coil,
      color: palette[index % palette.length] ?? '#a3501c',
      axis: axisKeys.indexOf(axisKey),
    };
  });
  const end = Math.min(range.to, now);
  const shownAxes = Math.max(2, Math.floor(width / AXIS_PX));
  const chartSeries: LineSeriesOption[] = [];
  for (const [index, line] of lines.entries()) {
    const base = {
      type: 'line' as const,
      name: line.name,
      yAxisIndex: line.axis,
      color: line.color,
      symbolSize: 5,
      ...(line.coil && { step: 'end' as const }),
    };
    if (series.resolution === 'raw') {
      const data = rawPoints(series.series[index]?.points ?? [], end);
      chartSeries.push({ ...base, id: line.key, data, showSymbol: data.length < FEW_POINTS });
      continue;
    }
    const buckets = series.series[index]?.buckets ?? [];
    const showSymbol = buckets.length < FEW_POINTS;
    const times = buckets.map((b) => Date.parse(b.t));
    // The band is the bucket's min, with max - min stacked on it and filled.
    const band = {
      ...base,
      stack: line.key,
      silent: true,
      showSymbol: false,
      lineStyle: { opacity: 0 },
    };
    chartSeries.push(
      { ...band, id: `${line.key}#min`, data: buckets.map((b, i) => [times[i], b.min]) },
      {
        ...band,
        id: `${line.key}#band`,
        data: buckets.map((b, i) => [times[i], b.max - b.min]),
        areaStyle: { color: colorWithOpacity(line.color, BAND_OPACITY) },
      },
      {
        ...base,
        id: line.key,
        showSymbol,
        data: buckets.map((b, i): Point => [times[i] ?? 0, b.avg, b.min, b.max]),
      },
    );
  }
  const drawn = Math.min(axisKeys.length, shownAxes);
  const rows = legendRows(
    lines.map((l) => l.name),
    width - 16,
  );
  const left = Math.ceil(drawn / 2);
  const right = drawn - left;
  return {
    animation: false,
    color: lines.map((l) => l.color),
    legend: { top: 0, left: 8, right: 8, data: lines.map((l) => l.name) },
    grid: {
      left: 12 + Math.max(0, left - 1) * AXIS_SPACING,
      right: 16 + Math.max(0, right - 1) * AXIS_SPACING,
      top: 32 + rows * LEGEND_ROW_PX,
      bottom: 56,
      containLabel: true,
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line' },
      formatter: tooltipFormatter(new Map(lines.map((l) => [l.key, l]))),
    },
    xAxis: {
      type: 'time',
      min: range.from,
      max: range.to,
      splitNumber: Math.max(2, Math.floor(width / TIME_LABEL_PX)),
    },
    yAxis: axisKeys.map((key, i) => {
      const side = i % 2 === 0 ? 'left' : 'right';
      const coil = key === 'on-off';
      return {
        type: 'value' as const,
        show: i < shownAxes,
        name: axisName(key),
        position: side,
        offset: Math.floor(i / 2) * AXIS_SPACING,
        alignTicks: i > 0 && !coil,
        scale: !coil,
        splitLine: { show: i === 0 },
        ...(coil && {
          min: 0,
          max: 1,
          interval: 1,
          axisLabel: { formatter: (value: number) => (value >= 1 ? 'On' : 'Off') },
        }),
      };
    }),
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'none', ...zoom, minValueSpan: 60_000 },
      {
        type: 'slider',
        xAxisIndex: 0,
        filterMode: 'none',
        ...zoom,
        minValueSpan: 60_000,
        // The slider's own labels would be cut at the chart's edges; the screen says the times.
        showDetail: false,
        height: 22,
        bottom: 8,
      },
    ],
    series: chartSeries,
  };
}
