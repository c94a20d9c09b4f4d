import { useState } from 'react';
import Segmented from 'antd/es/segmented';
import Typography from 'antd/es/typography';
import type {
  RoastConsistencyGroup,
  RoastConsistencyRoast,
  RoastFigureSpread,
} from '@roastery/contract';
import { useSeriesPalette } from '../../../components/use-svg-chart.ts';
import { formatSpelledTime } from '../../../lib/format-date.ts';
import { formatRoastTime } from '../../../lib/roast-time.ts';
import { useReport } from '../api/get-report.ts';
import { againstMeanChart, PX_PER_ROAST } from '../lib/chart-options.ts';
import type { Period } from '../lib/period.ts';
import { ReportSection, type ReportColumn } from './report-section.tsx';
import styles from './reports.module.css';

type Figure = 'drop_f' | 'first_crack_s' | 'development_pct' | 'loss_pct' | 'colour';

const EMPTY = '—';
const NO_PRODUCT = 'None';
const tenth = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const decimal = (value: number) => tenth.format(value);

/** A figure as the tables and charts write it: its unit, and how a value and a spread read. */
interface FigureLook {
  key: Figure;
  title: string;
  /** The unit on screen, and in the export where the export writes the same numbers. */
  unit: string;
  /** The unit of the exported numbers, where they are not written as on screen. */
  exportUnit?: string;
  format: (value: number) => string;
  /** A value with its unit, as a chart's tooltip writes it. */
  describe: (value: number) => string;
  /** A standard deviation: first crack's in seconds, not as a time of the roast. */
  formatSpread: (value: number) => string;
  /** Said in place of the chart when no roast of a group has the figure. */
  missing: string;
}

/** A figure written to a tenth, in a unit of its own. */
const measured = (key: Figure, title: string, unit: string, missing: string): FigureLook => ({
  key,
  title,
  unit,
  format: decimal,
  describe: (value) => `${decimal(value)} ${unit}`,
  formatSpread: decimal,
  missing,
});

const figures: readonly FigureLook[] = [
  measured('drop_f', 'Drop', '°F', 'No drop temperature was recorded in these roasts.'),
  {
    key: 'first_crack_s',
    title: 'First crack',
    unit: 'm:ss',
    exportUnit: 's',
    format: formatRoastTime,
    describe: formatRoastTime,
    formatSpread: (value) => `${Math.round(value)} s`,
    missing: 'No first crack was recorded in these roasts.',
  },
  measured(
    'development_pct',
    'Development',
    '%',
    'Without a first crack, these roasts have no development.',
  ),
  measured('loss_pct', 'Loss', '%', 'These roasts were not weighed in and out.'),
  measured('colour', 'Colour', 'Agtron', 'No colour was read for these roasts.'),
];

const productOf = (g: RoastConsistencyGroup) => g.product_name ?? NO_PRODUCT;
const groupName = (g: RoastConsistencyGroup) => `${productOf(g)} · ${g.roaster}`;
const groupKey = (g: RoastConsistencyGroup) => `${g.product_id ?? 'none'}-${g.roaster_code}`;

/**
 * Mean ± deviation; under it the lowest and highest where they differ, and how many of the
 * roasts had the figure where some did not.
 */
function SpreadCell({ s, f, batches }: { s: RoastFigureSpread; f: FigureLook; batches: number }) {
  if (s.mean === null || s.min === null || s.max === null) return EMPTY;
  const under = [
    ...(s.min === s.max ? [] : [`${f.format(s.min)}–${f.format(s.max)}`]),
    ...(s.n < batches ? [`${s.n} of ${batches}`] : []),
  ];
  return (
    <>
      {s.sd === null ? f.format(s.mean) : `${f.format(s.mean)} ± ${f.formatSpread(s.sd)}`}
      {under.length > 0 ? <div className={styles.kind}>{under.join(' · ')}</div> : null}
    </>
  );
}

/** A figure shown as its spread, exported as mean, deviation, lowest, highest and roasts. */
function spreadColumns(f: FigureLook): ReportColumn<RoastConsistencyGroup>[] {
  const unit = f.exportUnit ?? f.unit;
  const of = (g: RoastConsistencyGroup) => g[f.key];
  return [
    {
      key: f.key,
      title: `${f.title} (${f.unit})`,
      exportTitle: `${f.title} mean (${unit})`,
      value: (g) => of(g).mean,
      render: (g) => <SpreadCell s={of(g)} f={f} batches={g.batches} />,
      align: 'right',
    },
    ...(['sd', 'min', 'max'] as const).map((part): ReportColumn<RoastConsistencyGroup> => ({
      key: `${f.key}-${part}`,
      title: `${f.title} ${part === 'sd' ? 'SD' : part} (${unit})`,
      value: (g) => of(g)[part],
      exportOnly: true,
    })),
    {
      key: `${f.key}-n`,
      title: `${f.title} roasts`,
      value: (g) => of(g).n,
      exportOnly: true,
    },
  ];
}

