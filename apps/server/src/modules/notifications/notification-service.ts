import type { ActiveNotifications, Notification, NotificationType } from '@roastery/contract';
import { notFound } from '../../lib/http-errors.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { NotificationRepository, NotificationRow } from './notification-repository.ts';

export interface RaiseNotification {
  type: NotificationType;
  text: string;
  by: string;
  deviceRef?: number | null;
  /** A lasting condition (an alarm code, a lost link): raised once until cleared. */
  source?: string;
  code?: number;
}

export function presentNotification(row: NotificationRow, now = Date.now()): Notification {
  return {
    id: row.id,
    type: row.type,
    device_id: row.deviceCode,
    d_id: row.deviceId,
    text: row.text,
    by: row.by,
    ack: row.ack,
    ackAt: row.ackAt?.toISOString() ?? null,
    clearedAt: row.clearedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    timeDiff: Math.max(0, Math.floor((now - row.createdAt.getTime()) / 1000)),
  };
}

export class NotificationService {
  readonly #repo: NotificationRepository;
  readonly #hub: EventHub;

  constructor(repo: NotificationRepository, hub: EventHub) {
    this.#repo = repo;
    this.#hub = hub;
  }

  /** Records a notification and pushes it live; returns undefined when its source is already active. */
  async raise(n: RaiseNotification): Promise<Notification | undefined> {
    const id = await this.#repo.insertUnlessActive({
      type: n.type,
      text: n.text,
      by: n.by,
      deviceId: n.deviceRef ?? null,
      source: n.source ?? null,
      code: n.code ?? null,
    });
    if (id === undefined) return undefined;
    return this.#publish(id);
  }

  /** The plant condition behind a source ended: the notification stays until acknowledged. */
  async clear(source: string): Promise<void> {
    for (const id of await this.#repo.clearSource(source)) await this.#publish(id);
  }

  /** The code of the still-active notification of a source, if any. */
  activeCode(source: string): Promise<number | undefined> {
    return this.#repo.activeCode(source);
  }

  async active(): Promise<ActiveNotifications> {
    const [rows, count] = await Promise.all([
      this.#repo.unacknowledged(),
      this.#repo.countUnacknowledged(),
    ]);
    const now = Date.now();
    return { count, data: rows.map((r) => presentNotification(r, now)) };
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

  async acknowledge(id: number, userId: number): Promise<Notification> {
    const changed = await this.#repo.acknowledge(id, userId);
    const row = await this.#repo.findById(id);
    if (!row) throw notFound('Notification not found.');
    const n = presentNotification(row);
    if (changed) this.#hub.publish({ type: 'notification', notification: n });
    return n;
  }

  async acknowledgeAll(userId: number): Promise<number> {
    const count = await this.#repo.acknowledgeAll(userId);
    if (count > 0) this.#hub.publish({ type: 'notifications-acknowledged', count });
    return count;
  }

  async markSeen(id: number): Promise<void> {
    if (!(await this.#repo.markSeen(id))) throw notFound('Notification not found.');
  }

  async #publish(id: number): Promise<Notification | undefined> {
    const row = await this.#repo.findById(id);
    if (!row) return undefined;
    const notification = presentNotification(row);
    this.#hub.publish({ type: 'notification', notification });
    return notification;
  }
}
