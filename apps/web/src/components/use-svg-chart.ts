import { useEffect, useRef, useState } from 'react';
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
