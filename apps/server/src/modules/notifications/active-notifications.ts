import type { ActiveNotifications, Notification } from '@roastery/contract';
import type { NotificationRow } from './notification-repository.ts';
import { presentNotification } from './present-notification.ts';

/** How many unacknowledged notifications the bell lists, newest first; the count covers them all. */
export const ACTIVE_LIMIT = 100;

interface Entry {
  /** As presented; its `timeDiff` is recomputed for each reply. */
  notification: Notification;
  createdMs: number;
}

/** Newest first, the later id first at the same instant: the repository's order. */
function newerFirst(a: Entry, b: Entry): number {
  return b.createdMs - a.createdMs || b.notification.id - a.notification.id;
}

/**
 * The bell's reply kept in memory: the newest unacknowledged notifications (at most
 * ACTIVE_LIMIT) and the count of all of them. It knows only what it is told, so its one writer
 * tells it every committed change. When an acknowledgement leaves fewer rows than it must show
 * while more exist in the database, it declares itself stale and is loaded again.
 */
export class ActiveNotificationsView {
  #entries: Entry[] = [];
  #count = 0;
  #loaded = false;
  #generation = 0;

  get loaded(): boolean {
    return this.#loaded;
  }

  /** Counts invalidations: a load that began before one must not be kept. */
  get generation(): number {
    return this.#generation;
  }

  /**
   * Holds what a load read. `readAt` is the generation when its queries began: if an invalidation
   * came while they ran (another instance's notification, say), the rows may predate it, so they
   * answer the call that read them but the next call reads again.
   */
  load(rows: NotificationRow[], count: number, readAt = this.#generation): void {
    this.#entries = rows.map(entryOf);
    this.#count = count;
    this.#loaded = readAt === this.#generation;
  }

  /** Forgets everything: the next reply is loaded from the database. */
  invalidate(): void {
    this.#generation += 1;
    this.#loaded = false;
    this.#entries = [];
  }

  reply(now = Date.now()): ActiveNotifications {
    return {
      count: this.#count,
      data: this.#entries.map(({ notification, createdMs }) => ({
        ...notification,
        timeDiff: Math.max(0, Math.floor((now - createdMs) / 1000)),
      })),
    };
  }

  /** A notification was raised (it is unacknowledged). */
  added(row: NotificationRow): void {
    if (!this.#loaded) return;
    this.#count += 1;
    const entry = entryOf(row);
    const at = this.#entries.findIndex((e) => newerFirst(entry, e) < 0);
    this.#entries.splice(at < 0 ? this.#entries.length : at, 0, entry);
    if (this.#entries.length > ACTIVE_LIMIT) this.#entries.pop();
  }

  /** A still-unacknowledged notification changed (its condition cleared in the plant). */
  changed(row: NotificationRow): void {
    const at = this.#entries.findIndex((e) => e.notification.id === row.id);
    if (at >= 0 && !row.ack) this.#entries[at] = entryOf(row);
  }

  /** A notification was acknowledged. */
  acknowledged(id: number): void {
    if (!this.#loaded) return;
    this.#count -= 1;
    this.#entries = this.#entries.filter((e) => e.notification.id !== id);
    // The next one beyond the list is not held here: only the database knows it.
    if (this.#entries.length < Math.min(this.#count, ACTIVE_LIMIT)) this.invalidate();
  }

  /** Every notification was acknowledged. */
  acknowledgedAll(): void {
    this.load([], 0);
  }
}

function entryOf(row: NotificationRow): Entry {
  return {
    notification: presentNotification(row, row.createdAt),
    createdMs: row.createdAt.getTime(),
  };
}
