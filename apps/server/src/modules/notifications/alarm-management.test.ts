import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DemoDeviceType,
  Role,
  type ActiveNotifications,
  type AlarmFlood,
  type AlarmSource,
  type AlarmSourceOutOfService,
  type AlarmTransition,
  type LogEvent,
  type Notification,
  type NotificationType,
} from '@roastery/contract';
import { buildTestApp, seedDemoPlant, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantEventOf } from '../../plant/hub/plant-events.ts';
import { PLC_LINK_SOURCE, deviceAlarmSource } from '../../plant/runtime/plant-runtime.ts';
import { ORDER_SCHEDULER_STOPPED_SOURCE } from '../../plant/runtime/alarm-sources.ts';
import { NotificationRepository } from './notification-repository.ts';
import { NotificationService } from './notification-service.ts';

let t: TestApp;
let admin: ApiCaller;
let supervisor: ApiCaller;
let operator: ApiCaller;
let now = new Date('2026-03-02T08:00:00Z');
const advance = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};
const floods: PlantEventOf<'alarm-flood'>[] = [];
let sources = 0;

beforeAll(async () => {
  t = await buildTestApp({ ALARM_MAX_SHELVE: '2h' }, { alarmClock: () => now });
  admin = t.as(Role.Administrator);
  supervisor = t.as(Role.Supervisor);
  operator = t.as(Role.Operator);
  t.services.hub.subscribe('alarm-flood', (e) => floods.push(e));
});
afterAll(() => t.close());

async function raise(type: NotificationType = 'alarm', extra: { deviceRef?: number } = {}) {
  sources += 1;
  const n = await t.services.notifications.raise({
    type,
    text: `Condition ${sources}`,
    by: 'PLC',
    source: `test:${sources}`,
    ...extra,
  });
  if (!n) throw new Error('not raised');
  return n;
}

async function bellIds(): Promise<number[]> {
  const { body } = await supervisor<ActiveNotifications>('GET', '/api/notification/active');
  return body.data.map((n) => n.id);
}

async function stateOf(id: number) {
  const { body } = await supervisor<{ data: Notification[] }>(
    'GET',
    '/api/notification/all?limit=200',
  );
  return body.data.find((n) => n.id === id)?.state;
}

async function history(id: number) {
  const { body } = await supervisor<AlarmTransition[]>('GET', `/api/notification/history/${id}`);
  return body.map((h) => `${h.event}: ${h.from} -> ${h.to}`);
}

describe('acknowledging and clearing', () => {
  it('records every transition with its time, and keeps the spec calls as they were', async () => {
    const a = await raise();
    expect(a.state).toBe('unacknowledged');
    expect(await bellIds()).toContain(a.id);

    const acked = await supervisor<Notification>('POST', `/api/notification/ack/${a.id}`);
    expect(acked.status).toBe(200);
    expect(acked.body).toMatchObject({ ack: true, state: 'acknowledged' });
    // A second acknowledgement answers the alarm as it is, as before.
    expect((await supervisor('POST', `/api/notification/ack/${a.id}`)).status).toBe(200);
    await t.services.notifications.clear(a.source!);
    expect(await stateOf(a.id)).toBe('normal');

    const b = await raise();
    await t.services.notifications.clear(b.source!);
    expect(await stateOf(b.id)).toBe('returned-unacknowledged');
    expect(await bellIds()).toContain(b.id);
    expect((await supervisor('POST', `/api/notification/ack/${b.id}`)).status).toBe(200);
    expect(await stateOf(b.id)).toBe('normal');

    expect(await history(a.id)).toEqual([
      'raise: normal -> unacknowledged',
      'acknowledge: unacknowledged -> acknowledged',
      'clear: acknowledged -> normal',
    ]);
    expect(await history(b.id)).toEqual([
      'raise: normal -> unacknowledged',
      'clear: unacknowledged -> returned-unacknowledged',
      'acknowledge: returned-unacknowledged -> normal',
    ]);
    const { body } = await supervisor<AlarmTransition[]>(
      'GET',
      `/api/notification/history/${a.id}`,
    );
    // Times come from the console's clock, as tests drive it; people are named.
    expect(body[0]).toMatchObject({ at: a.createdAt, user_id: null });
    expect(body[1]?.user_id).toEqual(expect.any(Number));
    expect((await supervisor('GET', '/api/notification/history/999999')).status).toBe(404);
  });
});