const groupColumns: ReportColumn<RoastConsistencyGroup>[] = [
  { key: 'product', title: 'Product', value: productOf, identity: true },
  { key: 'roaster', title: 'Roaster', value: (g) => g.roaster, identity: true },
  { key: 'batches', title: 'Batches', value: (g) => g.batches, align: 'right' },
  ...figures.flatMap(spreadColumns),
];

const roastColumns: ReportColumn<RoastConsistencyRoast>[] = [
  { key: 'label', title: 'Batch', value: (r) => r.label, identity: true, nowrap: true },
  {
    key: 'charged',
    title: 'Charged',
    value: (r) => r.charged_at,
    render: (r) => formatSpelledTime(r.charged_at),
  },
  ...figures.map((f): ReportColumn<RoastConsistencyRoast> => ({
    key: f.key,
    title: `${f.title} (${f.unit})`,
    exportTitle: `${f.title} (${f.exportUnit ?? f.unit})`,
    value: (r) => r[f.key],
    render: (r) => {
      const value = r[f.key];
      return value === null ? EMPTY : f.format(value);
    },
    align: 'right',
  })),
];

/** Up to this many roasts a chart takes the room it is given; beyond, each roast its own. */
const ROASTS_IN_ANY_WIDTH = 12;

/**
 * How alike each product's roasts were on each roaster: drop temperature, first crack,
 * development, loss and colour, with their spread; then each group's roasts, charted against
 * the group's mean.
 */
export function RoastConsistencyReport({ period }: { period: Period }) {
  const query = useReport('roast_consistency', period);
  const groups = query.data?.groups;
  const [charted, setCharted] = useState<Figure>('drop_f');
  const [roastColour = '', meanColour = ''] = useSeriesPalette();
  const figure = figures.find((f) => f.key === charted) ?? figures[0];
  const chartOf = (g: RoastConsistencyGroup, f: FigureLook) => ({
    label: `${f.title} of each roast of ${groupName(g)} against their mean`,
    option: againstMeanChart({
      categories: g.roasts.map((r) => r.label),
      values: g.roasts.map((r) => r[f.key]),
      mean: g[f.key].mean,
      sd: g[f.key].sd,
      name: f.title,
      unit: f.unit,
      format: f.format,
      describe: f.describe,
      colours: [roastColour, meanColour],
    }),
    ...(g.roasts.length > ROASTS_IN_ANY_WIDTH ? { minWidth: g.roasts.length * PX_PER_ROAST } : {}),
  });
  return (
    <>
      <ReportSection
        title="Per product and roaster"
        query={query}
        rows={groups}
        columns={groupColumns}
        rowKey={groupKey}
        fileName="roast-consistency"
        empty="No roasts were recorded in this period."
      >
        <Typography.Paragraph type="secondary">
          Each figure is the mean ± the standard deviation over the roasts charged in the period,
          with the lowest and highest under it. Drop is the bean temperature at the drop;
          development is first crack to drop, in percent of the roast; loss is what the roast took
          off the green weight, as the roaster’s scale weighed it. Roasts that no order ran are
          listed under their roaster, with None as the product.
        </Typography.Paragraph>
      </ReportSection>
      {groups && groups.length > 0 && figure ? (
        <>
          <div className={styles.toolbar}>
            <div className={styles.figurePicker}>
              <Segmented<Figure>
                aria-label="Charted figure"
                value={figure.key}
                onChange={setCharted}
                options={figures.map((f) => ({ value: f.key, label: f.title }))}
              />
            </div>
          </div>
          {groups.map((g) => (
            <ReportSection
              key={groupKey(g)}
              title={groupName(g)}
              query={query}
              rows={g.roasts}
              columns={roastColumns}
              rowKey={(r) => String(r.record_id)}
              fileName={`roast-consistency-${productOf(g)}-${g.roaster_code}`}
              chart={g[figure.key].n > 0 ? chartOf(g, figure) : undefined}
            >
              {g[figure.key].n > 0 ? null : (
                <Typography.Paragraph type="secondary">{figure.missing}</Typography.Paragraph>
              )}
            </ReportSection>
          ))}
        </>
      ) : null}
    </>
  );
}
