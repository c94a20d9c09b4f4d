import { alarmState } from '../notifications/alarm-state.ts';
import type { AlarmRow, DeliveryRow } from './alarm-delivery-repository.ts';
import { alarmMessage, floodMessage, type AlarmMessage } from './alarm-message.ts';
import { retryAt } from './delivery-backoff.ts';
import type { DeliveryContext } from './delivery-context.ts';
import type { StoredPipeline, StoredSettings } from './delivery-settings.ts';
import { inQuietHours, isTopPriority } from './pipeline-rules.ts';

const BATCH = 50;

/** Sends every message due now, batch by batch; resolves to how many were handled. */
export async function sendDue(ctx: DeliveryContext): Promise<number> {
  let handled = 0;
  for (;;) {
    const now = ctx.now();
    const due = await ctx.repo.claimDue(now, BATCH);
    if (due.length === 0) return handled;
    const settings = await ctx.settings();
    for (const row of due) await handle(ctx, settings, row, now);
    handled += due.length;
  }
}

function alarmRecord(alarm: AlarmRow) {
  return {
    active: alarm.clearedAt === null,
    acknowledged: alarm.ack,
    shelvedUntil: alarm.shelvedUntil,
    suppression: alarm.suppression,
  };
}

/** Why a message about this alarm is not sent now, or null to send it. */
function reasonToSkip(row: DeliveryRow, alarm: AlarmRow | undefined, now: Date): string | null {
  if (!alarm) return 'The alarm no longer exists.';
  const state = alarmState(alarmRecord(alarm), now);
  // Checked when the message is due, not only when the alarm was raised: a person may have
  // shelved it or taken its source out of service during the delay.
  if (state === 'shelved' || state === 'suppressed' || state === 'out-of-service') {
    return `The alarm is ${state.replaceAll('-', ' ')}.`;
  }
  if (row.kind === 'returned') return null;
  if (alarm.ack) return 'The alarm was acknowledged.';
  if (alarm.clearedAt !== null && row.kind === 'raised') {
    return 'The alarm returned to normal before the delay ended.';
  }
  return null;
}

async function handle(
  ctx: DeliveryContext,
  settings: StoredSettings,
  row: DeliveryRow,
  now: Date,
): Promise<void> {
  const pipeline = settings.pipelines.find((p) => p.name === row.pipeline && p.enabled);
  if (!pipeline) return ctx.repo.skip(row.id, 'The pipeline was removed or turned off.');
  if (row.kind === 'flood') return send(ctx, settings, pipeline, row, await floodSummary(ctx, row));
  const alarm = row.notificationId === null ? undefined : await ctx.repo.alarm(row.notificationId);
  const why = reasonToSkip(row, alarm, now);
  if (why || !alarm) return ctx.repo.skip(row.id, why ?? 'The alarm no longer exists.');
  if (
    pipeline.quiet_hours &&
    !isTopPriority(alarm.type) &&
    inQuietHours(pipeline.quiet_hours, now)
  ) {
    return ctx.repo.skip(row.id, 'Quiet hours: only top-priority alarms go out.');
  }
  if (row.kind === 'returned' && !(await ctx.repo.wasSent(`raised:${alarm.id}:${pipeline.name}`))) {
    return ctx.repo.skip(row.id, 'Nobody was told of the alarm.');
  }
  if (row.kind === 'raised') {
    const flood = await ctx.flood();
    if (flood.flooding && flood.since) {
      await ctx.repo.schedule([
        {
          key: `flood:${flood.since}:${pipeline.name}`,
          notificationId: null,
          pipeline: pipeline.name,
          kind: 'flood',
          step: 0,
          dueAt: now,
        },
      ]);
      return ctx.repo.skip(row.id, 'Alarm flood: one summary goes out instead.');
    }
  }
  const recipient = pipeline.roster[row.step] ?? null;
  const ackUrl =
    row.kind !== 'returned' && recipient && settings.console_url
      ? `${settings.console_url.replace(/\/+$/, '')}/alarm-ack?token=${await ctx.links.issue(alarm.id, recipient.user_id, now)}`
      : null;
  const message = alarmMessage(
    { kind: row.kind, pipeline: pipeline.name, recipient, ackUrl },
    alarm,
    alarmState(alarmRecord(alarm), now),
  );
  await send(ctx, settings, pipeline, row, message);
}

async function floodSummary(ctx: DeliveryContext, row: DeliveryRow): Promise<AlarmMessage> {
  // The key is `flood:<ISO start>:<pipeline>`; a pipeline's name may hold colons too.
  const since = new Date(/^flood:(.+?Z):/.exec(row.key)?.[1] ?? '');
  const flood = await ctx.flood();
  return floodMessage(
    { pipeline: row.pipeline, recipient: null },
    { count: flood.count, since: Number.isNaN(since.getTime()) ? row.dueAt : since },
  );
}

/** One attempt; on success the next person of the roster is due if nobody acknowledges. */
async function send(
  ctx: DeliveryContext,
  settings: StoredSettings,
  pipeline: StoredPipeline,
  row: DeliveryRow,
  message: AlarmMessage,
): Promise<void> {
  const at = ctx.now();
  try {
    if (pipeline.channel === 'webhook') {
      await ctx.postWebhook(
        pipeline.webhook_url ?? '',
        pipeline.webhook_secret ?? '',
        message.body,
      );
    } else {
      const to = (pipeline.roster[row.step] ?? pipeline.roster[0])?.email;
      if (!settings.smtp || !to) {
        return await ctx.repo.skip(row.id, 'There is no SMTP server or nobody to write to.');
      }
      await ctx.email.send(settings.smtp, to, message.subject, message.text);
    }
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    return ctx.repo.attempted(row, at, {
      ok: false,
      error,
      retryAt: retryAt(row.attempts + 1, at),
    });
  }
  await ctx.repo.attempted(row, at, { ok: true });
  const next = row.step + 1;
  const escalating = row.kind === 'raised' || row.kind === 'escalation';
  if (escalating && pipeline.escalate_after_minutes !== null && pipeline.roster[next]) {
    await ctx.repo.schedule([
      {
        key: `escalation:${row.notificationId}:${pipeline.name}:${next}`,
        notificationId: row.notificationId,
        pipeline: pipeline.name,
        kind: 'escalation',
        step: next,
        dueAt: new Date(at.getTime() + pipeline.escalate_after_minutes * 60_000),
      },
    ]);
  }
}
