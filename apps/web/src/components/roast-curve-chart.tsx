import { useEffect, useMemo, useRef } from 'react';
import { LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { use as registerCharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import theme from 'antd/es/theme';
import { formatTemperature } from '@roastery/contract';
import {
  roastCurveOption,
  type RoastCurveColors,
  type RoastCurveInput,
} from '../lib/roast-curve-option.ts';
import { formatRoastTime } from '../lib/roast-time.ts';
import { useTemperatureUnit } from '../lib/use-temperature-unit.ts';
import { useSvgChart } from './use-svg-chart.ts';
import styles from './roast-curve-chart.module.css';

registerCharts([
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  MarkLineComponent,
  SVGRenderer,
]);

/** The console's palette for a roast: the brand's copper for BT, as the reference curve draws it. */
export function useRoastCurveColors(): RoastCurveColors {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      bt: token.colorPrimary,
      et: token.colorError,
      ror: token.colorInfo,
      reference: token.colorTextSecondary,
      band: token.colorFill,
      burner: '#6b4c9a',
      airflow: '#00796b',
      marker: token.colorTextSecondary,
      labelBackground: token.colorBgContainer,
    }),
    [
      token.colorPrimary,
      token.colorError,
      token.colorInfo,
      token.colorTextSecondary,
      token.colorFill,
      token.colorBgContainer,
    ],
  );
}

type RoastCurveChartProps = Omit<RoastCurveInput, 'colors' | 'width' | 'unit'> & {
  /** Given, a click on the chart picks the time since charge under the pointer. */
  onPick?: ((t_s: number) => void) | undefined;
  /** What the chart shows, for screen readers. */
  label: string;
  height?: number;
};

/**
 * A roast's curves against time since charge (see roastCurveOption), drawn as SVG in the plant's
 * temperature unit. Its description (aria-description) names the last bean temperature drawn
 * and when.
 */
export function RoastCurveChart({ onPick, label, height = 420, ...curve }: RoastCurveChartProps) {
  const colors = useRoastCurveColors();
  const unit = useTemperatureUnit();
  const { root, chart, width } = useSvgChart();
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });
  const { samples, reference, events, pickedS } = curve;
  const option = useMemo(
    () => roastCurveOption({ samples, reference, events, pickedS, colors, width, unit }),
    [samples, reference, events, pickedS, colors, width, unit],
  );

  const last = samples.at(-1);
  const drawn = last
    ? `Bean temperature ${formatTemperature(last.bt_f, unit)} at ${formatRoastTime(last.t_s)}`
    : 'No readings yet';
  useEffect(() => {
    if (!chart) return;
    chart.setOption(option, { replaceMerge: ['series', 'grid', 'xAxis', 'yAxis'] });
    // Told once drawn (setOption draws before it returns), so the figure's description is what
    // it shows, and a reader or a test can tell how far the drawing is behind the reading.
    root.current?.setAttribute('aria-description', drawn);
  }, [chart, option, drawn, root]);

  useEffect(() => {
    if (!chart) return undefined;
    const zr = chart.getZr();
    const onClick = (event: { offsetX: number; offsetY: number }) => {
      const point = [event.offsetX, event.offsetY];
      if (!pick.current || !chart.containPixel({ gridIndex: 0 }, point)) return;
      const [t] = chart.convertFromPixel({ gridIndex: 0 }, point);
      if (t !== undefined && t >= 0) pick.current(Math.round(t));
    };
    zr.on('click', onClick);
    return () => {
      if (!chart.isDisposed()) zr.off('click', onClick);
    };
  }, [chart]);

  return (
    <div
      ref={root}
      className={styles.root}
      style={{ height, cursor: onPick ? 'crosshair' : undefined }}
      role="img"
      aria-label={label}
      data-testid="roast-curve-chart"
    />
  );
}
