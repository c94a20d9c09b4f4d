import { describe, expect, it } from 'vitest';
import type { EndCondition } from '../roast-profiles.ts';
import { detectRoastEvents } from './roast-events.ts';
import { endConditionReached, projectDropTime } from './roast-end.ts';
import type { RoastEvent, RoastEvents, RoastSample } from './roast-samples.ts';
import { testCurve } from './test-curves.ts';

const at = (t_s: number): RoastEvent => ({ t_s, bt_f: 0, source: 'curve' });
const turned: RoastEvents = { turning_point: at(70), dry_end: null, first_crack: null, drop: null };
const cracked: RoastEvents = { ...turned, first_crack: at(540) };
const reading = (t_s: number, bt_f: number): RoastSample => ({ t_s, bt_f, et_f: bt_f + 30 });
const end = (kind: EndCondition['kind'], value: number): EndCondition => ({ kind, value });

describe('end conditions', () => {
  it('drop temperature: BT at or above it, once past the turning point', () => {
    const dropAt = end('drop_temperature', 410);
    expect(endConditionReached(dropAt, reading(600, 410), turned)).toBe(true);
    expect(endConditionReached(dropAt, reading(600, 409.9), turned)).toBe(false);
    // At charge the probe still reads the preheated drum.
    expect(endConditionReached(dropAt, reading(0, 416), { ...turned, turning_point: null })).toBe(
      false,
    );
  });

  it('time after first crack: seconds since the crack, never before it', () => {
    const after = end('time_after_first_crack', 150);
    expect(endConditionReached(after, reading(690, 420), cracked)).toBe(true);
    expect(endConditionReached(after, reading(689, 420), cracked)).toBe(false);
    expect(endConditionReached(after, reading(900, 420), turned)).toBe(false);
  });

  it('development ratio: the development share of the roast so far, in %', () => {
    const ratio = end('development_ratio', 20);
    expect(endConditionReached(ratio, reading(675, 420), cracked)).toBe(true);
    expect(endConditionReached(ratio, reading(674, 420), cracked)).toBe(false);
    expect(endConditionReached(ratio, reading(900, 420), turned)).toBe(false);
  });

  it('total time: seconds since charge', () => {
    expect(endConditionReached(end('total_time', 720), reading(720, 400), turned)).toBe(true);
    expect(endConditionReached(end('total_time', 720), reading(719, 400), turned)).toBe(false);
  });
});

describe('the projected drop time', () => {
  const whole = testCurve({ durationS: 900 });
  const reference = whole.filter((s) => s.t_s % 10 === 0).map(({ t_s, bt_f }) => ({ t_s, bt_f }));
  const sofar = (now: number) => whole.slice(0, now + 1);
  const reachS = (f: number) => whole.find((s) => s.t_s > 70 && s.bt_f >= f)!.t_s;

  it('for a drop temperature, follows the reference from today’s BT: within 2 s when on it', () => {
    const dropAt = end('drop_temperature', 420);
    for (const now of [120, 300, 500, 640]) {
      const projected = projectDropTime(sofar(now), turned, reference, dropAt);
      expect(Math.abs((projected ?? 0) - reachS(420))).toBeLessThanOrEqual(2);
    }
  });

  it('shifts with a roast running 30 s behind its reference, and is now once reached', () => {
    const late = whole.map((s) => ({ ...s, t_s: s.t_s + 30 }));
    const projected = projectDropTime(
      late.slice(0, 400),
      turned,
      reference,
      end('drop_temperature', 420),
    );
    expect(Math.abs((projected ?? 0) - (reachS(420) + 30))).toBeLessThanOrEqual(2);
    const done = sofar(reachS(420));
    expect(projectDropTime(done, turned, reference, end('drop_temperature', 420))).toBe(
      reachS(420),
    );
  });

  it('goes on at today’s rate of rise past the reference’s hottest point', () => {
    const short = reference.filter((p) => p.t_s <= 600);
    const projected = projectDropTime(sofar(600), turned, short, end('drop_temperature', 440));
    const rate = (whole[600]!.bt_f - whole[570]!.bt_f) * 2;
    expect(projected).toBeCloseTo(600 + ((440 - whole[600]!.bt_f) / rate) * 60, -1);
  });

  it('counts from first crack, seen or expected at 390 °F', () => {
    const after = end('time_after_first_crack', 120);
    expect(projectDropTime(sofar(600), cracked, reference, after)).toBe(660);
    const expected = projectDropTime(sofar(300), turned, reference, after) ?? 0;
    expect(Math.abs(expected - (reachS(390) + 120))).toBeLessThanOrEqual(2);
    const ratio = projectDropTime(sofar(600), cracked, reference, end('development_ratio', 20));
    expect(ratio).toBeCloseTo(540 / 0.8, 9);
  });

  it('is the total time itself, and unknown before the turning point', () => {
    expect(projectDropTime(sofar(30), turned, reference, end('total_time', 720))).toBe(720);
    const charge = detectRoastEvents(sofar(30), { dryEndF: 300 });
    expect(projectDropTime(sofar(30), charge, reference, end('drop_temperature', 420))).toBeNull();
    expect(projectDropTime([], turned, reference, end('drop_temperature', 420))).toBeNull();
  });
});
