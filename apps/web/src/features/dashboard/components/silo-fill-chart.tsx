import { useEffect, useRef } from 'react';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  TooltipComponent,
  type GridComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { init, use as registerCharts, type ComposeOption, type ECharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { SiloStat } from '@roastery/contract';
import { hasNoLevelSensor } from '../../../components/silo-fill.tsx';
import { useLiveStatus, type LiveStatus } from '../../../lib/live-status.ts';
import { livenessOf } from '../../../lib/value-liveness.ts';
import { fillColor } from '../lib/fill-color.ts';
import styles from './silo-fill-chart.module.css';

// Only what this chart draws is bundled.
registerCharts([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

type ChartOption = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;
type BarDataItem = Exclude<
  NonNullable<BarSeriesOption['data']>[number],
  number | string | Date | null | undefined | unknown[]
>;

/** A bar across the whole axis, grey and hatched: the level is not known, not empty or full. */
const NOT_LIVE_BAR: BarDataItem['itemStyle'] = {
  color: '#ebe6e1',
  borderColor: '#a39a93',
  borderType: 'dashed',
  borderWidth: 1,
  decal: {
    symbol: 'rect',
    symbolSize: 1,
    dashArrayX: [1, 0],
    dashArrayY: [3, 5],
    rotation: -Math.PI / 4,
    color: 'rgba(115, 106, 99, 0.35)',
  },
};

function optionFor(silos: SiloStat[], link: LiveStatus): ChartOption {
  const bars = silos.map((s) => {
    const liveness = hasNoLevelSensor(s) ? { live: true as const } : livenessOf(s, link);
    if (!liveness.live) {
      return {
        value: 100,
        itemStyle: NOT_LIVE_BAR,
        label: {
          position: 'insideLeft' as const,
          color: '#4a423c',
          formatter: liveness.sinceText
            ? `${liveness.label} · ${liveness.sinceText}`
            : liveness.label,
        },
        text: liveness.description,
      };
    }
    const percent = Math.round(Math.min(100, Math.max(0, s.percentage)));
    return { value: percent, itemStyle: { color: fillColor(s.percentage) }, text: `${percent}%` };
  });
  return {
    animation: false,
    grid: { left: 8, right: 36, top: 8, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const first = Array.isArray(params) ? params[0] : params;
        const bar = first ? bars[first.dataIndex] : undefined;
        return first && bar ? `${first.name}: ${bar.text}` : '';
      },
    },
    xAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    yAxis: { type: 'category', inverse: true, data: silos.map((s) => s.name) },
    series: [
      {
        type: 'bar',
        barMaxWidth: 14,
        label: { show: true, position: 'right', formatter: '{c}%' },
        data: bars.map(({ text: _text, ...bar }) => bar),
      },
    ],
  };
}

/** Each silo's fill as a bar, so the fullest and emptiest stand out across the plant. */
export function SiloFillChart({ silos }: { silos: SiloStat[] }) {
  const link = useLiveStatus();
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    if (!host.current) return;
    const instance = init(host.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(host.current);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(optionFor(silos, link), { notMerge: true });
  }, [silos, link]);

  return (
    <div
      ref={host}
      className={styles.chart}
      style={{ height: Math.max(120, silos.length * 26 + 24) }}
      role="img"
      aria-label="Fill of each silo and bin"
    />
  );
}
