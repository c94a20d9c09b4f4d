import { describe, expect, it } from 'vitest';
import { elapsedMs, idealRate, oeeOfLine, type LineFigures, type Nameplate } from './oee.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Roaster 1: 500 lbs a batch in an 18 minute cycle, 1,666.67 lbs/h. */
const roaster: Nameplate = {
  kind: 'roaster',
  device: 'Roaster 1',
  batchLbs: 500,
  cycleMinutes: 18,
};
const line = (figures: Partial<LineFigures>): LineFigures => ({
  kind: 'roaster',
  label: 'Roaster 1',
  runMs: 0,
  faultMs: 0,
  goodMs: 0,
  good: 0,
  empty: 0,
  failed: 0,
  centi: 0,
  nameplate: roaster,
  ...figures,
});

describe('ideal rate from the equipment', () => {
  it("a roaster's batch capacity over its ideal cycle", () => {
    expect(idealRate(roaster)).toEqual({
      lbsPerHour: (500 * 60) / 18,
      source: 'Roaster 1: 500 lbs per batch, 18 min ideal cycle.',
    });
    expect(
      idealRate({ kind: 'roaster', device: 'Roaster 2', batchLbs: 250, cycleMinutes: 16 })
        .lbsPerHour,
    ).toBe(937.5);
  });

  it("a packing line's packer at its rated rate", () => {
    expect(idealRate({ kind: 'packer', device: 'Packer 1', ratedLbsPerHour: 6000 })).toEqual({
      lbsPerHour: 6000,
      source: 'Packer 1: rated 6,000 lbs/h.',
    });
  });

  it('without its figures a line has no ideal, and says what is missing', () => {
    expect(
      idealRate({ kind: 'roaster', device: 'Roaster 2', batchLbs: 250, cycleMinutes: null }),
    ).toEqual({ lbsPerHour: null, source: 'Not defined: Roaster 2 has no ideal cycle set.' });
    expect(
      idealRate({ kind: 'roaster', device: 'Roaster 2', batchLbs: null, cycleMinutes: null }),
    ).toEqual({
      lbsPerHour: null,
      source: 'Not defined: Roaster 2 has no batch capacity or ideal cycle set.',
    });
    expect(idealRate({ kind: 'packer', device: 'Bagging', ratedLbsPerHour: null })).toEqual({
      lbsPerHour: null,
      source: 'Not defined: Bagging has no rated rate set.',
    });
    expect(idealRate({ kind: 'packer', device: null, ratedLbsPerHour: null }).source).toBe(
      'Not defined: the packing workflow drives no Packing-stage device.',
    );
  });
});

describe('OEE of a line', () => {
  it('multiplies availability, performance and quality', () => {
    // 3 h running, 1 h failing; 4,000 lbs in 3 h against 1,666.67 lbs/h; 3 of 4 batches good.
    const oee = oeeOfLine(
      line({
        runMs: 3 * HOUR,
        goodMs: 3 * HOUR,
        faultMs: HOUR,
        good: 3,
        failed: 1,
        centi: 400_000,
      }),
      24 * HOUR,
    );
    expect(oee).toEqual({
      label: 'Roaster 1',
      kind: 'roaster',
      availability: 75,
      performance: 80,
      quality: 75,
      value: 45,
      run_minutes: 180,
      fault_minutes: 60,
      idle_minutes: 1200,
      batches: 4,
      failed: 1,
      empty: 0,
      lbs: 4000,
      ideal_lbs_per_hour: 1666.67,
      ideal_source: 'Roaster 1: 500 lbs per batch, 18 min ideal cycle.',
      actual_lbs_per_hour: 1333.33,
    });
  });

  it('an empty finished run counts against quality, once: its time is run, not performance', () => {
    // Two full batches in their ideal 36 minutes, and one 18 minute run that moved nothing.
    const oee = oeeOfLine(
      line({ runMs: 54 * MINUTE, goodMs: 36 * MINUTE, good: 2, empty: 1, centi: 100_000 }),
      HOUR,
    );
    expect(oee).toMatchObject({
      availability: 100,
      performance: 100,
      quality: 66.7,
      value: 66.7,
      batches: 3,
      failed: 0,
      empty: 1,
      run_minutes: 54,
      idle_minutes: 6,
    });
  });

  it('with no ideal rate, Performance is not defined and OEE is availability x quality', () => {
    const oee = oeeOfLine(
      line({
        kind: 'packer',
        label: 'Pack on the bagging station',
        nameplate: { kind: 'packer', device: 'Bagging', ratedLbsPerHour: null },
        runMs: 3 * HOUR,
        goodMs: 3 * HOUR,
        faultMs: HOUR,
        good: 3,
        failed: 1,
        centi: 120_000,
      }),
      24 * HOUR,
    );
    expect(oee).toMatchObject({
      performance: null,
      ideal_lbs_per_hour: null,
      ideal_source: 'Not defined: Bagging has no rated rate set.',
      availability: 75,
      quality: 75,
      value: 56.3,
      actual_lbs_per_hour: 400,
    });
  });

  it('a line faster than its ideal is capped at 100 % and shows the rate it ran at', () => {
    const oee = oeeOfLine(line({ runMs: HOUR, goodMs: HOUR, good: 4, centi: 200_000 }), HOUR);
    expect(oee).toMatchObject({
      performance: 100,
      value: 100,
      actual_lbs_per_hour: 2000,
      idle_minutes: 0,
    });
  });

  it('a line with only failed runs has 0, not a division by zero', () => {
    expect(oeeOfLine(line({ faultMs: HOUR, failed: 2 }), 24 * HOUR)).toMatchObject({
      value: 0,
      availability: 0,
      performance: 0,
      quality: 0,
      idle_minutes: 1380,
      actual_lbs_per_hour: null,
    });
  });
});

describe('the period OEE counts idle time in', () => {
  const from = new Date('2026-03-01T00:00:00Z');
  const to = new Date('2026-04-01T00:00:00Z');

  it('stops at now: a month not yet over has no future idle minutes', () => {
    expect(elapsedMs(from, to, new Date('2026-03-03T12:00:00Z'))).toBe(60 * HOUR);
    expect(elapsedMs(from, to, new Date('2026-05-01T00:00:00Z'))).toBe(31 * 24 * HOUR);
    expect(elapsedMs(from, to, new Date('2026-02-01T00:00:00Z'))).toBe(0);
  });

  it('idle is what passed of it with no batch', () => {
    const elapsed = elapsedMs(from, to, new Date('2026-03-01T02:00:00Z'));
    expect(oeeOfLine(line({ runMs: HOUR, goodMs: HOUR, good: 1 }), elapsed).idle_minutes).toBe(60);
  });
});
