/**
 * Alarm to e-mail: alarms raised one after another through `NotificationService.raise`, each
 * going through an e-mail pipeline with no delay to a real SMTP server (the smtp-server package,
 * in this process). Reports the time from a raise to the SMTP server accepting its message.
 * The alarm clock moves two minutes on per alarm, so the alarms never make a flood (which would
 * send one summary instead).
 *
 *   node bench/alarm-email.ts [--alarms 200]
 *
 * Embedded database by default; with TEST_DATABASE_URL, a PostgreSQL server. JSON on stdout.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { Role } from '@roastery/contract';
import { users } from '@roastery/db';
import { prepareTemplate } from '@roastery/db/testing';
import { buildTestApp, testUsers } from '@roastery/server/testing';
import { startSmtpSink } from '@roastery/server/testing/alarm-delivery';

const { values: args } = parseArgs({ options: { alarms: { type: 'string', default: '200' } } });
const alarms = Number(args.alarms);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted.at(-1) ?? NaN) };
}

const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
const smtp = await startSmtpSink();
let now = new Date('2026-03-02T08:00:00Z');
const t = await buildTestApp({}, { alarmClock: () => now });
try {
  const [person] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, testUsers[Role.Supervisor].username));
  const saved = await t.as(Role.Administrator)('PUT', '/api/admin/alarm-delivery', {
    console_url: 'https://console.plant.example',
    smtp: {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: null,
      from: 'alarms@plant.example',
    },
    pipelines: [
      {
        name: 'bench',
        enabled: true,
        minimum_priority: 'alarm',
        devices: [],
        channel: 'email',
        webhook_url: null,
        delay_seconds: 0,
        roster: [{ user_id: person?.id ?? 0, email: 'on-call@plant.example' }],
        escalate_after_minutes: null,
        notify_on_return: false,
        quiet_hours: null,
      },
    ],
  });
  if (saved.status !== 200) throw new Error(`settings refused: ${JSON.stringify(saved.body)}`);

  const latencies: number[] = [];
  for (let i = 0; i < alarms; i += 1) {
    now = new Date(now.getTime() + 120_000);
    const t0 = performance.now();
    await t.services.notifications.raise({
      type: 'alarm',
      text: `Bench alarm ${i}`,
      by: 'bench',
      source: `bench-mail:${i}`,
    });
    const [mail] = (await smtp.received(i + 1)).slice(i);
    if (!mail?.text.includes(`Bench alarm ${i}`)) throw new Error(`mail ${i} is not alarm ${i}`);
    latencies.push(mail.at - t0);
  }
  console.log(
    JSON.stringify(
      {
        benchmark: 'alarm-email',
        database: t.database.kind,
        alarms,
        accepted: smtp.mails.length,
        raiseToSmtpAcceptedMs: stats(latencies),
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
  await smtp.close();
  await removeTemplate();
  await rm(dir, { recursive: true, force: true });
}
