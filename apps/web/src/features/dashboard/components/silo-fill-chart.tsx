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
import { fillColor } from '../lib/fill-color.ts';
import styles from './silo-fill-chart.module.css';

// Only what this chart draws is bundled.
registerCharts([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

type ChartOption = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

function optionFor(silos: SiloStat[]): ChartOption {
  return {
    animation: false,
    grid: { left: 8, right: 36, top: 8, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v) => `${String(v)}%`,
    },
    xAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    yAxis: { type: 'category', inverse: true, data: silos.map((s) => s.name) },
    series: [
      {
        type: 'bar',
        barMaxWidth: 14,
        label: { show: true, position: 'right', formatter: '{c}%' },
        data: silos.map((s) => ({
          value: Math.round(Math.min(100, Math.max(0, s.percentage))),
          itemStyle: { color: fillColor(s.percentage) },
        })),
      },
    ],
  };
}

/** Each silo's fill as a bar, so the fullest and emptiest stand out across the plant. */
export function SiloFillChart({ silos }: { silos: SiloStat[] }) {
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
    chart.current?.setOption(optionFor(silos), { notMerge: true });
  }, [silos]);

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
