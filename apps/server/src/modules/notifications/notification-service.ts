import type {
  ActiveNotifications,
  AlarmFlood,
  AlarmSource,
  AlarmSourceOutOfService,
  AlarmState,
  AlarmTransition,
  Notification,
  RemoveAlarmSourceBody,
  ShelveAlarmBody,
} from '@roastery/contract';
import { notFound } from '../../lib/http-errors.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import { ActiveNotificationsView } from './active-notifications.ts';
import { systemClock, type AlarmClock } from './alarm-clock.ts';
import { AlarmConditions } from './alarm-conditions.ts';
import {
  acknowledge,
  acknowledgeAll,
  maxShelveMinutes,
  shelve,
  unshelve,
} from './alarm-responses.ts';
import { sweep } from './alarm-sweep.ts';
import { clearSource } from './clear-source.ts';
import type { NotificationContext } from './notification-context.ts';
import {
  activeNotifications,
  alarmFlood,
  alarmHistory,
  notificationPage,
  unseenNotifications,
} from './notification-reads.ts';
import { NotificationRaiser } from './notification-raiser.ts';
import type { NotificationRepository } from './notification-repository.ts';
import { removeFromService, returnToService, sourcesOutOfService } from './out-of-service.ts';
import type { RaiseNotification } from './raise-notification.ts';
import { WriteQueue } from './write-queue.ts';

export interface AlarmOptions {
  clock?: AlarmClock;
  /** The longest a person may shelve an alarm (ISA-18.2's maximum shelve time). */
  maxShelveMs?: number;
  /**
   * Sources whose active alarm means the plant cannot be read or reached (the PLC link, the
   * gateway). While one is active, notifications naming a device are suppressed by design: the
   * link alarm already says why, and a flood of consequences would hide it.
   */
  linkSources?: readonly string[];
  /**
   * Every source that can raise an alarm (each device's and the console's own): one may be taken
   * out of service before it ever alarmed, as a technician does before working on a device.
   */
  sources?: () => Promise<AlarmSource[]>;
}

const DEFAULT_MAX_SHELVE_MS = 8 * 3_600_000;

/**
 * Notifications (the plant's alarms), their ISA-18.2 states, the flood watch and the bell's
 * reply (`active`) kept in memory. This service is the only writer of notifications, so it brings
 * the view up to date in the same step as each committed change. Its writes run one at a time,
 * together with the view's loads: a change is applied to the view in the order it was committed,
 * and a load never installs rows older than a change after it. The queue is also what keeps a
 * burst of raises whole: each waits its turn, none is dropped. Each use case lives in its own
 * module; this is the one interface the routes and other areas use.
 */
export class NotificationService {
  readonly #ctx: NotificationContext;
  readonly #raiser: NotificationRaiser;
  readonly #maxShelveMs: number;
  readonly #sources: () => Promise<AlarmSource[]>;

  constructor(repo: NotificationRepository, hub: EventHub, options: AlarmOptions = {}) {
    const clock = options.clock ?? systemClock;
    const view = new ActiveNotificationsView();
    this.#ctx = {
      repo,
      hub,
      clock,
      view,
      conditions: new AlarmConditions(repo, hub, clock, options.linkSources ?? []),
      // A write that fails may have committed before it failed, so the view is loaded again
      // rather than trusted.
      writes: new WriteQueue(() => view.invalidate()),
    };
    this.#raiser = new NotificationRaiser(this.#ctx);
    this.#maxShelveMs = options.maxShelveMs ?? DEFAULT_MAX_SHELVE_MS;
    this.#sources = options.sources ?? (() => Promise.resolve([]));
    // Deleting a device clears the device on its notifications in the database, not in the view.
    hub.subscribe('device-removed', () => this.invalidate());
    // What another instance raised, acknowledged or cleared is read again from the database.
    const elsewhere = { from: 'other-instances' } as const;
    hub.subscribe('notification', () => this.invalidate(), elsewhere);
    hub.subscribe('notifications-acknowledged', () => this.invalidate(), elsewhere);
  }

  get maxShelveMinutes(): number {
    return maxShelveMinutes(this.#maxShelveMs);
  }

  /** Records a notification and pushes it live; resolves to undefined when its source is active. */
  raise(n: RaiseNotification): Promise<Notification | undefined> {
    return this.#raiser.raise(n);
  }

  /** The plant condition behind a source ended: the notification stays until acknowledged. */
  clear(source: string): Promise<void> {
    return clearSource(this.#ctx, source);
  }

  /** The code of the still-active notification of a source, if any. */
  activeCode(source: string): Promise<number | undefined> {
    return this.#ctx.repo.activeCode(source);
  }

  /** The bell: answered from memory once loaded. */
  active(): Promise<ActiveNotifications> {
    return activeNotifications(this.#ctx);
  }

  /**
   * Drops the bell's view, to be loaded again on the next call: the entry point for changes this
   * service did not make, such as another server instance's, which a transport between
   * instances would deliver through the hub as notification events.
   */
  invalidate(): void {
    this.#ctx.view.invalidate();
  }

  unseen(): Promise<Notification[]> {
    return unseenNotifications(this.#ctx);
  }

  page(page: number, limit: number, state?: AlarmState) {
    return notificationPage(this.#ctx, page, limit, state);
  }

  /** Acknowledging twice is harmless: the second answers the notification as it is. */
  acknowledge(id: number, userId: number): Promise<Notification> {
    return acknowledge(this.#ctx, id, userId);
  }

  /** Acknowledges every alarm the bell shows. */
  acknowledgeAll(userId: number): Promise<number> {
    return acknowledgeAll(this.#ctx, userId);
  }

  /** Only the push list reads when a notification was shown, so the bell's view stays as it is. */
  async markSeen(id: number): Promise<void> {
    if (!(await this.#ctx.repo.markSeen(id))) throw notFound('Notification not found.');
  }

  /** A person shelves an alarm for a while, with a reason; it comes back by itself at the end. */
  shelve(id: number, body: ShelveAlarmBody, userId: number): Promise<Notification> {
    return shelve(this.#ctx, this.#maxShelveMs, id, body, userId);
  }

  unshelve(id: number, userId: number): Promise<Notification> {
    return unshelve(this.#ctx, id, userId);
  }

  /** What time alone changes (shelves that ran out, a flood that ended); run on a timer. */
  sweep(): Promise<void> {
    return sweep(this.#ctx);
  }

  /** The sources a person may take out of service, whether or not they ever alarmed. */
  sources(): Promise<AlarmSource[]> {
    return this.#sources();
  }

  /** A supervisor takes an alarm source out of service: its alarms are recorded, not annunciated. */
  removeFromService(body: RemoveAlarmSourceBody, userId: number): Promise<number> {
    return removeFromService(this.#ctx, this.#sources, body, userId);
  }

  returnToService(source: string, userId: number): Promise<number> {
    return returnToService(this.#ctx, source, userId);
  }

  outOfService(): Promise<AlarmSourceOutOfService[]> {
    return sourcesOutOfService(this.#ctx);
  }

  history(id: number): Promise<AlarmTransition[]> {
    return alarmHistory(this.#ctx, id);
  }

  flood(): Promise<AlarmFlood> {
    return alarmFlood(this.#ctx);
  }
}
