import type { AlarmState } from '@roastery/contract';
import type { TransitionRow } from './notification-repository.ts';

/** One step of an alarm's ISA-18.2 state, as its history records it. */
export function transitionRow(
  notificationId: number,
  event: string,
  from: AlarmState,
  to: AlarmState,
  at: Date,
  userId: number | null = null,
  reason: string | null = null,
): TransitionRow {
  return { notificationId, event, fromState: from, toState: to, at, userId, reason };
}
