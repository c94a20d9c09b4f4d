import { describe, expect, it } from 'vitest';
import { roastPhases } from './roast-phases.ts';
import type { RoastEvent, RoastEvents } from './roast-samples.ts';

const at = (t_s: number): RoastEvent => ({ t_s, bt_f: 0, source: 'curve' });
const none: RoastEvents = { turning_point: null, dry_end: null, first_crack: null, drop: null };
const demo: RoastEvents = {
  turning_point: at(69),
  dry_end: at(302),
  first_crack: at(566),
  drop: at(748),
};

describe('the phase split', () => {
  it('splits a dropped roast into drying, Maillard and development, to drop', () => {
    const phases = roastPhases(demo, 800);
    expect(phases.total_s).toBe(748);
    expect(phases.drying.s).toBe(302);
    expect(phases.maillard.s).toBe(264);
    expect(phases.development.s).toBe(182);
    expect(phases.drying.pct).toBeCloseTo(40.37, 2);
    expect(phases.maillard.pct).toBeCloseTo(35.29, 2);
    expect(phases.development.pct).toBeCloseTo(24.33, 2);
    expect(phases.development_ratio_pct).toBe(phases.development.pct);
    expect(phases.drying.pct + phases.maillard.pct + phases.development.pct).toBeCloseTo(100, 9);
  });

  it('runs the phase in progress to now while the roast goes on', () => {
    expect(roastPhases(none, 120)).toMatchObject({
      total_s: 120,
      drying: { s: 120, pct: 100 },
      maillard: { s: 0, pct: 0 },
      development: { s: 0, pct: 0 },
    });
    const maillard = roastPhases({ ...none, dry_end: at(300) }, 400);
    expect(maillard.drying.s).toBe(300);
    expect(maillard.maillard.s).toBe(100);
    expect(maillard.maillard.pct).toBe(25);
    const developing = roastPhases({ ...demo, drop: null }, 600);
    expect(developing.development.s).toBe(34);
    expect(developing.development_ratio_pct).toBeCloseTo((34 / 600) * 100, 9);
  });

  it('gives zero shares at charge', () => {
    expect(roastPhases(none, 0).drying).toEqual({ s: 0, pct: 0 });
  });
});
