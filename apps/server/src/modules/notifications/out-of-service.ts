import type {
  AlarmSource,
  AlarmSourceOutOfService,
  RemoveAlarmSourceBody,
} from '@roastery/contract';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { applyAlarmEvent, type AlarmEvent } from './alarm-state.ts';
import type { NotificationContext } from './notification-context.ts';
import type { NotificationRepository, NotificationRow } from './notification-repository.ts';
import { alarmRecordOf } from './present-notification.ts';
import { publishNotification } from './publish-notification.ts';
import { transitionRow } from './transition-row.ts';

/**
 * A supervisor takes an alarm source out of service: its alarms are recorded, not annunciated.
 * A source that never alarmed may be too, when the plant has it (a device, the console's own).
 */
export function removeFromService(
  ctx: NotificationContext,
  sources: () => Promise<AlarmSource[]>,
  body: RemoveAlarmSourceBody,
  userId: number,
): Promise<number> {
  return ctx.writes.run(async () => {
    await ctx.conditions.prepare();
    const now = ctx.clock.now();
    const known =
      (await ctx.repo.sourceKnown(body.source)) ||
      (await sources()).some((s) => s.source === body.source);
    if (!known) {
      throw notFound(
        `There is no alarm source ${body.source}: name a device's source (alarm:<device code>) or one of the console's.`,
      );
    }
    const changed = await ctx.repo.transaction(async (repo) => {
      if (!(await repo.removeFromService(body.source, body.reason, userId, now))) {
        throw conflict('The alarm source is already out of service.');
      }
      return applyToSource(repo, await repo.openOfSource(body.source), now, userId, body.reason, {
        event: { type: 'remove-from-service' },
        fields: {
          suppression: 'out-of-service',
          shelvedUntil: null,
          shelvedBy: null,
          shelveReason: null,
        },
      });
    });
    ctx.conditions.removedFromService(body.source);
    ctx.view.invalidate();
    for (const row of changed) publishNotification(ctx.hub, row, now);
    return changed.length;
  });
}

export function returnToService(
  ctx: NotificationContext,
  source: string,
  userId: number,
): Promise<number> {
  return ctx.writes.run(async () => {
    await ctx.conditions.prepare();
    const now = ctx.clock.now();
    const changed = await ctx.repo.transaction(async (repo) => {
      if (!(await repo.returnToService(source))) {
        throw notFound('The alarm source is not out of service.');
      }
      return applyToSource(repo, await repo.rowsOfSourceOutOfService(source), now, userId, null, {
        event: { type: 'return-to-service' },
        fields: { suppression: null },
      });
    });
    ctx.conditions.returnedToService(source);
    ctx.view.invalidate();
    for (const row of changed) publishNotification(ctx.hub, row, now);
    return changed.length;
  });
}

async function applyToSource(
  repo: NotificationRepository,
  rows: NotificationRow[],
  now: Date,
  userId: number,
  reason: string | null,
  change: { event: AlarmEvent; fields: Parameters<NotificationRepository['updateAlarm']>[1] },
): Promise<NotificationRow[]> {
  const changed: NotificationRow[] = [];
  for (const row of rows) {
    const t = applyAlarmEvent(alarmRecordOf(row), change.event, now);
    if (!t.ok) continue;
    await repo.updateAlarm(row.id, change.fields);
    await repo.recordTransitions([
      transitionRow(row.id, change.event.type, t.from, t.to, now, userId, reason),
    ]);
    changed.push((await repo.findById(row.id)) ?? row);
  }
  return changed;
}

export async function sourcesOutOfService(
  ctx: NotificationContext,
): Promise<AlarmSourceOutOfService[]> {
  return (await ctx.repo.outOfService()).map((r) => ({
    source: r.source,
    reason: r.reason,
    user_id: r.userId,
    at: r.at.toISOString(),
  }));
}