describe('shelving', () => {
  it('hides an alarm for a while with a reason and brings it back by itself at the end', async () => {
    const a = await raise();
    const shelved = await supervisor<Notification>('POST', `/api/notification/shelve/${a.id}`, {
      minutes: 30,
      reason: 'Sensor being recalibrated',
    });
    expect(shelved.status).toBe(200);
    expect(shelved.body).toMatchObject({
      state: 'shelved',
      shelvedUntil: new Date(now.getTime() + 30 * 60_000).toISOString(),
      shelveReason: 'Sensor being recalibrated',
    });
    expect(await bellIds()).not.toContain(a.id);
    const listed = await supervisor<{ data: Notification[] }>(
      'GET',
      '/api/notification/all?state=shelved',
    );
    expect(listed.body.data.map((n) => n.id)).toEqual([a.id]);
    // Acknowledge All leaves a shelved alarm for a person to see when it returns.
    await supervisor('POST', '/api/notification/ack/all/notification');
    expect(await stateOf(a.id)).toBe('shelved');

    advance(29);
    await t.services.notifications.sweep();
    expect(await stateOf(a.id)).toBe('shelved');
    advance(1);
    await t.services.notifications.sweep();
    expect(await stateOf(a.id)).toBe('unacknowledged');
    expect(await bellIds()).toContain(a.id);
    expect(await history(a.id)).toEqual([
      'raise: normal -> unacknowledged',
      'shelve: unacknowledged -> shelved',
      'shelve-expired: shelved -> unacknowledged',
    ]);
  });

  it('unshelves on request, and refuses what does not apply', async () => {
    const a = await raise();
    const url = `/api/notification/shelve/${a.id}`;
    expect(await supervisor('POST', url, { minutes: 121, reason: 'Too long' })).toEqual({
      status: 422,
      body: expect.objectContaining({
        message: 'An alarm can be shelved for at most 120 minutes.',
      }) as unknown,
    });
    expect((await supervisor('POST', url, { minutes: 0, reason: 'x' })).status).toBe(400);
    expect((await supervisor('POST', url, { minutes: 10, reason: '  ' })).status).toBe(400);
    expect((await operator('POST', url, { minutes: 10, reason: 'x' })).status).toBe(403);
    expect((await supervisor('POST', `/api/notification/unshelve/${a.id}`)).body).toMatchObject({
      message: 'The alarm is not shelved.',
    });
    expect((await supervisor('POST', url, { minutes: 10, reason: 'Known' })).status).toBe(200);
    const back = await supervisor<Notification>('POST', `/api/notification/unshelve/${a.id}`);
    expect(back.body).toMatchObject({ state: 'unacknowledged', shelvedUntil: null });
    expect(await bellIds()).toContain(a.id);
    await supervisor('POST', `/api/notification/ack/${a.id}`);
    await t.services.notifications.clear(a.source!);
    const normal = await supervisor('POST', url, { minutes: 10, reason: 'Known' });
    expect(normal).toEqual({
      status: 409,
      body: expect.objectContaining({
        message: 'An alarm that has returned to normal cannot be shelved.',
      }) as unknown,
    });
    expect(
      (await supervisor('POST', '/api/notification/shelve/999999', { minutes: 1, reason: 'x' }))
        .status,
    ).toBe(404);
    expect(
      (await supervisor<{ maxShelveMinutes: number }>('GET', '/api/notification/settings')).body,
    ).toEqual({
      maxShelveMinutes: 120,
    });
  });
});

