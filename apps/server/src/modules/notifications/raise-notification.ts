import type { NotificationType } from '@roastery/contract';

/** What an area asks to raise. */
export interface RaiseNotification {
  type: NotificationType;
  text: string;
  by: string;
  deviceRef?: number | null;
  /** A lasting condition (an alarm code, a lost link): raised once until cleared. */
  source?: string;
  code?: number;
}
