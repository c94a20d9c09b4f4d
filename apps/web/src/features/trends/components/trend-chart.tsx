import { useEffect, useMemo, useRef, useState } from 'react';
import { LineChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendScrollComponent,
  TooltipComponent,
} from 'echarts/components';
import { use as registerCharts, type ECharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { HistorianSeries } from '@roastery/contract';
import { useSeriesPalette, useSvgChart } from '../../../components/use-svg-chart.ts';
import { trendOption } from '../lib/trend-option.ts';
import type { ZoomWindow } from '../lib/trend-range.ts';
import styles from './trend-chart.module.css';

// Only what the trend draws is bundled.
registerCharts([
  LineChart,
  GridComponent,
  LegendScrollComponent,
  TooltipComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  SVGRenderer,
]);

/** A zoom or pan is fetched once the wheel or the drag has paused this long. */
const ZOOM_SETTLE_MS = 350;

interface TrendChartProps {
  series: HistorianSeries;
  range: { from: number; to: number };
  now: number;
  /** The part of the range shown first; the chart keeps its own while zoomed and panned. */
  initialZoom: ZoomWindow;
  /** Called once a zoom or pan has settled, with the part now shown. */
  onZoom?: (zoom: ZoomWindow) => void;
  /** What the chart shows, for screen readers. */
  label: string;
  height: number;
}

/** The chart's window, as the dataZoom holds it after a zoom or pan. */
function zoomOf(chart: ECharts): ZoomWindow | undefined {
  const zooms = chart.getOption().dataZoom;
  const first = Array.isArray(zooms) ? (zooms[0] as { start?: number; end?: number }) : undefined;
  if (first?.start === undefined || first.end === undefined) return undefined;
  return { start: first.start, end: first.end };
}

/**
 * The trend of some tags as an ECharts line chart (SVG) that follows its container's width; a
 * zoom or pan, with the wheel, a drag or the slider, is reported when it settles.
 */
export function TrendChart({
  series,
  range,
  now,
  initialZoom,
  onZoom,
  label,
  height,
}: TrendChartProps) {
  const { root, chart, width } = useSvgChart();
  const [zoom, setZoom] = useState(initialZoom);
  const zoomed = useRef(onZoom);
  useEffect(() => {
    zoomed.current = onZoom;
  });

  useEffect(() => {
    if (!chart) return undefined;
    let settle: number | undefined;
    chart.on('datazoom', () => {
      const next = zoomOf(chart);
      if (!next) return;
      setZoom(next);
      window.clearTimeout(settle);
      settle = window.setTimeout(() => zoomed.current?.(next), ZOOM_SETTLE_MS);
    });
    return () => {
      window.clearTimeout(settle);
      if (!chart.isDisposed()) chart.off('datazoom');
    };
  }, [chart]);

  const palette = useSeriesPalette();
  const option = useMemo(
    () => trendOption({ series, range, now, zoom, palette, width: width || 800 }),
    [series, range, now, zoom, palette, width],
  );

  useEffect(() => {
    // Tags and units come and go: their series and axes are replaced, the zoom is kept.
    chart?.setOption(option, { replaceMerge: ['series', 'yAxis'] });
  }, [chart, option]);

  return (
    <div
      ref={root}
      className={styles.root}
      style={{ height }}
      role="img"
      aria-label={label}
      data-testid="trend-chart"
    />
  );
}
