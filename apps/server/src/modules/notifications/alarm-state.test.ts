import { describe, expect, it } from 'vitest';
import { alarmState, applyAlarmEvent, isAnnunciated, type AlarmRecord } from './alarm-state.ts';

const t0 = new Date('2026-03-02T08:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const raised: AlarmRecord = {
  active: true,
  acknowledged: false,
  shelvedUntil: null,
  suppression: null,
};

function after(record: AlarmRecord, ...events: Parameters<typeof applyAlarmEvent>[1][]) {
  return events.reduce((r, event) => {
    const t = applyAlarmEvent(r, event, t0);
    if (!t.ok) throw new Error(t.reason);
    return t.record;
  }, record);
}

describe('alarm states (ISA-18.2)', () => {
  it('goes unacknowledged -> acknowledged -> normal when acknowledged before it clears', () => {
    expect(alarmState(raised, t0)).toBe('unacknowledged');
    const ack = applyAlarmEvent(raised, { type: 'acknowledge' }, t0);
    expect(ack).toMatchObject({ ok: true, from: 'unacknowledged', to: 'acknowledged' });
    const clear = applyAlarmEvent(after(raised, { type: 'acknowledge' }), { type: 'clear' }, t0);
    expect(clear).toMatchObject({ ok: true, from: 'acknowledged', to: 'normal' });
  });

  it('returns unacknowledged when the condition clears first, and is normal once acknowledged', () => {
    const clear = applyAlarmEvent(raised, { type: 'clear' }, t0);
    expect(clear).toMatchObject({
      ok: true,
      from: 'unacknowledged',
      to: 'returned-unacknowledged',
    });
    const ack = applyAlarmEvent(after(raised, { type: 'clear' }), { type: 'acknowledge' }, t0);
    expect(ack).toMatchObject({ ok: true, from: 'returned-unacknowledged', to: 'normal' });
  });

  it('refuses to acknowledge twice or clear twice', () => {
    const acked = after(raised, { type: 'acknowledge' });
    expect(applyAlarmEvent(acked, { type: 'acknowledge' }, t0)).toEqual({
      ok: false,
      reason: 'The alarm is already acknowledged.',
    });
    const cleared = after(raised, { type: 'clear' });
    expect(applyAlarmEvent(cleared, { type: 'clear' }, t0).ok).toBe(false);
  });

  it('shows a shelved alarm as shelved until the shelve ends, then as it stands', () => {
    const shelved = after(raised, { type: 'shelve', until: at(30) });
    expect(alarmState(shelved, at(29))).toBe('shelved');
    expect(isAnnunciated(shelved, at(29))).toBe(false);
    expect(alarmState(shelved, at(30))).toBe('unacknowledged');
    // The sweep records the end; before the end it is refused.
    expect(applyAlarmEvent(shelved, { type: 'shelve-expired' }, at(29)).ok).toBe(false);
    const expired = applyAlarmEvent(shelved, { type: 'shelve-expired' }, at(30));
    expect(expired).toMatchObject({ ok: true, from: 'shelved', to: 'unacknowledged' });
    expect(expired.ok && expired.record.shelvedUntil).toBeNull();
  });

  it('keeps what happened while shelved: an alarm that cleared comes back returned unacknowledged', () => {
    const shelved = after(raised, { type: 'shelve', until: at(30) });
    const cleared = applyAlarmEvent(shelved, { type: 'clear' }, at(10));
    expect(cleared).toMatchObject({ ok: true, from: 'shelved', to: 'shelved' });
    const back = applyAlarmEvent(
      cleared.ok ? cleared.record : shelved,
      { type: 'unshelve' },
      at(11),
    );
    expect(back).toMatchObject({ ok: true, from: 'shelved', to: 'returned-unacknowledged' });
  });

  it('refuses shelves that cannot apply', () => {
    const normal = after(raised, { type: 'acknowledge' }, { type: 'clear' });
    expect(applyAlarmEvent(normal, { type: 'shelve', until: at(5) }, t0)).toEqual({
      ok: false,
      reason: 'An alarm that has returned to normal cannot be shelved.',
    });
    expect(applyAlarmEvent(raised, { type: 'shelve', until: t0 }, t0)).toEqual({
      ok: false,
      reason: 'A shelve must end in the future.',
    });
    expect(applyAlarmEvent(raised, { type: 'unshelve' }, t0)).toEqual({
      ok: false,
      reason: 'The alarm is not shelved.',
    });
    const suppressed: AlarmRecord = { ...raised, suppression: 'suppressed' };
    expect(applyAlarmEvent(suppressed, { type: 'shelve', until: at(5) }, t0)).toEqual({
      ok: false,
      reason: 'An alarm that is suppressed cannot be shelved.',
    });
  });

  it('hides a suppressed alarm, whatever its condition', () => {
    const suppressed: AlarmRecord = { ...raised, suppression: 'suppressed' };
    expect(alarmState(suppressed, t0)).toBe('suppressed');
    expect(isAnnunciated(suppressed, t0)).toBe(false);
    expect(alarmState({ ...suppressed, active: false }, t0)).toBe('suppressed');
  });

  it('takes an alarm out of service, ending its shelve, and returns it as it stands', () => {
    const shelved = after(raised, { type: 'shelve', until: at(30) });
    const removed = applyAlarmEvent(shelved, { type: 'remove-from-service' }, t0);
    expect(removed).toMatchObject({ ok: true, from: 'shelved', to: 'out-of-service' });
    const out = removed.ok ? removed.record : shelved;
    expect(out.shelvedUntil).toBeNull();
    expect(applyAlarmEvent(out, { type: 'remove-from-service' }, t0).ok).toBe(false);
    const cleared = after(out, { type: 'clear' });
    expect(applyAlarmEvent(cleared, { type: 'return-to-service' }, t0)).toMatchObject({
      ok: true,
      from: 'out-of-service',
      to: 'returned-unacknowledged',
    });
    expect(applyAlarmEvent(raised, { type: 'return-to-service' }, t0)).toEqual({
      ok: false,
      reason: 'The alarm is not out of service.',
    });
  });
});
