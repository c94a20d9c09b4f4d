import {
  orderNumber,
  type RoastConsistencyGroup,
  type RoastConsistencyRoast,
  type RoastFigureSpread,
} from '@roastery/contract';
import type { RoastRecordRow } from './report-repository.ts';

/** The figures the report compares across a group's roasts. */
type Figure = 'drop_f' | 'first_crack_s' | 'development_pct' | 'loss_pct' | 'colour';

/** Every figure is given to the hundredth: °F, seconds, percent and colour alike. */
const hundredth = (n: number) => Math.round(n * 100) / 100;

/**
 * Mean, sample standard deviation (n - 1: the roasts are a sample of how the product roasts on
 * that roaster), lowest and highest of the values a group has.
 */
export function spread(values: readonly number[]): RoastFigureSpread {
  const n = values.length;
  if (n === 0) return { n, mean: null, sd: null, min: null, max: null };
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  const sd =
    n < 2 ? null : Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1));
  return {
    n,
    mean: hundredth(mean),
    sd: sd === null ? null : hundredth(sd),
    min: hundredth(Math.min(...values)),
    max: hundredth(Math.max(...values)),
  };
}

/** The roast's figures from its record: unrounded, so that a group's spread is exact. */
function figuresOf(row: RoastRecordRow): Record<Figure, number | null> & { drop_f: number } {
  const crack = row.events.first_crack;
  const green = row.greenCenti;
  const roasted = row.roastedCenti;
  return {
    drop_f: row.endBtF,
    first_crack_s: crack?.t_s ?? null,
    // Without first crack there is no development to speak of: left out, not counted as 0 %.
    development_pct: crack ? row.phases.development_ratio_pct : null,
    loss_pct:
      green === null || roasted === null || green <= 0 ? null : ((green - roasted) / green) * 100,
    colour: row.colour,
  };
}

function labelOf(row: RoastRecordRow): string {
  if (row.orderId === null) return `Roast #${row.recordId}`;
  const number = orderNumber(row.orderId);
  return row.batchSeq === null ? number : `${number} · batch ${row.batchSeq}`;
}

const shown = (value: number | null) => (value === null ? null : hundredth(value));

/**
 * The roast records grouped per product and roaster: each figure's spread and each roast's
 * figures. A roast no order ran (or whose order has no product) is its roaster's, under no
 * product. Products by name, those without one last, then roasters by name; roasts stay in the
 * order given (oldest charge first).
 */
export function roastConsistency(rows: readonly RoastRecordRow[]): RoastConsistencyGroup[] {
  const groups = new Map<string, { head: RoastRecordRow; rows: RoastRecordRow[] }>();
  for (const row of rows) {
    const key = `${row.productId ?? ''}/${row.roasterRef}`;
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { head: row, rows: [row] });
  }
  return [...groups.values()]
    .map(({ head, rows: ofGroup }) => {
      const measured = ofGroup.map((row) => ({ row, figures: figuresOf(row) }));
      const spreadOf = (figure: Figure) =>
        spread(
          measured.flatMap(({ figures }) => {
            const value = figures[figure];
            return value === null ? [] : [value];
          }),
        );
      const roasts = measured.map(({ row, figures }): RoastConsistencyRoast => ({
        record_id: row.recordId,
        batch_id: row.batchId,
        order_id: row.orderId,
        batch_seq: row.batchSeq,
        label: labelOf(row),
        charged_at: row.chargedAt.toISOString(),
        drop_f: hundredth(figures.drop_f),
        first_crack_s: shown(figures.first_crack_s),
        development_pct: shown(figures.development_pct),
        loss_pct: shown(figures.loss_pct),
        colour: shown(figures.colour),
      }));
      return {
        product_id: head.productId,
        product_name: head.productName,
        roaster: head.roasterName,
        roaster_code: head.roasterCode,
        batches: ofGroup.length,
        drop_f: spreadOf('drop_f'),
        first_crack_s: spreadOf('first_crack_s'),
        development_pct: spreadOf('development_pct'),
        loss_pct: spreadOf('loss_pct'),
        colour: spreadOf('colour'),
        roasts,
      };
    })
    .sort(
      (a, b) =>
        Number(a.product_name === null) - Number(b.product_name === null) ||
        (a.product_name ?? '').localeCompare(b.product_name ?? '', 'en') ||
        a.roaster.localeCompare(b.roaster, 'en'),
    );
}
