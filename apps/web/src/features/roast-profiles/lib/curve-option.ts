import type { LineSeriesOption } from 'echarts/charts';
import type {
  GraphicComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { format, type ComposeOption } from 'echarts/core';
import { temperatureSymbol, type TemperatureUnit } from '@roastery/contract';
import { temperatureRange } from '../../../lib/roast-curve-option.ts';
import { formatPointTime } from './point-time.ts';

export type CurveChartOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | GraphicComponentOption
>;

/** The console's palette as the chart draws it: the brand's copper for the curve. */
export interface ChartColors {
  curve: string;
  overlay: string;
  handleFill: string;
}

/** Steps of the time axis a roaster reads at a glance: whole minutes, then 2, 3, 5, 10. */
const LONGEST_STEP = 600;
const MINUTE_STEPS = [60, 120, 180, 300, LONGEST_STEP] as const;

/** The time axis's step: about one label per 90 px of chart, on whole minutes. */
export function timeStep(spanS: number, widthPx: number): number {
  const labels = Math.max(2, Math.floor(widthPx / 90));
  return MINUTE_STEPS.find((step) => spanS / step <= labels) ?? LONGEST_STEP;
}

/** A point of a curve as the chart draws it: BT in the plant's unit. */
export interface ShownPoint {
  t_s: number;
  bt: number;
}

const asData = (points: readonly ShownPoint[]) =>
  points.map((p): [number, number] => [p.t_s, p.bt]);

interface CurveOptionInput {
  points: readonly ShownPoint[];
  name: string;
  overlay?: { name: string; points: readonly ShownPoint[] } | undefined;
  colors: ChartColors;
  /** The chart's width in px, for the time axis's step. */
  width: number;
  /** The points carry drag handles of their own, so the line draws none. */
  editable: boolean;
  /** The plant's unit, the points are in. */
  unit: TemperatureUnit;
}

/**
 * BT (in the plant's unit) against time since charge (m:ss), with another version's curve
 * dashed over it.
 */
export function curveOption({
  points,
  name,
  overlay,
  colors,
  width,
  editable,
  unit,
}: CurveOptionInput): CurveChartOption {
  const symbol = temperatureSymbol(unit);
  const all = [...points, ...(overlay?.points ?? [])];
  const span = Math.max(60, ...all.map((p) => p.t_s));
  const step = timeStep(span, width || 600);
  const series: LineSeriesOption[] = [
    {
      id: 'current',
      type: 'line',
      name,
      data: asData(points),
      color: colors.curve,
      lineStyle: { width: 2 },
      showSymbol: !editable && points.length <= 60,
      symbolSize: 6,
      z: 3,
    },
  ];
  if (overlay) {
    series.push({
      id: 'overlay',
      type: 'line',
      name: overlay.name,
      data: asData(overlay.points),
      color: colors.overlay,
      lineStyle: { width: 2, type: 'dashed' },
      showSymbol: false,
      // Over the current curve: where the versions agree, its dashes still show it is there.
      z: 4,
    });
  }
  return {
    animation: false,
    legend: { show: overlay !== undefined, top: 0, type: 'scroll' },
    grid: { left: 8, right: 16, top: overlay ? 40 : 24, bottom: 28, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line' },
      formatter: (params) => {
        const items = Array.isArray(params) ? params : [params];
        const first = items[0]?.value;
        const time = Array.isArray(first) ? formatPointTime(Number(first[0])) : '';
        const lines = items.map((item) => {
          const value = Array.isArray(item.value) ? Number(item.value[1]) : Number.NaN;
          return `${format.encodeHTML(item.seriesName ?? '')}: ${value} ${symbol}`;
        });
        return [time, ...lines].join('<br/>');
      },
    },
    xAxis: {
      type: 'value',
      name: 'Time since charge',
      nameLocation: 'middle',
      nameGap: 30,
      min: 0,
      max: Math.ceil(span / step) * step,
      interval: step,
      axisLabel: { formatter: (value: number) => formatPointTime(value) },
    },
    yAxis: {
      type: 'value',
      name: `BT ${symbol}`,
      ...temperatureRange(
        all.map((p) => p.bt),
        unit,
      ),
    },
    series,
  };
}
