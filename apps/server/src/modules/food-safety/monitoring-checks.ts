import type { RoastRecord } from '@roastery/contract';
import type { StoredMonitoringCheck } from '@roastery/db';

/** A product's critical limits as the monitoring reads them (°F, seconds); null: not monitored. */
export interface Limits {
  killStep: boolean;
  minBtF: number | null;
  minSeconds: number | null;
  maxEndF: number | null;
  maxTotalS: number | null;
  colourMin: number | null;
  colourMax: number | null;
}

export interface MonitoredRoast {
  secondsAtOrAbove: number | null;
  maxBtF: number;
  checks: StoredMonitoringCheck[];
  met: boolean;
}

type Sample = Pick<RoastRecord['samples'][number], 't_s' | 'bt_f'>;

const tenth = (n: number) => Math.round(n * 10) / 10;

/**
 * The longest continuous stretch, in seconds, during which BT was at or above `limitF`, from the
 * turning point on: BT at charge reads the hot drum, not the beans, so what comes before the
 * beans' lowest temperature is no heat treatment. Between two samples BT is taken as a straight
 * line, so a stretch starts and ends where the line crosses the limit.
 */
export function secondsAtOrAbove(samples: readonly Sample[], limitF: number, fromS = 0): number {
  const after = samples.filter((s) => s.t_s >= fromS);
  let best = 0;
  let run = 0;
  for (const [i, b] of after.entries()) {
    const a = after[i - 1];
    if (!a) continue;
    const span = b.t_s - a.t_s;
    const aIn = a.bt_f >= limitF;
    const bIn = b.bt_f >= limitF;
    if (aIn && bIn) {
      run += span;
    } else if (aIn !== bIn) {
      // The share of the span on the limit's side, where the straight line crosses it.
      const crossing = span * ((limitF - a.bt_f) / (b.bt_f - a.bt_f));
      if (aIn) {
        run += crossing;
        best = Math.max(best, run);
        run = 0;
      } else {
        run = span - crossing;
      }
    } else {
      run = 0;
    }
    best = Math.max(best, run);
  }
  return tenth(best);
}

function within(actual: number | null, min: number | null, max: number | null): boolean | null {
  if (min === null && max === null) return null;
  if (actual === null) return false;
  return (min === null || actual >= min) && (max === null || actual <= max);
}

/**
 * A roast's record against its product's critical limits: the time at the kill step's
 * temperature (only where the roast is the kill step), the end temperature and the total time
 * (acrylamide), and the colour. A value the roaster did not report misses a limit set for it.
 */
export function monitorRoast(record: RoastRecord, limits: Limits): MonitoredRoast {
  const fromS = record.events.turning_point?.t_s ?? 0;
  const curve = record.samples.filter((s) => s.t_s >= fromS);
  const maxBtF = tenth(Math.max(record.end_bt_f, ...curve.map((s) => s.bt_f)));
  const held =
    limits.killStep && limits.minBtF !== null
      ? secondsAtOrAbove(record.samples, limits.minBtF, fromS)
      : null;
  const killStep: StoredMonitoringCheck[] =
    limits.killStep && limits.minSeconds !== null
      ? [
          {
            criterion: 'time_at_temperature',
            actual: held,
            min: limits.minSeconds,
            max: null,
            met: held !== null && held >= limits.minSeconds,
          },
        ]
      : [];
  const checks: StoredMonitoringCheck[] = [
    ...killStep,
    {
      criterion: 'end_temperature',
      actual: tenth(record.end_bt_f),
      min: null,
      max: limits.maxEndF,
      met: within(record.end_bt_f, null, limits.maxEndF),
    },
    {
      criterion: 'total_time',
      actual: tenth(record.total_s),
      min: null,
      max: limits.maxTotalS,
      met: within(record.total_s, null, limits.maxTotalS),
    },
    {
      criterion: 'colour',
      actual: record.colour,
      min: limits.colourMin,
      max: limits.colourMax,
      met: within(record.colour, limits.colourMin, limits.colourMax),
    },
  ];
  return { secondsAtOrAbove: held, maxBtF, checks, met: checks.every((c) => c.met !== false) };
}
