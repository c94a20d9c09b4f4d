import { useEffect, useMemo, useRef, useState } from 'react';
import theme from 'antd/es/theme';
import { init, type ECharts } from 'echarts/core';

/**
 * An ECharts instance drawn as SVG into the returned element, resized with it and disposed with
 * the component; `width` is the element's width, for options that depend on it (label spacing).
 * The chart is null until the element is mounted.
 */
export function useSvgChart() {
  const root = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts | null>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const element = root.current;
    if (!element) return undefined;
    const instance = init(element, undefined, { renderer: 'svg' });
    setChart(instance);
    const observer = new ResizeObserver(() => {
      instance.resize();
      setWidth(element.clientWidth);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      setChart(null);
    };
  }, []);

  return { root, chart, width };
}

/** Colours of a chart's series: the brand's copper first, then the theme's other strong colours, all readable on white. */
export function useSeriesPalette(): string[] {
  const { token } = theme.useToken();
  return useMemo(
    () => [
      token.colorPrimary,
      token.colorInfo,
      token.colorSuccess,
      token.colorWarning,
      '#6b4c9a',
      token.colorError,
      '#00796b',
      '#1f1713',
    ],
    [token.colorPrimary, token.colorInfo, token.colorSuccess, token.colorWarning, token.colorError],
  );
}
