import type { AlarmState } from '@roastery/contract';

/**
 * The alarm life cycle of ISA-18.2, as a pure function of what is recorded about one alarm and
 * the time. No clock, no database: the service feeds it what it stored and stores what it
 * returns, so every rule here is tested without either.
 */

/** Why an alarm is not annunciated although it was raised. */
export type Suppression = 'suppressed' | 'out-of-service';

export interface AlarmRecord {
  /** The plant condition still holds (not cleared). */
  active: boolean;
  acknowledged: boolean;
  /** Shelved until then; null when not shelved. A past instant means the shelve has ended. */
  shelvedUntil: Date | null;
  suppression: Suppression | null;
}

export type { AlarmState };

export type AlarmEvent =
  | { type: 'clear' }
  | { type: 'acknowledge' }
  | { type: 'shelve'; until: Date }
  | { type: 'unshelve' }
  /** The shelve time ran out. */
  | { type: 'shelve-expired' }
  | { type: 'remove-from-service' }
  | { type: 'return-to-service' };

export type AlarmTransition =
  | { ok: true; record: AlarmRecord; from: AlarmState; to: AlarmState }
  | { ok: false; reason: string };

function isShelved(record: AlarmRecord, now: Date): boolean {
  return record.shelvedUntil !== null && record.shelvedUntil.getTime() > now.getTime();
}

/**
 * The state a person sees. Out of service and suppression hide an alarm whatever else holds;
 * a shelve hides it until it ends; otherwise the condition and the acknowledgement decide.
 */
export function alarmState(record: AlarmRecord, now: Date): AlarmState {
  if (record.suppression) return record.suppression;
  if (isShelved(record, now)) return 'shelved';
  if (record.active) return record.acknowledged ? 'acknowledged' : 'unacknowledged';
  return record.acknowledged ? 'normal' : 'returned-unacknowledged';
}

/** Whether the alarm asks for a person's attention: shown on the bell and counted in floods. */
export function isAnnunciated(record: AlarmRecord, now: Date): boolean {
  const state = alarmState(record, now);
  return state === 'unacknowledged' || state === 'returned-unacknowledged';
}

/** The record after an event, or why the event does not apply in the alarm's state. */
export function applyAlarmEvent(
  record: AlarmRecord,
  event: AlarmEvent,
  now: Date,
): AlarmTransition {
  // A shelve that ran out was the state until its end, whenever the end is noticed.
  const seenAt =
    event.type === 'shelve-expired' && record.shelvedUntil
      ? new Date(Math.min(now.getTime(), record.shelvedUntil.getTime() - 1))
      : now;
  const from = alarmState(record, seenAt);
  const next = nextRecord(record, from, event, now);
  if (typeof next === 'string') return { ok: false, reason: next };
  return { ok: true, record: next, from, to: alarmState(next, now) };
}

function nextRecord(
  record: AlarmRecord,
  from: AlarmState,
  event: AlarmEvent,
  now: Date,
): AlarmRecord | string {
  switch (event.type) {
    case 'clear':
      if (!record.active) return 'The alarm has already returned to normal.';
      return { ...record, active: false };
    case 'acknowledge':
      if (record.acknowledged) return 'The alarm is already acknowledged.';
      return { ...record, acknowledged: true };
    case 'shelve':
      if (record.suppression) return `An alarm that is ${stateLabel(from)} cannot be shelved.`;
      if (from === 'normal') return 'An alarm that has returned to normal cannot be shelved.';
      if (event.until.getTime() <= now.getTime()) return 'A shelve must end in the future.';
      return { ...record, shelvedUntil: event.until };
    case 'unshelve':
      if (!isShelved(record, now)) return 'The alarm is not shelved.';
      return { ...record, shelvedUntil: null };
    case 'shelve-expired':
      if (record.shelvedUntil === null || isShelved(record, now)) {
        return 'The shelve has not ended.';
      }
      return { ...record, shelvedUntil: null };
    case 'remove-from-service':
      if (record.suppression === 'out-of-service') return 'The alarm is already out of service.';
      // Out of service replaces a shelve: a person took the whole source off the list.
      return { ...record, suppression: 'out-of-service', shelvedUntil: null };
    case 'return-to-service':
      if (record.suppression !== 'out-of-service') return 'The alarm is not out of service.';
      return { ...record, suppression: null };
  }
}

/** The state as the screens name it. */
export function stateLabel(state: AlarmState): string {
  switch (state) {
    case 'normal':
      return 'normal';
    case 'unacknowledged':
      return 'unacknowledged';
    case 'acknowledged':
      return 'acknowledged';
    case 'returned-unacknowledged':
      return 'returned unacknowledged';
    case 'shelved':
      return 'shelved';
    case 'suppressed':
      return 'suppressed';
    case 'out-of-service':
      return 'out of service';
  }
}
