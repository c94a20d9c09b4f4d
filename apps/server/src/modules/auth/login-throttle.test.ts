import { describe, expect, it } from 'vitest';
import { LoginThrottle, type Admission, type Refusal } from './login-throttle.ts';

function throttleWithClock(limits: { perUser?: number; perAddress?: number } = {}) {
  const clock = { now: 1_000_000 };
  const throttle = new LoginThrottle({
    maxFailuresPerUserAndAddress: limits.perUser ?? 2,
    maxFailuresPerAddress: limits.perAddress ?? 100,
    windowSeconds: 900,
    maxDelaySeconds: 8,
    now: () => clock.now,
  });
  return { throttle, clock };
}

function admitted(outcome: Admission | Refusal): Admission {
  if (!outcome.admitted) throw new Error(`refused for ${outcome.retryAfterSeconds} s`);
  return outcome;
}

function refusedFor(outcome: Admission | Refusal): number {
  if (outcome.admitted) throw new Error('admitted');
  return outcome.retryAfterSeconds;
}

describe('LoginThrottle', () => {
  it('doubles the delay with each failure over the limit, up to the maximum', () => {
    const { throttle, clock } = throttleWithClock();
    admitted(throttle.admit('pat', '10.0.0.1')).failed();
    admitted(throttle.admit('pat', '10.0.0.1')).failed();
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const wait = refusedFor(throttle.admit('pat', '10.0.0.1'));
      waits.push(wait);
      clock.now += wait * 1000 - 1;
      expect(refusedFor(throttle.admit('pat', '10.0.0.1'))).toBe(1);
      clock.now += 1;
      admitted(throttle.admit('pat', '10.0.0.1')).failed();
    }
    expect(waits).toEqual([1, 2, 4, 8, 8, 8]);
  });

  it('matches the username without case or surrounding spaces', () => {
    const { throttle } = throttleWithClock();
    admitted(throttle.admit('Pat', '10.0.0.1')).failed();
    admitted(throttle.admit(' pat ', '10.0.0.1')).failed();
    expect(refusedFor(throttle.admit('PAT', '10.0.0.1'))).toBe(1);
  });

  it('lets one attempt through at a time once a key is at its limit', () => {
    const { throttle, clock } = throttleWithClock();
    const first = admitted(throttle.admit('pat', '10.0.0.1'));
    const second = admitted(throttle.admit('pat', '10.0.0.1'));
    // Both places are taken by attempts still verifying: a third would be over the limit.
    refusedFor(throttle.admit('pat', '10.0.0.1'));
    first.failed();
    second.failed();
    clock.now += 1000;
    const third = admitted(throttle.admit('pat', '10.0.0.1'));
    expect(refusedFor(throttle.admit('pat', '10.0.0.1'))).toBe(1);
    third.failed();
    expect(throttle.list()[0]).toMatchObject({ failures: 3, retry_after_seconds: 2 });
  });

  it('counts a released attempt as neither failure nor success, and only once', () => {
    const { throttle } = throttleWithClock();
    admitted(throttle.admit('pat', '10.0.0.1')).failed();
    const attempt = admitted(throttle.admit('pat', '10.0.0.1'));
    attempt.release();
    attempt.failed();
    admitted(throttle.admit('pat', '10.0.0.1')).failed();
    expect(throttle.list()).toMatchObject([{ failures: 2 }]);
  });

  it('forgets the failures of the username at the address on success, not those of the address', () => {
    const { throttle } = throttleWithClock({ perAddress: 3 });
    admitted(throttle.admit('pat', '10.0.0.1')).failed();
    admitted(throttle.admit('sam', '10.0.0.1')).failed();
    admitted(throttle.admit('pat', '10.0.0.1')).succeeded();
    admitted(throttle.admit('pat', '10.0.0.1')).failed();
    expect(throttle.list()).toMatchObject([{ kind: 'address', username: null, failures: 3 }]);
  });

  it('forgets failures older than the window', () => {
    const { throttle, clock } = throttleWithClock();
    admitted(throttle.admit('pat', '10.0.0.1')).failed();
    clock.now += 600_000;
    admitted(throttle.admit('pat', '10.0.0.1')).failed();
    expect(throttle.list()).toHaveLength(1);
    clock.now += 300_000;
    expect(throttle.list()).toEqual([]);
    admitted(throttle.admit('pat', '10.0.0.1')).failed();
    expect(refusedFor(throttle.admit('pat', '10.0.0.1'))).toBe(1);
  });

  it('keeps no key once its failures have expired, however many usernames were tried', () => {
    const { throttle, clock } = throttleWithClock({ perAddress: 10_000 });
    for (let i = 0; i < 5000; i++) {
      admitted(throttle.admit(`made-up-${i}`, `10.0.${i % 250}.1`)).failed();
    }
    expect(throttle.size).toBe(5250);
    clock.now += 900_000;
    admitted(throttle.admit('pat', '10.0.0.1')).succeeded();
    expect(throttle.size).toBe(0);
  });

  it('clears one key by its id, or all of them', () => {
    const { throttle } = throttleWithClock({ perAddress: 3 });
    admitted(throttle.admit('pat', '10.0.0.1')).failed();
    admitted(throttle.admit('pat', '10.0.0.1')).failed();
    admitted(throttle.admit('sam', '10.0.0.2')).failed();
    admitted(throttle.admit('sam', '10.0.0.2')).failed();
    admitted(throttle.admit('kim', '10.0.0.2')).failed();
    const listed = () => throttle.list().map((t) => [t.kind, t.username, t.address]);
    expect(listed()).toEqual([
      ['username and address', 'pat', '10.0.0.1'],
      ['username and address', 'sam', '10.0.0.2'],
      ['address', null, '10.0.0.2'],
    ]);
    const [pat] = throttle.list();
    expect(throttle.clear(pat?.id ?? 0)).toBe(true);
    expect(throttle.clear(pat?.id ?? 0)).toBe(false);
    admitted(throttle.admit('pat', '10.0.0.1')).succeeded();
    expect(listed()).toEqual([
      ['username and address', 'sam', '10.0.0.2'],
      ['address', null, '10.0.0.2'],
    ]);
    throttle.clearAll();
    expect(throttle.list()).toEqual([]);
    expect(throttle.size).toBe(0);
  });

  it("counts the outcomes another instance saw as its own, and forgets on another's success", () => {
    const { throttle } = throttleWithClock();
    throttle.record('Pat ', '10.0.0.1', 'failed');
    throttle.record('pat', '10.0.0.1', 'failed');
    expect(refusedFor(throttle.admit('pat', '10.0.0.1'))).toBe(1);
    expect(throttle.list().map((t) => t.failures)).toEqual([2]);
    throttle.record('pat', '10.0.0.1', 'succeeded');
    admitted(throttle.admit('pat', '10.0.0.1')).release();
    // A success elsewhere clears only that username at that address, never the address's count.
    throttle.record('sam', '10.0.0.2', 'succeeded');
    expect(throttle.size).toBe(1);
  });

  it('counts a device cookie apart, here and from another instance', () => {
    const { throttle, clock } = throttleWithClock();
    admitted(throttle.admit('pat', '10.0.0.1')).failed();
    throttle.record('pat', '10.0.0.1', 'failed');
    expect(refusedFor(throttle.admit('pat', '10.0.0.1'))).toBe(1);
    admitted(throttle.admit('pat', '10.0.0.1', 'cookie-1')).failed();
    throttle.record('pat', '10.0.0.9', 'failed', 'cookie-1');
    expect(refusedFor(throttle.admit('pat', '10.0.0.1', 'cookie-1'))).toBe(1);
    admitted(throttle.admit('pat', '10.0.0.1', 'cookie-2')).release();
    expect(throttle.list().map((t) => [t.kind, t.address, t.failures])).toEqual([
      ['username and address', '10.0.0.1', 2],
      ['device', '10.0.0.9', 2],
    ]);
    // The cookie's success forgets its own failures, not those of the address it came from.
    clock.now += 1000;
    admitted(throttle.admit('pat', '10.0.0.1', 'cookie-1')).succeeded();
    throttle.record('pat', '10.0.0.1', 'succeeded', 'cookie-1');
    expect(throttle.list().map((t) => t.kind)).toEqual(['username and address']);
  });
});
