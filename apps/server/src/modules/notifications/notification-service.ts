import type { ActiveNotifications, Notification, NotificationType } from '@roastery/contract';
import { notFound } from '../../lib/http-errors.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import { ACTIVE_LIMIT, ActiveNotificationsView } from './active-notifications.ts';
import type { NotificationRepository } from './notification-repository.ts';
import { presentNotification } from './present-notification.ts';

export interface RaiseNotification {
  type: NotificationType;
  text: string;
  by: string;
  deviceRef?: number | null;
  /** A lasting condition (an alarm code, a lost link): raised once until cleared. */
  source?: string;
  code?: number;
}

/**
 * Notifications, and the bell's reply (`active`) kept in memory. This service is the only writer
 * of notifications, so it brings the view up to date in the same step as each committed change.
 * Its writes run one at a time, together with the view's loads: a change is applied to the view
 * in the order it was committed, and a load never installs rows older than a change after it.
 */
export class NotificationService {
  readonly #repo: NotificationRepository;
  readonly #hub: EventHub;
  readonly #view = new ActiveNotificationsView();
  #writes: Promise<unknown> = Promise.resolve();

  constructor(repo: NotificationRepository, hub: EventHub) {
    this.#repo = repo;
    this.#hub = hub;
    // Deleting a device clears the device on its notifications in the database, not in the view.
    hub.subscribe('device-removed', () => this.invalidate());
  }

  /** Records a notification and pushes it live; returns undefined when its source is already active. */
  raise(n: RaiseNotification): Promise<Notification | undefined> {
    return this.#write(async () => {
      const id = await this.#repo.insertUnlessActive({
        type: n.type,
        text: n.text,
        by: n.by,
        deviceId: n.deviceRef ?? null,
        source: n.source ?? null,
        code: n.code ?? null,
      });
      if (id === undefined) return undefined;
      const row = await this.#repo.findById(id);
      if (!row) return undefined;
      this.#view.added(row);
      return this.#publish(presentNotification(row), { source: n.source ?? null });
    });
  }

  /** The plant condition behind a source ended: the notification stays until acknowledged. */
  clear(source: string): Promise<void> {
    return this.#write(async () => {
      for (const id of await this.#repo.clearSource(source)) {
        const row = await this.#repo.findById(id);
        if (!row) continue;
        this.#view.changed(row);
        this.#publish(presentNotification(row));
      }
    });
  }

  /** The code of the still-active notification of a source, if any. */
  activeCode(source: string): Promise<number | undefined> {
    return this.#repo.activeCode(source);
  }

  /** The bell: answered from memory once loaded. */
  async active(): Promise<ActiveNotifications> {
    if (!this.#view.loaded) {
      await this.#write(async () => {
        if (this.#view.loaded) return;
        const [rows, count] = await Promise.all([
          this.#repo.unacknowledged(ACTIVE_LIMIT),
          this.#repo.countUnacknowledged(),
        ]);
        this.#view.load(rows, count);
      });
    }
    return this.#view.reply();
  }

  /**
   * Drops the bell's view, to be loaded again on the next call: the entry point for changes this
   * service did not make, such as another server instance's, which a transport between
   * instances would deliver through the hub as notification events.
   */
  invalidate(): void {
    this.#view.invalidate();
  }

  async unseen(): Promise<Notification[]> {
    const now = Date.now();
    return (await this.#repo.unseen()).map((r) => presentNotification(r, now));
  }

  async page(page: number, limit: number) {
    const [rows, total] = await Promise.all([this.#repo.page(page, limit), this.#repo.total()]);
    const now = Date.now();
    return {
      data: rows.map((r) => presentNotification(r, now)),
      currentPage: page,
      totalPage: Math.max(1, Math.ceil(total / limit)),
      limit,
      total,
    };
  }

  acknowledge(id: number, userId: number): Promise<Notification> {
    return this.#write(async () => {
      const changed = await this.#repo.acknowledge(id, userId);
      const row = await this.#repo.findById(id);
      if (!row) throw notFound('Notification not found.');
      const n = presentNotification(row);
      if (changed) {
        this.#view.acknowledged(id);
        this.#publish(n);
      }
      return n;
    });
  }

  acknowledgeAll(userId: number): Promise<number> {
    return this.#write(async () => {
      const count = await this.#repo.acknowledgeAll(userId);
      this.#view.acknowledgedAll();
      if (count > 0) this.#hub.publish({ type: 'notifications-acknowledged', count });
      return count;
    });
  }

  /** Only the push list reads when a notification was shown, so the bell's view stays as it is. */
  async markSeen(id: number): Promise<void> {
    if (!(await this.#repo.markSeen(id))) throw notFound('Notification not found.');
  }

  #publish(notification: Notification, raised?: { source: string | null }): Notification {
    this.#hub.publish({ type: 'notification', notification, ...(raised ? { raised } : {}) });
    return notification;
  }

  /**
   * Runs a write (or a load of the view) after the ones before it. A write that fails may have
   * committed before it failed, so the view is loaded again rather than trusted.
   */
  #write<T>(work: () => Promise<T>): Promise<T> {
    const done = this.#writes.then(work).catch((error: unknown) => {
      this.#view.invalidate();
      throw error;
    });
    this.#writes = done.catch(() => undefined);
    return done;
  }
}
