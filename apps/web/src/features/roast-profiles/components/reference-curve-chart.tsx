import { useEffect, useMemo, useRef } from 'react';
import { LineChart } from 'echarts/charts';
import {
  GraphicComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import { use as registerCharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import theme from 'antd/es/theme';
import type { TemperatureUnit } from '@roastery/contract';
import { useSvgChart } from '../../../components/use-svg-chart.ts';
import type { CurvePoint } from '../lib/settings-form.ts';
import {
  curveOption,
  type ChartColors,
  type CurveChartOption,
  type ShownPoint,
} from '../lib/curve-option.ts';
import styles from './reference-curve-chart.module.css';

// Only what this chart draws is bundled; the graphic component holds the drag handles.
registerCharts([
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  GraphicComponent,
  SVGRenderer,
]);

interface ReferenceCurveChartProps {
  /** The curve being edited or shown. */
  points: CurvePoint[];
  name: string;
  /** Another version's curve, drawn dashed over it. */
  overlay?: { name: string; points: ShownPoint[] } | undefined;
  /**
   * Given, each point has a handle that drags its temperature, in the plant's unit (row: the
   * table row).
   */
  onDragPoint?: ((row: number, bt: number) => void) | undefined;
  /** The plant's unit, the points are in. */
  unit: TemperatureUnit;
  /** What the chart shows, for screen readers. */
  label: string;
  height?: number;
}

/**
 * The bean temperature against time since charge. When it can be edited, every point carries a
 * round handle that drags up and down (ECharts has no dragging of a line's own points, so the
 * handles are graphic elements kept over them, as in its "draggable line" example).
 */
export function ReferenceCurveChart({
  points,
  name,
  overlay,
  onDragPoint,
  label,
  height = 360,
  unit,
}: ReferenceCurveChartProps) {
  const { token } = theme.useToken();
  const { root, chart, width } = useSvgChart();
  const handleCount = useRef(0);
  const drag = useRef(onDragPoint);
  useEffect(() => {
    drag.current = onDragPoint;
  });
  // A new chart starts without handles.
  useEffect(() => {
    handleCount.current = 0;
  }, [chart]);

  const colors: ChartColors = useMemo(
    () => ({
      curve: token.colorPrimary,
      overlay: token.colorTextDescription,
      handleFill: token.colorBgContainer,
    }),
    [token.colorPrimary, token.colorTextDescription, token.colorBgContainer],
  );
  const editable = onDragPoint !== undefined;
  const option = useMemo(
    () => curveOption({ points, name, overlay, colors, width, editable, unit }),
    [points, name, overlay, colors, width, editable, unit],
  );

  useEffect(() => {
    if (!chart) return;
    // Series come and go (the overlay); the handles are kept, so that one being dragged stays.
    chart.setOption(option, { replaceMerge: ['series'] });
    const shown = editable ? points : [];
    const radius = shown.length > 60 ? 4 : 6;
    const handles: NonNullable<CurveChartOption['graphic']> = shown.map((point, index) => {
      const [x, y] = chart.convertToPixel({ gridIndex: 0 }, [point.t_s, point.bt]);
      return {
        id: `handle-${index}`,
        type: 'circle',
        x,
        y,
        shape: { cx: 0, cy: 0, r: radius },
        style: { fill: colors.handleFill, stroke: colors.curve, lineWidth: 2 },
        cursor: 'ns-resize',
        draggable: 'vertical',
        z: 100,
        ondrag: (event) => {
          const [, bt] = chart.convertFromPixel({ gridIndex: 0 }, [event.target.x, event.target.y]);
          if (bt !== undefined) drag.current?.(point.row, Math.round(bt));
        },
      };
    });
    const removed = Array.from(
      { length: Math.max(0, handleCount.current - shown.length) },
      (_, i) => ({ id: `handle-${shown.length + i}`, $action: 'remove' as const }),
    );
    handleCount.current = shown.length;
    chart.setOption({ graphic: [...handles, ...removed] });
  }, [chart, option, points, editable, colors]);

  return (
    <div
      ref={root}
      className={styles.root}
      style={{ height }}
      role="img"
      aria-label={label}
      data-testid="reference-curve-chart"
    />
  );
}
