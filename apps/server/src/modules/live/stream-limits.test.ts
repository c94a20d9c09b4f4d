import { describe, expect, it } from 'vitest';
import { Role } from '@roastery/contract';
import { StreamLimits } from './stream-limits.ts';

const operator = (id: number) => ({ id, role: Role.Operator });
const administrator = (id: number) => ({ id, role: Role.Administrator });
const FULL = /most live connections it allows/;

describe('StreamLimits at the total', () => {
  it('admits one stream per administrator beyond the total, and no one else', () => {
    const limits = new StreamLimits({ maxStreams: 3, maxStreamsPerUser: 8 });
    for (const id of [10, 11, 12]) limits.admit(operator(id));
    expect(() => limits.admit(operator(13))).toThrow(FULL);

    const first = limits.admit(administrator(1));
    const other = limits.admit(administrator(2));
    expect(limits.open()).toBe(5);
    // One each: a second stream of the same administrator waits like everyone's.
    expect(() => limits.admit(administrator(1))).toThrow(FULL);
    expect(() => limits.admit(operator(13))).toThrow(FULL);

    // Closing it gives the administrator the place beyond the total back, not to others.
    first();
    first();
    expect(limits.open()).toBe(4);
    expect(() => limits.admit(operator(13))).toThrow(FULL);
    const again = limits.admit(administrator(1));
    expect(limits.open(1)).toBe(1);
    again();
    other();
  });

  it('counts an administrator under the total like anyone while there is room', () => {
    const limits = new StreamLimits({ maxStreams: 2, maxStreamsPerUser: 8 });
    const underTotal = limits.admit(administrator(1));
    limits.admit(operator(10));
    // The one beyond the total is still theirs.
    limits.admit(administrator(1));
    expect(() => limits.admit(administrator(1))).toThrow(FULL);
    // Closing the stream under the total leaves the total full: the administrator still holds
    // the one beyond it, and no one gets another.
    underTotal();
    expect(limits.open()).toBe(2);
    expect(() => limits.admit(operator(11))).toThrow(FULL);
    expect(() => limits.admit(administrator(1))).toThrow(FULL);
  });

  it('keeps the per-user limit for administrators too', () => {
    const limits = new StreamLimits({ maxStreams: 100, maxStreamsPerUser: 2 });
    limits.admit(administrator(1));
    limits.admit(administrator(1));
    expect(() => limits.admit(administrator(1))).toThrow(/This account already has 2/);
  });
});
