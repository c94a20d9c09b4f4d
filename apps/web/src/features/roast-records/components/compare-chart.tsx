import { useEffect, useMemo } from 'react';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use as registerCharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import theme from 'antd/es/theme';
import type { RoastRecord } from '@roastery/contract';
import { useSeriesPalette, useSvgChart } from '../../../components/use-svg-chart.ts';
import { formatSpelledTime } from '../../../lib/format-date.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { compareOption } from '../lib/compare-option.ts';

registerCharts([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** The compared roasts' BT, aligned at charge, over the references they ran against. */
export function CompareChart({ records }: { records: RoastRecord[] }) {
  const { token } = theme.useToken();
  const { root, chart, width } = useSvgChart();
  const palette = useSeriesPalette();
  const unit = useTemperatureUnit();
  const option = useMemo(
    () =>
      compareOption({
        records,
        names: records.map((r) => `#${r.id} ${r.roaster} ${formatSpelledTime(r.charged_at)}`),
        palette,
        referenceColor: token.colorTextSecondary,
        width: width || 600,
        unit,
      }),
    [records, palette, token.colorTextSecondary, width, unit],
  );
  useEffect(() => {
    chart?.setOption(option, { replaceMerge: ['series'] });
  }, [chart, option]);
  return (
    <div
      ref={root}
      style={{ width: '100%', minWidth: 0, height: 420 }}
      role="img"
      aria-label={`BT of ${records.length} roasts compared, aligned at charge`}
      data-testid="compare-chart"
    />
  );
}
