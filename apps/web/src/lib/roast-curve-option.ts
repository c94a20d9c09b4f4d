import type { LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { format, type ComposeOption } from 'echarts/core';
import {
  deltaToUnit,
  rateSymbol,
  temperatureSymbol,
  toUnit,
  type ReferencePoint,
  type RoastEventName,
  type TemperatureUnit,
} from '@roastery/contract';
import { formatRoastTime, roastTimeStep } from './roast-time.ts';
import { legendRows } from './legend-rows.ts';

export type RoastChartOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | MarkLineComponentOption
>;

/** One second of a roast as the chart draws it; burner and airflow are null where not reported. */
export interface RoastCurvePoint {
  t_s: number;
  bt_f: number;
  et_f: number;
  ror_f_per_min: number | null;
  burner_pct: number | null;
  airflow_pct: number | null;
}

export interface RoastCurveColors {
  bt: string;
  et: string;
  ror: string;
  reference: string;
  band: string;
  burner: string;
  airflow: string;
  marker: string;
  /** Behind the event labels, so that they read over the curves they cross. */
  labelBackground: string;
}

export const roastEventLabels: Record<RoastEventName, string> = {
  turning_point: 'Turning point',
  dry_end: 'Dry end',
  first_crack: 'First crack',
  drop: 'Drop',
};

/** How far BT may stray from the reference before the roaster steps in, either way. */
export const REFERENCE_BAND_F = 5;

/** A chart's temperature steps in each unit: 50 °F is about 25 °C. */
const scales: Record<
  TemperatureUnit,
  { degrees: number; room: number; ror: number; empty: { min: number; max: number } }
> = {
  F: { degrees: 50, room: 20, ror: 10, empty: { min: 100, max: 500 } },
  C: { degrees: 25, room: 10, ror: 5, empty: { min: 50, max: 250 } },
};

export interface RoastCurveInput {
  samples: readonly RoastCurvePoint[];
  reference: readonly ReferencePoint[] | null;
  events: Partial<Record<RoastEventName, { t_s: number; bt_f: number } | null>>;
  colors: RoastCurveColors;
  /** The plant's unit: the temperatures are given in °F and drawn in it. */
  unit: TemperatureUnit;
  /** The chart's width in px: the time axis's step and the legend's rows. */
  width: number;
  /** A time picked on the chart, to mark an event at. */
  pickedS?: number | null;
}

const LEGEND_ROW_PX = 24;
/** The rate of rise is drawn from 0 up: its plunge at charge would squash the roast's part. */
const ROR_SETTLE_S = 90;

/**
 * A temperature axis's range: the values (in the unit) with some room, labelled on whole 50 °F
 * or 25 °C (left to itself, ECharts labels a °C axis every 30, and its top one beside the max).
 * Fixed by the option rather than left to ECharts, so that it does not move under a handle
 * being dragged until the point leaves it.
 */
export function temperatureRange(
  values: readonly number[],
  unit: TemperatureUnit,
): { min: number; max: number; interval: number } {
  const { degrees, room, empty } = scales[unit];
  if (values.length === 0) return { ...empty, interval: degrees };
  const low = Math.min(...values) - room;
  const high = Math.max(...values) + room;
  return {
    min: Math.floor(low / degrees) * degrees,
    max: Math.ceil(high / degrees) * degrees,
    interval: degrees,
  };
}

/** The time axis from charge: the longest curve, on whole steps. */
export function timeAxis(spanS: number, width: number) {
  const span = Math.max(60, spanS);
  const step = roastTimeStep(span, width || 600);
  return {
    type: 'value' as const,
    min: 0,
    // On the next whole minute: a narrow chart's coarse step would leave minutes of nothing.
    max: Math.ceil(span / 60) * 60,
    interval: step,
    axisLabel: { formatter: (value: number) => formatRoastTime(value) },
  };
}

/** An event as the chart and the record's list of events say it: 'First crack 8:41 · 196 °C'. */
export function roastEventText(event: { t_s: number; bt_f: number }, unit: TemperatureUnit) {
  return `${formatRoastTime(event.t_s)} · ${Math.round(toUnit(event.bt_f, unit))} ${temperatureSymbol(unit)}`;
}

function eventLines(input: RoastCurveInput): MarkLineComponentOption {
  const lines: NonNullable<MarkLineComponentOption['data']> = [];
  for (const [name, event] of Object.entries(input.events)) {
    if (!event) continue;
    const label = roastEventLabels[name as RoastEventName];
    lines.push({
      xAxis: event.t_s,
      name: label,
      label: { formatter: `${label} ${roastEventText(event, input.unit)}` },
    });
  }
  if (input.pickedS != null) {
    lines.push({
      xAxis: input.pickedS,
      name: 'Picked',
      lineStyle: { type: 'solid', color: input.colors.ror },
      label: { formatter: `Picked ${formatRoastTime(input.pickedS)}` },
    });
  }
  return {
    silent: true,
    symbol: 'none',
    animation: false,
    lineStyle: { type: 'dashed', color: input.colors.marker },
    // Along the line, each label takes a line's height across: events seconds apart stay readable.
    label: {
      position: 'insideEndTop',
      color: input.colors.marker,
      backgroundColor: input.colors.labelBackground,
      padding: [1, 2],
      fontSize: 11,
    },
    data: lines,
  };
}

function tooltipFormatter(unit: TemperatureUnit): TooltipComponentOption['formatter'] {
  const degrees = temperatureSymbol(unit);
  const units: Record<string, string> = {
    bt: degrees,
    et: degrees,
    reference: degrees,
    ror: rateSymbol(unit),
    burner: '%',
    airflow: '%',
  };
  return (params) => {
    const items = (Array.isArray(params) ? params : [params]).filter(
      (item) => units[item.seriesId ?? ''] !== undefined,
    );
    const first = items[0]?.value;
    const time = Array.isArray(first) ? formatRoastTime(Number(first[0])) : '';
    const rows = items.map((item) => {
      const value = Array.isArray(item.value) ? item.value[1] : null;
      const shown = typeof value === 'number' ? value.toFixed(1) : '—';
      return `${String(item.marker ?? '')}${format.encodeHTML(item.seriesName ?? '')}: ${shown} ${units[item.seriesId ?? ''] ?? ''}`;
    });
    return [time, ...rows].join('<br/>');
  };
}

/**
 * A roast as a roaster reads it: BT and ET in the plant's unit with the rate of rise on a second
 * axis, the reference with its ±5 °F band, the events as dashed lines with their time and BT, and
 * burner and airflow in a band of their own below, on the same time since charge.
 */
export function roastCurveOption(input: RoastCurveInput): RoastChartOption {
  const { samples, reference, colors, width, unit } = input;
  const degrees = (valueF: number) => toUnit(valueF, unit);
  const band = deltaToUnit(REFERENCE_BAND_F, unit);
  const hasPower = samples.some((s) => s.burner_pct !== null || s.airflow_pct !== null);
  const line = (id: string, name: string, color: string, data: [number, number | null][]) =>
    ({
      id,
      type: 'line',
      name,
      data,
      color,
      showSymbol: false,
      lineStyle: { width: 2 },
      connectNulls: false,
    }) satisfies LineSeriesOption;
  const series: LineSeriesOption[] = [
    {
      ...line(
        'bt',
        'BT',
        colors.bt,
        samples.map((s) => [s.t_s, degrees(s.bt_f)]),
      ),
      z: 5,
    },
    line(
      'et',
      'ET',
      colors.et,
      samples.map((s) => [s.t_s, degrees(s.et_f)]),
    ),
    {
      ...line(
        'ror',
        'RoR',
        colors.ror,
        samples.map((s) => [
          s.t_s,
          s.ror_f_per_min === null ? null : deltaToUnit(s.ror_f_per_min, unit),
        ]),
      ),
      yAxisIndex: 1,
      lineStyle: { width: 1.5 },
    },
  ];
  series[0] = { ...series[0], markLine: eventLines(input) };
  if (reference && reference.length > 0) {
    const stacked = { type: 'line' as const, stack: 'band', silent: true, showSymbol: false };
    // The dashed line comes first: the legend draws its name's icon from it.
    series.push(
      {
        ...line(
          'reference',
          'Reference',
          colors.reference,
          reference.map((p) => [p.t_s, degrees(p.bt_f)]),
        ),
        lineStyle: { width: 1.5, type: 'dashed' },
      },
      {
        ...stacked,
        id: 'band-low',
        data: reference.map((p) => [p.t_s, degrees(p.bt_f) - band]),
        lineStyle: { opacity: 0 },
      },
      {
        ...stacked,
        id: 'band',
        name: 'Reference',
        data: reference.map((p) => [p.t_s, 2 * band]),
        lineStyle: { opacity: 0 },
        areaStyle: { color: colors.band },
        color: colors.reference,
      },
    );
  }
  if (hasPower) {
    const lower = { xAxisIndex: 1, yAxisIndex: 2, step: 'end' as const };
    series.push(
      {
        ...line(
          'burner',
          'Burner',
          colors.burner,
          samples.map((s) => [s.t_s, s.burner_pct]),
        ),
        ...lower,
      },
      {
        ...line(
          'airflow',
          'Airflow',
          colors.airflow,
          samples.map((s) => [s.t_s, s.airflow_pct]),
        ),
        ...lower,
      },
    );
  }
  const names = series.flatMap((s) =>
    typeof s.name === 'string' && s.id !== 'band' ? [s.name] : [],
  );
  const top = 8 + legendRows(names, width - 16) * LEGEND_ROW_PX + 28;
  const span = Math.max(samples.at(-1)?.t_s ?? 0, reference?.at(-1)?.t_s ?? 0);
  const axis = timeAxis(span, width);
  const temperatures = [
    ...samples.flatMap((s) => [degrees(s.bt_f), degrees(s.et_f)]),
    ...(reference ?? []).map((p) => degrees(p.bt_f)),
  ];
  const settled = samples.flatMap((s) =>
    s.t_s >= ROR_SETTLE_S && s.ror_f_per_min !== null ? [s.ror_f_per_min] : [],
  );
  // Up to 30 °F/min (15 °C/min) at least, on whole steps above the steepest settled rise.
  const rorStep = scales[unit].ror;
  const rorTop = deltaToUnit(Math.max(0, ...settled) + 5, unit);
  const rorMax = Math.max(3 * rorStep, Math.ceil(rorTop / rorStep) * rorStep);
  const grids: GridComponentOption[] = hasPower
    ? [
        { left: 52, right: 56, top, bottom: 132 },
        { left: 52, right: 56, height: 64, bottom: 36 },
      ]
    : [{ left: 52, right: 56, top, bottom: 36 }];
  return {
    animation: false,
    legend: { top: 8, left: 8, right: 8, data: names },
    // Confined: near the chart's edge on a phone, the tooltip would widen the page.
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'line' },
      formatter: tooltipFormatter(unit),
    },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    grid: grids,
    xAxis: hasPower
      ? [
          { ...axis, gridIndex: 0, axisLabel: { show: false } },
          { ...axis, gridIndex: 1 },
        ]
      : [axis],
    yAxis: [
      {
        type: 'value',
        name: temperatureSymbol(unit),
        gridIndex: 0,
        ...temperatureRange(temperatures, unit),
      },
      {
        type: 'value',
        name: rateSymbol(unit),
        gridIndex: 0,
        position: 'right',
        min: 0,
        max: rorMax,
        splitLine: { show: false },
      },
      ...(hasPower
        ? [{ type: 'value' as const, name: '%', gridIndex: 1, min: 0, max: 100, interval: 50 }]
        : []),
    ],
    series,
  };
}
