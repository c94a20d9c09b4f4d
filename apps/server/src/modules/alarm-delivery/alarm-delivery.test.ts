import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { alarmDeliveryAttempts, users } from '@roastery/db';
import {
  Role,
  type AlarmAckLink,
  type AlarmDelivery,
  type AlarmDeliverySettings,
  type AlarmPipelineBody,
  type AlarmTransition,
  type AuditPage,
  type Notification,
} from '@roastery/contract';
import { buildTestApp, testUsers, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { startHttpSink, startSmtpSink } from '../../../test/alarm-delivery-sinks.ts';

let t: TestApp;
let admin: ApiCaller;
let supervisor: ApiCaller;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let http: Awaited<ReturnType<typeof startHttpSink>>;
let now = new Date('2026-03-02T08:00:00Z');
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
let samId = 0;
let adminId = 0;
let sources = 0;
let pipelines = 0;
/** The settings of the fresh console, read before any test saves some. */
let initial: AlarmDeliverySettings;
const configEvents: string[] = [];

beforeAll(async () => {
  [smtp, http] = await Promise.all([startSmtpSink(), startHttpSink()]);
  t = await buildTestApp({}, { alarmClock: () => now });
  admin = t.as(Role.Administrator);
  supervisor = t.as(Role.Supervisor);
  const idOf = async (username: string) =>
    (await t.database.db.select().from(users).where(eq(users.username, username)))[0]?.id ?? 0;
  samId = await idOf(testUsers[Role.Supervisor].username);
  adminId = await idOf(testUsers[Role.Administrator].username);
  initial = (await admin<AlarmDeliverySettings>('GET', '/api/admin/alarm-delivery')).body;
  t.services.hub.subscribe('config', (e) => configEvents.push(`${e.area}: ${e.action} by ${e.by}`));
});
afterAll(async () => {
  await t.close();
  await Promise.all([smtp.close(), http.close()]);
});
// Each test starts past the flood window of the alarms before it.
beforeEach(() => advance(11 * 60_000));

/** A pipeline of its own for each test: messages an earlier test left due are not sent by it. */
function pipeline(extra: Partial<AlarmPipelineBody> = {}): AlarmPipelineBody {
  pipelines += 1;
  return {
    name: `shift ${pipelines}`,
    enabled: true,
    minimum_priority: 'warning',
    devices: [],
    channel: 'email',
    webhook_url: null,
    delay_seconds: 60,
    roster: [
      { user_id: samId, email: 'sam@plant.example' },
      { user_id: adminId, email: 'ada@plant.example' },
    ],
    escalate_after_minutes: 5,
    notify_on_return: false,
    quiet_hours: null,
    ...extra,
  };
}

async function configure(...pipelines: AlarmPipelineBody[]) {
  const res = await admin<AlarmDeliverySettings>('PUT', '/api/admin/alarm-delivery', {
    console_url: 'https://console.plant.example',
    smtp: {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: null,
      password: 'smtp-secret',
      from: 'alarms@plant.example',
    },
    pipelines,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function raise(type: 'alarm' | 'warning' = 'alarm') {
  sources += 1;
  const n = await t.services.notifications.raise({
    type,
    text: `Drum pressure high ${sources}`,
    by: 'PLC',
    source: `delivery-test:${sources}`,
  });
  if (!n) throw new Error('not raised');
  await t.services.alarmDelivery.settled();
  return n;
}

async function deliveriesOf(id: number) {
  const { body } = await admin<AlarmDelivery[]>('GET', '/api/admin/alarm-delivery/deliveries');
  return body.filter((d) => d.notification_id === id);
}

function tokenIn(text: string): string {
  const token = /alarm-ack\?token=([\w.-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no link in ${text}`);
  return token;
}

describe('settings', () => {
  it('are off by default, keep secrets server-side and refuse what could not deliver', async () => {
    expect(initial).toEqual({
      console_url: null,
      smtp: null,
      pipelines: [],
      updated_by: null,
      updated_at: null,
    });

    const saved = await configure(pipeline());
    expect(saved.smtp).toMatchObject({ port: smtp.port, password_set: true });
    expect(JSON.stringify(saved)).not.toContain('smtp-secret');
    expect(configEvents).toContain(
      `alarm-delivery: edited by ${testUsers[Role.Administrator].full_name}`,
    );

    const bad = await admin('PUT', '/api/admin/alarm-delivery', {
      console_url: null,
      smtp: null,
      pipelines: [pipeline()],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('SMTP');
    const forbidden = await supervisor('GET', '/api/admin/alarm-delivery');
    expect(forbidden.status).toBe(403);
  });
});

describe('e-mail', () => {
  it('goes out after the delay with the alarm text and a link, then escalates', async () => {
    await configure(pipeline());
    const before = smtp.mails.length;
    const n = await raise();

    await t.services.alarmDelivery.sendDue();
    expect(smtp.mails.length).toBe(before);

    advance(61_000);
    await t.services.alarmDelivery.sendDue();
    const [first] = (await smtp.received(before + 1)).slice(before);
    expect(first?.to).toEqual(['sam@plant.example']);
    expect(first?.text).toContain(n.text);
    expect(first?.text).toContain('https://console.plant.example/alarm-ack?token=');

    advance(4 * 60_000);
    await t.services.alarmDelivery.sendDue();
    expect(smtp.mails.length).toBe(before + 1);
    advance(60_000);
    await t.services.alarmDelivery.sendDue();
    const [second] = (await smtp.received(before + 2)).slice(before + 1);
    expect(second?.to).toEqual(['ada@plant.example']);
    expect(second?.text).toContain('Alarm not acknowledged');
    expect((await deliveriesOf(n.id)).map((d) => `${d.kind}:${d.step}:${d.status}`)).toEqual([
      'escalation:1:sent',
      'raised:0:sent',
    ]);
  });

  it('acknowledges by link as the person it was sent to, once, and the audit says so', async () => {
    await configure(pipeline({ delay_seconds: 0 }));
    const before = smtp.mails.length;
    const n = await raise();
    await t.services.alarmDelivery.sendDue();
    const [mail] = (await smtp.received(before + 1)).slice(before);
    const token = tokenIn(mail?.text ?? '');

    const shown = await t.app.inject({ method: 'GET', url: `/api/alarm-ack?token=${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json<AlarmAckLink>()).toMatchObject({
      notification_id: n.id,
      user_name: testUsers[Role.Supervisor].full_name,
      state: 'unacknowledged',
    });

    const acked = await t.app.inject({ method: 'POST', url: '/api/alarm-ack', payload: { token } });
    expect(acked.statusCode).toBe(200);
    expect(acked.json<Notification>()).toMatchObject({
      id: n.id,
      ack: true,
      state: 'acknowledged',
    });
    const { body: history } = await supervisor<AlarmTransition[]>(
      'GET',
      `/api/notification/history/${n.id}`,
    );
    expect(history.find((h) => h.event === 'acknowledge')?.user_id).toBe(samId);

    const again = await t.app.inject({ method: 'POST', url: '/api/alarm-ack', payload: { token } });
    expect(again.statusCode).toBe(410);
    await t.services.audit.flush();
    const { body: audit } = await admin<AuditPage>(
      'GET',
      '/api/audit?text=acknowledged%20by%20link',
    );
    expect(audit.data[0]).toMatchObject({
      user_name: testUsers[Role.Supervisor].username,
      action: 'acknowledged by link',
      target: `id=${n.id}`,
    });

    // Acknowledged: nobody else is called.
    advance(10 * 60_000);
    await t.services.alarmDelivery.sendDue();
    expect((await deliveriesOf(n.id)).find((d) => d.kind === 'escalation')?.status).toBe('skipped');
  });

  it('refuses an expired or forged link', async () => {
    await configure(pipeline({ delay_seconds: 0, escalate_after_minutes: null }));
    const before = smtp.mails.length;
    await raise();
    await t.services.alarmDelivery.sendDue();
    const token = tokenIn((await smtp.received(before + 1))[before]?.text ?? '');
    advance(13 * 3_600_000);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/alarm-ack',
      payload: { token },
    });
    expect(expired.statusCode).toBe(410);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/alarm-ack',
      payload: { token: `${token.slice(0, -4)}AAAA` },
    });
    expect(forged.statusCode).toBe(400);
  });

  it('sends nothing for an alarm shelved during the delay', async () => {
    await configure(pipeline());
    const before = smtp.mails.length;
    const n = await raise();
    const shelved = await supervisor('POST', `/api/notification/shelve/${n.id}`, {
      minutes: 30,
      reason: 'Sensor being replaced',
    });
    expect(shelved.status).toBe(200);
    advance(61_000);
    await t.services.alarmDelivery.sendDue();
    expect(smtp.mails.length).toBe(before);
    expect(await deliveriesOf(n.id)).toMatchObject([
      { kind: 'raised', status: 'skipped', detail: 'The alarm is shelved.' },
    ]);
  });

  it('tells of the return to normal when the pipeline asks', async () => {
    await configure(pipeline({ delay_seconds: 0, notify_on_return: true }));
    const before = smtp.mails.length;
    const n = await raise();
    await t.services.alarmDelivery.sendDue();
    await smtp.received(before + 1);
    await t.services.notifications.clear(n.source ?? '');
    await t.services.alarmDelivery.settled();
    await t.services.alarmDelivery.sendDue();
    const [returned] = (await smtp.received(before + 2)).slice(before + 1);
    expect(returned?.text).toContain(`Returned to normal: ${n.text}`);
  });
});

