import type {
  ActiveNotifications,
  AlarmFlood,
  AlarmState,
  AlarmTransition,
  Notification,
} from '@roastery/contract';
import { notFound } from '../../lib/http-errors.ts';
import { ACTIVE_LIMIT } from './active-notifications.ts';
import { FLOOD_THRESHOLD, FLOOD_WINDOW_MS } from './alarm-flood.ts';
import type { NotificationContext } from './notification-context.ts';
import { presentNotification } from './present-notification.ts';

/** The bell: answered from memory once loaded. */
export async function activeNotifications(ctx: NotificationContext): Promise<ActiveNotifications> {
  const { view } = ctx;
  if (!view.loaded) {
    await ctx.writes.run(async () => {
      if (view.loaded) return;
      const readAt = view.generation;
      const [rows, count] = await Promise.all([
        ctx.repo.unacknowledged(ACTIVE_LIMIT),
        ctx.repo.countUnacknowledged(),
      ]);
      view.load(rows, count, readAt);
    });
  }
  return view.reply(ctx.clock.now().getTime());
}

export async function unseenNotifications(ctx: NotificationContext): Promise<Notification[]> {
  const now = ctx.clock.now();
  return (await ctx.repo.unseen()).map((r) => presentNotification(r, now));
}

export async function notificationPage(
  ctx: NotificationContext,
  page: number,
  limit: number,
  state?: AlarmState,
) {
  const [rows, total] = await Promise.all([
    ctx.repo.page(page, limit, state),
    ctx.repo.total(state),
  ]);
  const now = ctx.clock.now();
  return {
    data: rows.map((r) => presentNotification(r, now)),
    currentPage: page,
    totalPage: Math.max(1, Math.ceil(total / limit)),
    limit,
    total,
  };
}

export async function alarmHistory(
  ctx: NotificationContext,
  id: number,
): Promise<AlarmTransition[]> {
  if (!(await ctx.repo.findById(id))) throw notFound('Notification not found.');
  return (await ctx.repo.history(id)).map((r) => ({
    id: r.id,
    event: r.event,
    from: r.fromState as AlarmState,
    to: r.toState as AlarmState,
    user_id: r.userId,
    reason: r.reason,
    at: r.at.toISOString(),
  }));
}

export async function alarmFlood(ctx: NotificationContext): Promise<AlarmFlood> {
  const { conditions } = ctx;
  // Once loaded, the window is in memory: a read does not wait behind a burst of raises.
  if (!conditions.prepared) await ctx.writes.run(() => conditions.prepare());
  const state = conditions.floodAt(ctx.clock.now());
  return {
    flooding: state.flooding,
    count: state.count,
    since: state.since?.toISOString() ?? null,
    threshold: FLOOD_THRESHOLD,
    windowMinutes: FLOOD_WINDOW_MS / 60_000,
  };
}
