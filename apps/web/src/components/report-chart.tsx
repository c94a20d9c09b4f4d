import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import { SVGRenderer } from 'echarts/renderers';
import styles from './report-chart.module.css';

// Only the parts the console draws, so the chart code stays small.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = echarts.ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

interface ReportChartProps {
  option: ChartOption;
  /** What the chart shows, for screen readers. */
  label: string;
  height?: number;
}

/** An ECharts chart (SVG) that follows its container's width. */
export function ReportChart({ option, label, height = 280 }: ReportChartProps) {
  const root = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = root.current;
    if (!element) return undefined;
    const instance = echarts.init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={root}
      className={styles.root}
      style={{ height }}
      role="img"
      aria-label={label}
      data-testid="report-chart"
    />
  );
}
