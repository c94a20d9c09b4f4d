import { applyAlarmEvent } from './alarm-state.ts';
import type { NotificationContext } from './notification-context.ts';
import { alarmRecordOf } from './present-notification.ts';
import { publishNotification } from './publish-notification.ts';
import { transitionRow } from './transition-row.ts';

/**
 * What time alone changes: shelves that ran out come back, and a flood ends once the rate has
 * fallen. Run on a timer; tests call it after moving their clock.
 */
export function sweep(ctx: NotificationContext): Promise<void> {
  return ctx.writes.run(async () => {
    await ctx.conditions.prepare();
    const now = ctx.clock.now();
    const ended = await ctx.repo.shelveEnded(now);
    for (const row of ended) {
      const t = applyAlarmEvent(alarmRecordOf(row), { type: 'shelve-expired' }, now);
      if (!t.ok) continue;
      const changed = await ctx.repo.transaction(async (repo) => {
        await repo.updateAlarm(row.id, {
          shelvedUntil: null,
          shelvedBy: null,
          shelveReason: null,
        });
        await repo.recordTransitions([
          transitionRow(
            row.id,
            'shelve-expired',
            t.from,
            t.to,
            now,
            null,
            'The shelve time ended.',
          ),
        ]);
        return repo.findById(row.id);
      });
      publishNotification(ctx.hub, changed ?? row, now);
    }
    if (ended.length > 0) ctx.view.invalidate();
    ctx.conditions.floodUpdate(ctx.conditions.floodAt(now), false);
  });
}
