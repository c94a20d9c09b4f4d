import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { ActiveNotificationsView } from './active-notifications.ts';
import type { AlarmClock } from './alarm-clock.ts';
import type { AlarmConditions } from './alarm-conditions.ts';
import type { NotificationRepository } from './notification-repository.ts';
import type { WriteQueue } from './write-queue.ts';

/** What the notifications area's use cases share: one repository, one view, one write queue. */
export interface NotificationContext {
  readonly repo: NotificationRepository;
  readonly hub: EventHub;
  readonly clock: AlarmClock;
  /** The bell's reply in memory, brought up to date in the same step as each committed change. */
  readonly view: ActiveNotificationsView;
  readonly conditions: AlarmConditions;
  /** Every write, and every load of the view, runs here after the ones before it. */
  readonly writes: WriteQueue;
}