describe('out of service', () => {
  it('records the alarms of a source out of service without annunciating them, until it returns', async () => {
    const a = await raise();
    const source = a.source!;
    const body = { source, reason: 'Level probe removed for repair' };
    expect((await operator('POST', '/api/notification/out-of-service', body)).status).toBe(403);
    const removed = await admin<{ count: number }>(
      'POST',
      '/api/notification/out-of-service',
      body,
    );
    expect(removed).toMatchObject({ status: 200, body: { count: 1 } });
    expect((await admin('POST', '/api/notification/out-of-service', body)).status).toBe(409);
    expect(
      (await admin('POST', '/api/notification/out-of-service', { source: 'nowhere', reason: 'x' }))
        .status,
    ).toBe(404);
    expect(await stateOf(a.id)).toBe('out-of-service');
    expect(await bellIds()).not.toContain(a.id);
    const list = await supervisor<AlarmSourceOutOfService[]>(
      'GET',
      '/api/notification/out-of-service',
    );
    expect(list.body).toEqual([
      expect.objectContaining({ source, reason: 'Level probe removed for repair' }),
    ]);

    // The condition clears and comes back: recorded, still out of service.
    await t.services.notifications.clear(source);
    const again = await t.services.notifications.raise({
      type: 'alarm',
      text: 'Again',
      by: 'PLC',
      source,
    });
    expect(again?.state).toBe('out-of-service');
    expect(await bellIds()).not.toContain(again!.id);

    const returned = await supervisor<{ count: number }>(
      'POST',
      '/api/notification/return-to-service',
      {
        source,
      },
    );
    expect(returned).toMatchObject({ status: 200, body: { count: 2 } });
    expect(await stateOf(a.id)).toBe('returned-unacknowledged');
    expect(await stateOf(again!.id)).toBe('unacknowledged');
    expect(await bellIds()).toEqual(expect.arrayContaining([a.id, again!.id]));
    expect(
      (await supervisor('POST', '/api/notification/return-to-service', { source })).status,
    ).toBe(404);
    expect(await history(again!.id)).toEqual([
      'raise: normal -> out-of-service',
      'return-to-service: out-of-service -> unacknowledged',
    ]);
  });
});

describe('out of service before any alarm', () => {
  it('takes a device that never alarmed out of service: its first alarm is recorded, not annunciated', async () => {
    await seedDemoPlant(t.database.db, t.services.plant);
    const created = await admin('POST', '/api/device/create', {
      device_id: 'GS8',
      device_name: 'Green Silo 8',
      device_type: DemoDeviceType.GreenSilo,
      device_description: 'Silo under repair',
      device_stage: 1,
      device_unit: 'lbs',
      capacity: 1000,
    });
    expect(created.status).toBe(201);
    const source = deviceAlarmSource('GS8');

    // The technician picks it from the plant's sources, alarmed or not.
    const choices = await supervisor<AlarmSource[]>('GET', '/api/notification/sources');
    expect(choices.body).toContainEqual({ source, label: 'Green Silo 8 (GS8)' });
    expect(choices.body).toContainEqual({
      source: PLC_LINK_SOURCE,
      label: 'Console: PLC connection',
    });
    expect((await operator('GET', '/api/notification/sources')).status).toBe(403);

    const body = { source, reason: 'Level probe replaced' };
    expect((await operator('POST', '/api/notification/out-of-service', body)).status).toBe(403);
    expect(await supervisor('POST', '/api/notification/out-of-service', body)).toEqual({
      status: 200,
      body: { message: 'Alarm source taken out of service', count: 0 },
    });
    expect((await supervisor('POST', '/api/notification/out-of-service', body)).status).toBe(409);
    const list = await supervisor<AlarmSourceOutOfService[]>(
      'GET',
      '/api/notification/out-of-service',
    );
    expect(list.body).toContainEqual(
      expect.objectContaining({ source, reason: 'Level probe replaced' }),
    );
    // A source the plant does not have is still unknown.
    const unknown = await supervisor('POST', '/api/notification/out-of-service', {
      source: deviceAlarmSource('NOPE9'),
      reason: 'x',
    });
    expect(unknown).toMatchObject({
      status: 404,
      body: {
        message:
          "There is no alarm source alarm:NOPE9: name a device's source (alarm:<device code>) or one of the console's.",
      },
    });

    const deviceRef = (await t.services.devices.summary('GS8')).d_id;
    const first = await t.services.notifications.raise({
      type: 'alarm',
      text: 'Green Silo 8: High level',
      by: 'PLC',
      deviceRef,
      source,
      code: 1,
    });
    expect(first?.state).toBe('out-of-service');
    expect(await bellIds()).not.toContain(first!.id);
    // Stored: a restarted console keeps it out of service too.
    const restarted = new NotificationService(
      new NotificationRepository(t.database.db),
      new EventHub(),
      { clock: { now: () => now } },
    );
    expect((await restarted.outOfService()).map((s) => s.source)).toContain(source);

    const returned = await supervisor('POST', '/api/notification/return-to-service', { source });
    expect(returned).toMatchObject({ status: 200, body: { count: 1 } });
    expect(await bellIds()).toContain(first!.id);
  });

  it("takes one of the console's own sources out of service before it alarmed, and back", async () => {
    const body = { source: ORDER_SCHEDULER_STOPPED_SOURCE, reason: 'Scheduler maintenance' };
    expect((await admin('POST', '/api/notification/out-of-service', body)).status).toBe(200);
    expect(
      await admin('POST', '/api/notification/return-to-service', { source: body.source }),
    ).toMatchObject({ status: 200, body: { count: 0 } });
  });
});

