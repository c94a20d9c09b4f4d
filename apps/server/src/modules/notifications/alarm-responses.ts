import type { Notification, ShelveAlarmBody } from '@roastery/contract';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import { applyAlarmEvent, isAnnunciated, type AlarmEvent } from './alarm-state.ts';
import type { NotificationContext } from './notification-context.ts';
import type { NotificationRepository } from './notification-repository.ts';
import { alarmRecordOf, presentNotification } from './present-notification.ts';
import { publishNotification } from './publish-notification.ts';
import { transitionRow } from './transition-row.ts';

/** The longest shelve, in the whole minutes a person may ask for. */
export function maxShelveMinutes(maxShelveMs: number): number {
  return Math.floor(maxShelveMs / 60_000);
}

/** Acknowledging twice is harmless: the second answers the notification as it is. */
export function acknowledge(
  ctx: NotificationContext,
  id: number,
  userId: number,
): Promise<Notification> {
  return ctx.writes.run(async () => {
    const now = ctx.clock.now();
    const row = await ctx.repo.findById(id);
    if (!row) throw notFound('Notification not found.');
    const record = alarmRecordOf(row);
    const t = applyAlarmEvent(record, { type: 'acknowledge' }, now);
    if (!t.ok) return presentNotification(row, now);
    const changed = await ctx.repo.transaction(async (repo) => {
      if (!(await repo.acknowledge(id, userId, now))) return undefined;
      await repo.recordTransitions([transitionRow(id, 'acknowledge', t.from, t.to, now, userId)]);
      return repo.findById(id);
    });
    if (!changed) return presentNotification((await ctx.repo.findById(id)) ?? row, now);
    if (isAnnunciated(record, now)) ctx.view.acknowledged(id);
    return publishNotification(ctx.hub, changed, now);
  });
}

/** Acknowledges every alarm the bell shows. */
export function acknowledgeAll(ctx: NotificationContext, userId: number): Promise<number> {
  return ctx.writes.run(async () => {
    const now = ctx.clock.now();
    const rows = await ctx.repo.transaction(async (repo) => {
      const acknowledged = await repo.acknowledgeAll(userId, now);
      await repo.recordTransitions(
        acknowledged.map((r) =>
          transitionRow(
            r.id,
            'acknowledge',
            r.clearedAt ? 'returned-unacknowledged' : 'unacknowledged',
            r.clearedAt ? 'normal' : 'acknowledged',
            now,
            userId,
          ),
        ),
      );
      return acknowledged;
    });
    ctx.view.acknowledgedAll();
    if (rows.length > 0)
      ctx.hub.publish({ type: 'notifications-acknowledged', count: rows.length });
    return rows.length;
  });
}

/** A person shelves an alarm for a while, with a reason; it comes back by itself at the end. */
export function shelve(
  ctx: NotificationContext,
  maxShelveMs: number,
  id: number,
  body: ShelveAlarmBody,
  userId: number,
): Promise<Notification> {
  if (body.minutes * 60_000 > maxShelveMs) {
    return Promise.reject(
      unprocessable(
        `An alarm can be shelved for at most ${maxShelveMinutes(maxShelveMs)} minutes.`,
      ),
    );
  }
  return change(ctx, id, userId, body.reason, (now) => ({
    event: { type: 'shelve', until: new Date(now.getTime() + body.minutes * 60_000) },
    fields: (record) => ({
      shelvedUntil: record.shelvedUntil,
      shelvedBy: userId,
      shelveReason: body.reason,
    }),
  }));
}

export function unshelve(
  ctx: NotificationContext,
  id: number,
  userId: number,
): Promise<Notification> {
  return change(ctx, id, userId, null, () => ({
    event: { type: 'unshelve' },
    fields: () => ({ shelvedUntil: null, shelvedBy: null, shelveReason: null }),
  }));
}

/** One alarm's event, written with its transition; the bell is loaded again after it. */
function change(
  ctx: NotificationContext,
  id: number,
  userId: number | null,
  reason: string | null,
  plan: (now: Date) => {
    event: AlarmEvent;
    fields: (
      record: ReturnType<typeof alarmRecordOf>,
    ) => Parameters<NotificationRepository['updateAlarm']>[1];
  },
): Promise<Notification> {
  return ctx.writes.run(async () => {
    const now = ctx.clock.now();
    const row = await ctx.repo.findById(id);
    if (!row) throw notFound('Notification not found.');
    const { event, fields } = plan(now);
    const t = applyAlarmEvent(alarmRecordOf(row), event, now);
    if (!t.ok) throw conflict(t.reason);
    const changed = await ctx.repo.transaction(async (repo) => {
      await repo.updateAlarm(id, fields(t.record));
      await repo.recordTransitions([
        transitionRow(id, event.type, t.from, t.to, now, userId, reason),
      ]);
      return repo.findById(id);
    });
    ctx.view.invalidate();
    return publishNotification(ctx.hub, changed ?? row, now);
  });
}
