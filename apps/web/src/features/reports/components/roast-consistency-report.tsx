import { useMemo, useState } from 'react';
import Segmented from 'antd/es/segmented';
import Typography from 'antd/es/typography';
import {
  deltaToUnit,
  temperatureSymbol,
  toUnit,
  type RoastConsistencyGroup,
  type RoastConsistencyRoast,
  type RoastFigureSpread,
  type TemperatureUnit,
} from '@roastery/contract';
import { useSeriesPalette } from '../../../components/use-svg-chart.ts';
import { formatSpelledTime } from '../../../lib/format-date.ts';
import { formatRoastTime } from '../../../lib/roast-time.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
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
  /** A value (a mean, a roast's) as shown and exported: a temperature in the plant's unit. */
  shown: (value: number) => number;
  /** A standard deviation likewise: a difference of temperatures has no 32 °F offset. */
  shownSpread: (value: number) => number;
}

const same = (value: number) => value;
/** To the hundredth, as the report gives every figure. */
const hundredth = (value: number) => Math.round(value * 100) / 100;
const shownOrNull = (value: number | null, as: (value: number) => number) =>
  value === null ? null : as(value);

/** A figure written to a tenth, in a unit of its own. */
const measured = (key: Figure, title: string, unit: string, missing: string): FigureLook => ({
  key,
  title,
  unit,
  format: decimal,
  describe: (value) => `${decimal(value)} ${unit}`,
  formatSpread: decimal,
  missing,
  shown: same,
  shownSpread: same,
});

/** The report's figures, the drop temperature in the plant's unit on screen and in the export. */
const figuresIn = (degrees: TemperatureUnit): readonly FigureLook[] => [
  {
    ...measured(
      'drop_f',
      'Drop',
      temperatureSymbol(degrees),
      'No drop temperature was recorded in these roasts.',
    ),
    shown: (value) => hundredth(toUnit(value, degrees)),
    shownSpread: (value) => hundredth(deltaToUnit(value, degrees)),
  },
  {
    key: 'first_crack_s',
    title: 'First crack',
    unit: 'm:ss',
    exportUnit: 's',
    format: formatRoastTime,
    describe: formatRoastTime,
    formatSpread: (value) => `${Math.round(value)} s`,
    missing: 'No first crack was recorded in these roasts.',
    shown: same,
    shownSpread: same,
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
  const show = (value: number) => f.format(f.shown(value));
  const under = [
    ...(s.min === s.max ? [] : [`${show(s.min)}–${show(s.max)}`]),
    ...(s.n < batches ? [`${s.n} of ${batches}`] : []),
  ];
  return (
    <>
      {s.sd === null ? show(s.mean) : `${show(s.mean)} ± ${f.formatSpread(f.shownSpread(s.sd))}`}
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
      value: (g) => shownOrNull(of(g).mean, f.shown),
      render: (g) => <SpreadCell s={of(g)} f={f} batches={g.batches} />,
      align: 'right',
    },
    ...(['sd', 'min', 'max'] as const).map((part): ReportColumn<RoastConsistencyGroup> => ({
      key: `${f.key}-${part}`,
      title: `${f.title} ${part === 'sd' ? 'SD' : part} (${unit})`,
      value: (g) => shownOrNull(of(g)[part], part === 'sd' ? f.shownSpread : f.shown),
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

const groupColumns = (figures: readonly FigureLook[]): ReportColumn<RoastConsistencyGroup>[] => [
  { key: 'product', title: 'Product', value: productOf, identity: true },
  { key: 'roaster', title: 'Roaster', value: (g) => g.roaster, identity: true },
  { key: 'batches', title: 'Batches', value: (g) => g.batches, align: 'right' },
  ...figures.flatMap(spreadColumns),
];

const roastColumns = (figures: readonly FigureLook[]): ReportColumn<RoastConsistencyRoast>[] => [
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
    value: (r) => shownOrNull(r[f.key], f.shown),
    render: (r) => {
      const value = r[f.key];
      return value === null ? EMPTY : f.format(f.shown(value));
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
  const unit = useTemperatureUnit();
  const {
    figures,
    groups: groupCols,
    roasts: roastCols,
  } = useMemo(() => {
    const looks = figuresIn(unit);
    return { figures: looks, groups: groupColumns(looks), roasts: roastColumns(looks) };
  }, [unit]);
  const figure = figures.find((f) => f.key === charted) ?? figures[0];
  const chartOf = (g: RoastConsistencyGroup, f: FigureLook) => ({
    label: `${f.title} of each roast of ${groupName(g)} against their mean`,
    option: againstMeanChart({
      categories: g.roasts.map((r) => r.label),
      values: g.roasts.map((r) => shownOrNull(r[f.key], f.shown)),
      mean: shownOrNull(g[f.key].mean, f.shown),
      sd: shownOrNull(g[f.key].sd, f.shownSpread),
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
        columns={groupCols}
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
              columns={roastCols}
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