describe('suppression by design', () => {
  it("suppresses a device's alarms while the PLC link is lost, and annunciates them again after", async () => {
    const { notifications } = t.services;
    await seedDemoPlant(t.database.db, t.services.plant);
    const deviceRef = (await t.services.devices.summary('GS1')).d_id;
    const link = await notifications.raise({
      type: 'alarm',
      text: 'PLC connection lost',
      by: 'console',
      source: PLC_LINK_SOURCE,
    });
    expect(link?.state).toBe('unacknowledged');
    const during = await raise('warning', { deviceRef });
    expect(during.state).toBe('suppressed');
    expect(await bellIds()).not.toContain(during.id);
    // Without a device, a notice is not a consequence of the link and stays annunciated.
    const plantWide = await raise('alarm');
    expect(plantWide.state).toBe('unacknowledged');
    await notifications.clear(PLC_LINK_SOURCE);
    const after = await raise('warning', { deviceRef });
    expect(after.state).toBe('unacknowledged');
    const suppressed = await supervisor<{ data: Notification[] }>(
      'GET',
      '/api/notification/all?state=suppressed',
    );
    expect(suppressed.body.data.map((n) => n.id)).toEqual([during.id]);
  });
});

describe('alarm floods', () => {
  it('announces a flood at the 11th alarm in 10 minutes and its end when the rate falls', async () => {
    advance(60);
    await t.services.notifications.sweep();
    floods.length = 0;
    const flood = () => supervisor<AlarmFlood>('GET', '/api/notification/flood');
    expect((await flood()).body).toMatchObject({
      flooding: false,
      threshold: 10,
      windowMinutes: 10,
    });

    for (let i = 0; i < 10; i += 1) {
      await raise();
      advance(0.5);
    }
    // Warnings and hidden alarms are not counted.
    await raise('warning');
    expect((await flood()).body).toMatchObject({ flooding: false, count: 10 });
    expect(floods).toEqual([]);
    await raise();
    expect((await flood()).body).toMatchObject({ flooding: true, count: 11 });
    expect(floods).toEqual([expect.objectContaining({ flooding: true, count: 11 })]);
    await raise();
    expect(floods.at(-1)).toMatchObject({ flooding: true, count: 12 });

    // The first alarms leave the window as time passes.
    advance(6);
    await t.services.notifications.sweep();
    expect((await flood()).body.flooding).toBe(false);
    expect(floods.at(-1)).toMatchObject({ flooding: false });

    // The events log holds the flood's start and end, not each time it grew.
    await t.services.eventRecorder.settled();
    const { body } = await supervisor<{ data: LogEvent[] }>('POST', '/api/event', {
      where: { kind: 'alarm', search: 'Alarm flood' },
      limit: 10,
    });
    expect(body.data.map((e) => e.event_description)).toEqual([
      'Alarm flood ended',
      'Alarm flood: 11 alarms in 10 minutes',
    ]);
  });

  it('picks the window up from the database after a restart', async () => {
    const fresh = await buildTestApp({}, { alarmClock: () => now });
    try {
      for (let i = 0; i < 11; i += 1) {
        await fresh.services.notifications.raise({ type: 'alarm', text: `A${i}`, by: 'test' });
      }
      const restarted = new NotificationService(
        new NotificationRepository(fresh.database.db),
        new EventHub(),
        { clock: { now: () => now } },
      );
      expect(await restarted.flood()).toMatchObject({ flooding: true, count: 11 });
    } finally {
      await fresh.close();
    }
  });
});
