import { describe, expect, it } from 'vitest';
import { detectRoastEvents } from './roast-events.ts';
import type { RoastSample } from './roast-samples.ts';
import { testCurve } from './test-curves.ts';

const detection = { dryEndF: 300 };

describe('the turning point', () => {
  it('is the lowest reading, once BT has risen for a while after it', () => {
    const samples = testCurve({ durationS: 200 });
    expect(detectRoastEvents(samples, detection).turning_point).toEqual({
      t_s: 70,
      bt_f: 208,
      source: 'curve',
    });
  });

  it('is not called while BT has only just started to rise', () => {
    const samples = testCurve({ durationS: 80 });
    expect(detectRoastEvents(samples, detection).turning_point).toBeNull();
  });

  it('does not move to a noisy reading before the real turn, nor stop at one', () => {
    const samples = testCurve({ durationS: 200 }).map((s) =>
      s.t_s === 40 ? { ...s, bt_f: s.bt_f + 5 } : s,
    );
    expect(detectRoastEvents(samples, detection).turning_point?.t_s).toBe(70);
    const noisy = testCurve({ durationS: 200, noiseF: 0.4 });
    const turn = detectRoastEvents(noisy, detection).turning_point;
    expect(Math.abs((turn?.t_s ?? 0) - 70)).toBeLessThanOrEqual(10);
  });
});

describe('dry end', () => {
  it('is BT reaching the profile’s dry end after the turning point, not the hot probe at charge', () => {
    const events = detectRoastEvents(testCurve({ durationS: 400 }), detection);
    expect(events.dry_end?.t_s).toBe(284);
    expect(events.dry_end?.bt_f).toBeGreaterThanOrEqual(300);
    const later = testCurve({ durationS: 400 });
    const at320 = detectRoastEvents(later, { dryEndF: 320 }).dry_end?.t_s ?? 0;
    expect(later[at320]!.bt_f).toBeGreaterThanOrEqual(320);
    expect(later[at320 - 1]!.bt_f).toBeLessThan(320);
  });
});

describe('first crack', () => {
  it('is read off a dip of the rate of rise after 370 °F, within 15 s', () => {
    const crack = { t_s: 540, kind: 'dip', fPerMin: 4 } as const;
    for (const noiseF of [0, 0.3]) {
      const found = detectRoastEvents(testCurve({ durationS: 700, crack, noiseF }), detection);
      expect(found.first_crack?.source).toBe('curve');
      expect(Math.abs((found.first_crack?.t_s ?? 0) - 540)).toBeLessThanOrEqual(15);
    }
  });

  it('is read off a flattening of the falling rate of rise, within 15 s', () => {
    const crack = { t_s: 540, kind: 'flattening', fPerMin: 3 } as const;
    for (const noiseF of [0, 0.3]) {
      const found = detectRoastEvents(testCurve({ durationS: 700, crack, noiseF }), detection);
      expect(Math.abs((found.first_crack?.t_s ?? 0) - 540)).toBeLessThanOrEqual(15);
    }
  });

  it('is not called on a rate of rise that falls steadily, nor on a dip below 370 °F', () => {
    for (const noiseF of [0, 0.3]) {
      const plain = detectRoastEvents(testCurve({ durationS: 700, noiseF }), detection);
      expect(plain.first_crack).toBeNull();
    }
    const early = { t_s: 300, kind: 'dip', fPerMin: 4 } as const;
    const events = detectRoastEvents(testCurve({ durationS: 480, crack: early }), detection);
    expect(events.first_crack).toBeNull();
  });

  it('comes from the crack detector when the roaster has one, and from the operator over both', () => {
    const crack = { t_s: 540, kind: 'dip', fPerMin: 4 } as const;
    const heard = testCurve({ durationS: 700, crack }).map((s): RoastSample => ({
      ...s,
      crack_heard: s.t_s >= 530,
    }));
    const sensed = detectRoastEvents(heard, detection).first_crack;
    expect(sensed).toEqual({ t_s: 530, bt_f: heard[530]!.bt_f, source: 'sensor' });
    const marked = detectRoastEvents(heard, detection, { first_crack: 520.5 }).first_crack;
    expect(marked?.source).toBe('operator');
    expect(marked?.t_s).toBe(520.5);
    expect(marked?.bt_f).toBeCloseTo((heard[520]!.bt_f + heard[521]!.bt_f) / 2, 9);
  });
});

describe('live detection', () => {
  it('gives, from the samples so far, the events a whole roast shows up to then', () => {
    const crack = { t_s: 540, kind: 'dip', fPerMin: 4 } as const;
    const whole = testCurve({ durationS: 700, crack, noiseF: 0.3 });
    const final = detectRoastEvents(whole, detection);
    for (const now of [60, 100, 290, 560, 600]) {
      const sofar = detectRoastEvents(whole.slice(0, now + 1), detection);
      for (const name of ['turning_point', 'dry_end', 'first_crack'] as const) {
        const event = sofar[name];
        if (event) expect(event).toEqual(final[name]);
      }
    }
    expect(detectRoastEvents(whole.slice(0, final.dry_end!.t_s), detection).dry_end).toBeNull();
  });

  it('takes drop and any other event from the operator’s marks, BT read at the mark', () => {
    const samples = testCurve({ durationS: 700 });
    const events = detectRoastEvents(samples, detection, { drop: 690, dry_end: 250 });
    expect(events.drop).toEqual({ t_s: 690, bt_f: samples[690]!.bt_f, source: 'operator' });
    expect(events.dry_end?.t_s).toBe(250);
    expect(detectRoastEvents(samples, detection).drop).toBeNull();
    expect(detectRoastEvents([], detection, { drop: 5 }).drop).toBeNull();
  });
});