describe('webhook', () => {
  it('posts a signed body, retrying with backoff and recording each attempt', async () => {
    const secret = 'hook-secret-0123456789';
    await configure(
      pipeline({
        channel: 'webhook',
        webhook_url: http.url,
        webhook_secret: secret,
        delay_seconds: 0,
        roster: [],
        escalate_after_minutes: null,
      }),
    );
    http.answer(500);
    const before = http.posts.length;
    const n = await raise('warning');
    await t.services.alarmDelivery.sendDue();
    expect(await deliveriesOf(n.id)).toMatchObject([{ status: 'pending', attempts: 1 }]);
    advance(30_000);
    await t.services.alarmDelivery.sendDue();
    const [delivery] = await deliveriesOf(n.id);
    expect(delivery).toMatchObject({ status: 'sent', attempts: 2 });
    const attempts = await t.database.db
      .select()
      .from(alarmDeliveryAttempts)
      .where(eq(alarmDeliveryAttempts.deliveryId, delivery?.id ?? 0));
    expect(attempts.map((a) => a.ok)).toEqual([false, true]);

    const posted = http.posts.slice(before);
    expect(posted).toHaveLength(2);
    const last = posted[1];
    const expected = createHmac('sha256', secret)
      .update(last?.body ?? '')
      .digest('hex');
    expect(last?.headers['x-roastery-signature']).toBe(`sha256=${expected}`);
    expect(JSON.parse(last?.body ?? '{}')).toMatchObject({
      kind: 'raised',
      alarm: { id: n.id, priority: 'warning', text: n.text },
    });
  });
});

describe('alarm flood', () => {
  it('sends one summary instead of a message per alarm', async () => {
    await configure(pipeline({ delay_seconds: 30, escalate_after_minutes: null }));
    const before = smtp.mails.length;
    const raised: Notification[] = [];
    for (let i = 0; i < 12; i += 1) raised.push(await raise());
    advance(30_000);
    await t.services.alarmDelivery.sendDue();
    const [summary] = (await smtp.received(before + 1)).slice(before);
    expect(summary?.text).toContain('Alarm flood: 12 alarms');
    // Give a stray second message the time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.length).toBe(before + 1);
    const skipped = await deliveriesOf(raised[0]?.id ?? 0);
    expect(skipped[0]?.detail).toBe('Alarm flood: one summary goes out instead.');
  });
});
