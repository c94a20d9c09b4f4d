import { describe, expect, it } from 'vitest';
import { oeeOfLine, type LineFigures } from './oee.ts';

const HOUR = 3_600_000;
const line = (figures: Partial<LineFigures>): LineFigures => ({
  kind: 'roaster',
  label: 'Roaster 1',
  runMs: 0,
  faultMs: 0,
  finished: 0,
  failed: 0,
  centi: 0,
  bestCentiPerHour: 0,
  ...figures,
});

describe('OEE of a line', () => {
  it('multiplies availability, performance and quality', () => {
    // 3 h running, 1 h failing; 1,200 lbs in 3 h against 500 lbs/h; 3 of 4 batches good.
    const oee = oeeOfLine(
      line({
        runMs: 3 * HOUR,
        faultMs: HOUR,
        finished: 3,
        failed: 1,
        centi: 120_000,
        bestCentiPerHour: 50_000,
      }),
      24 * HOUR,
    );
    expect(oee).toMatchObject({
      availability: 75,
      performance: 80,
      quality: 75,
      value: 45,
      run_minutes: 180,
      fault_minutes: 60,
      idle_minutes: 1200,
      batches: 4,
      failed: 1,
      lbs: 1200,
      ideal_lbs_per_hour: 500,
    });
  });

  it('a line that did not run has 0, not a division by zero; idle is the whole period', () => {
    expect(oeeOfLine(line({ bestCentiPerHour: 50_000 }), 24 * HOUR)).toMatchObject({
      value: 0,
      availability: 0,
      performance: 0,
      quality: 0,
      idle_minutes: 1440,
    });
  });

  it('performance never passes 100 % when a batch beat the recorded best', () => {
    const oee = oeeOfLine(
      line({ runMs: HOUR, finished: 1, centi: 60_000, bestCentiPerHour: 50_000 }),
      HOUR,
    );
    expect(oee.performance).toBe(100);
    expect(oee.idle_minutes).toBe(0);
  });
});
