import { applyAlarmEvent } from './alarm-state.ts';
import type { NotificationContext } from './notification-context.ts';
import type { NotificationRow, TransitionRow } from './notification-repository.ts';
import { alarmRecordOf } from './present-notification.ts';
import { publishNotification } from './publish-notification.ts';
import { transitionRow } from './transition-row.ts';

/** The plant condition behind a source ended: the notification stays until acknowledged. */
export function clearSource(ctx: NotificationContext, source: string): Promise<void> {
  return ctx.writes.run(async () => {
    const now = ctx.clock.now();
    ctx.conditions.cleared(source);
    await ctx.repo
      .transaction(async (repo) => {
        const transitions: TransitionRow[] = [];
        const rows: NotificationRow[] = [];
        for (const id of await repo.clearSource(source, now)) {
          const row = await repo.findById(id);
          if (!row) continue;
          rows.push(row);
          const before = { ...alarmRecordOf(row), active: true };
          const t = applyAlarmEvent(before, { type: 'clear' }, now);
          if (t.ok) transitions.push(transitionRow(id, 'clear', t.from, t.to, now));
        }
        await repo.recordTransitions(transitions);
        return rows;
      })
      .then((rows) => {
        for (const row of rows) {
          ctx.view.changed(row);
          publishNotification(ctx.hub, row, now);
        }
      });
  });
}
