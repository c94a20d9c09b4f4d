import { describe, expect, it } from 'vitest';
import { Conditions } from './conditions.ts';
import { ManualClock } from './testing/manual-clock.ts';

describe('Conditions (condition(predicate, timeout))', () => {
  it('resolves true at once when the predicate already holds, without a timer', async () => {
    const clock = new ManualClock();
    const conditions = new Conditions(clock);
    await expect(conditions.condition('run', () => true, 1_000)).resolves.toBe(true);
    expect(clock.pendingTimers).toBe(0);
  });

  it('resolves true on the first recheck after the predicate starts to hold', async () => {
    const clock = new ManualClock();
    const conditions = new Conditions(clock);
    let level = 0;
    const waiting = conditions.condition('run', () => level >= 3, 1_000);
    level = 2;
    conditions.recheck();
    expect(conditions.pending).toBe(1);
    level = 3;
    conditions.recheck();
    await expect(waiting).resolves.toBe(true);
    expect(conditions.pending).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('resolves false when the timeout passes first', async () => {
    const clock = new ManualClock();
    const conditions = new Conditions(clock);
    const waiting = conditions.condition('run', () => false, 1_000);
    clock.advance(999);
    expect(conditions.pending).toBe(1);
    clock.advance(1);
    await expect(waiting).resolves.toBe(false);
  });

  it("cancels only the owner's waits, with false", async () => {
    const conditions = new Conditions(new ManualClock());
    const mine = conditions.condition('a', () => false);
    const other = conditions.condition('b', () => false);
    conditions.cancel('a');
    await expect(mine).resolves.toBe(false);
    expect(conditions.pending).toBe(1);
    conditions.cancel('b');
    await expect(other).resolves.toBe(false);
  });
});
