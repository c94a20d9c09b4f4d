import { describe, expect, it } from 'vitest';
import { countPlan, type CountPart } from './event-count-plan.ts';

const at = (iso: string) => new Date(iso);
const shown = (parts: CountPart[]) =>
  parts.map((p) => `${p.source} ${p.from?.toISOString() ?? '-'} ${p.to?.toISOString() ?? '-'}`);

describe('countPlan', () => {
  it('reads a whole month as its days', () => {
    expect(shown(countPlan(at('2026-03-01T00:00:00Z'), at('2026-04-01T00:00:00Z')))).toEqual([
      'day 2026-03-01T00:00:00.000Z 2026-04-01T00:00:00.000Z',
    ]);
  });

  it('counts the whole hours at the ends of the days and the rows at the edges', () => {
    expect(shown(countPlan(at('2026-03-01T04:30:00Z'), at('2026-03-03T02:15:00Z')))).toEqual([
      'rows 2026-03-01T04:30:00.000Z 2026-03-01T05:00:00.000Z',
      'hour 2026-03-01T05:00:00.000Z 2026-03-02T00:00:00.000Z',
      'day 2026-03-02T00:00:00.000Z 2026-03-03T00:00:00.000Z',
      'hour 2026-03-03T00:00:00.000Z 2026-03-03T02:00:00.000Z',
      'rows 2026-03-03T02:00:00.000Z 2026-03-03T02:15:00.000Z',
    ]);
  });

  it('uses hours within a day, rows within an hour, and nothing for an empty range', () => {
    expect(shown(countPlan(at('2026-03-01T04:00:00Z'), at('2026-03-01T07:10:00Z')))).toEqual([
      'hour 2026-03-01T04:00:00.000Z 2026-03-01T07:00:00.000Z',
      'rows 2026-03-01T07:00:00.000Z 2026-03-01T07:10:00.000Z',
    ]);
    expect(shown(countPlan(at('2026-03-01T04:10:00Z'), at('2026-03-01T04:50:00Z')))).toEqual([
      'rows 2026-03-01T04:10:00.000Z 2026-03-01T04:50:00.000Z',
    ]);
    expect(countPlan(at('2026-03-02T00:00:00Z'), at('2026-03-01T00:00:00Z'))).toEqual([]);
  });

  it('leaves an open end open', () => {
    expect(shown(countPlan(undefined, at('2026-03-01T04:30:00Z')))).toEqual([
      'day - 2026-03-01T00:00:00.000Z',
      'hour 2026-03-01T00:00:00.000Z 2026-03-01T04:00:00.000Z',
      'rows 2026-03-01T04:00:00.000Z 2026-03-01T04:30:00.000Z',
    ]);
    expect(shown(countPlan(at('2026-03-01T23:30:00Z'), undefined))).toEqual([
      'rows 2026-03-01T23:30:00.000Z 2026-03-02T00:00:00.000Z',
      'day 2026-03-02T00:00:00.000Z -',
    ]);
    expect(shown(countPlan())).toEqual(['day - -']);
  });
});
