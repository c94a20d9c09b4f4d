import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DemoDeviceType,
  Role,
  type ActiveNotifications,
  type Notification,
} from '@roastery/contract';
import { buildTestApp, seedDemoPlant, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { EventHub } from '../../plant/hub/event-hub.ts';
import { ACTIVE_LIMIT } from './active-notifications.ts';
import { NotificationRepository, type NotificationRow } from './notification-repository.ts';
import { NotificationService } from './notification-service.ts';

let t: TestApp;
let admin: ApiCaller;
/** The statements of the request under way. */
const request = new AsyncLocalStorage<string[]>();

beforeAll(async () => {
  t = await buildTestApp({}, { onQuery: (sql) => request.getStore()?.push(sql) });
  admin = t.as(Role.Administrator);
});
afterAll(() => t.close());

/** The age is computed at each reply, so two replies are compared without it. */
function withoutAge(reply: ActiveNotifications) {
  return {
    count: reply.count,
    data: reply.data.map((n) => ({ ...n, timeDiff: 0 })),
  };
}

/**
 * The bell as the API answers it, which must send no statement, and as a service that has never
 * seen a notification reads it from the database.
 */
async function bellAndDatabase() {
  const statements: string[] = [];
  const { status, body } = await request.run(statements, () =>
    admin<ActiveNotifications>('GET', '/api/notification/active'),
  );
  expect(status).toBe(200);
  expect(statements).toEqual([]);
  const fresh = new NotificationService(new NotificationRepository(t.database.db), new EventHub());
  return { bell: withoutAge(body), database: withoutAge(await fresh.active()) };
}

describe('GET /api/notification/active', () => {
  it('answers from memory what the database holds after each raise, clear, show and acknowledgement', async () => {
    const { notifications } = t.services;
    // Signs in, and loads the view: the one time the bell reads the database.
    await admin('GET', '/api/notification/active');
    const first = await bellAndDatabase();
    expect(first.bell).toEqual(first.database);

    const raised: Notification[] = [];
    for (const [i, type] of (['alarm', 'warning', 'other'] as const).entries()) {
      const n = await notifications.raise({
        type,
        text: `Notice ${i}`,
        by: 'test',
        source: `s${i}`,
      });
      raised.push(n!);
    }
    // The same condition again while it lasts raises nothing.
    expect(
      await notifications.raise({ type: 'alarm', text: 'again', by: 'test', source: 's0' }),
    ).toBeUndefined();
    let step = await bellAndDatabase();
    expect(step.bell.count).toBe(first.bell.count + 3);
    expect(step.bell).toEqual(step.database);

    await notifications.clear('s1');
    step = await bellAndDatabase();
    expect(step.bell.data.find((n) => n.id === raised[1]!.id)?.clearedAt).not.toBeNull();
    expect(step.bell).toEqual(step.database);

    expect((await admin('PUT', `/api/notification/active/${raised[0]!.id}/`)).status).toBe(200);
    step = await bellAndDatabase();
    expect(step.bell).toEqual(step.database);

    expect((await admin('POST', `/api/notification/ack/${raised[2]!.id}`)).status).toBe(200);
    step = await bellAndDatabase();
    expect(step.bell.data.map((n) => n.id)).not.toContain(raised[2]!.id);
    expect(step.bell).toEqual(step.database);

    expect((await admin('POST', '/api/notification/ack/all/notification')).status).toBe(200);
    step = await bellAndDatabase();
    expect(step.bell).toEqual({ count: 0, data: [] });
    expect(step.bell).toEqual(step.database);
  });

  it(`lists the newest ${ACTIVE_LIMIT} and counts them all, also after acknowledging listed ones`, async () => {
    const { notifications } = t.services;
    const raised: Notification[] = [];
    for (let i = 0; i < ACTIVE_LIMIT + 3; i += 1) {
      raised.push((await notifications.raise({ type: 'other', text: `Bulk ${i}`, by: 'test' }))!);
    }
    let step = await bellAndDatabase();
    expect(step.bell.data).toHaveLength(ACTIVE_LIMIT);
    expect(step.bell.count).toBe(ACTIVE_LIMIT + 3);
    expect(step.bell).toEqual(step.database);

    // Acknowledging listed ones brings older ones into the list; then one older than the list.
    const newest = raised.slice(-5);
    for (const n of [...newest, raised[0]!]) {
      expect((await admin('POST', `/api/notification/ack/${n.id}`)).status).toBe(200);
      // The list may need the database once after an acknowledgement; the next read may not.
      await admin('GET', '/api/notification/active');
      step = await bellAndDatabase();
      expect(step.bell).toEqual(step.database);
    }
    expect(step.bell.count).toBe(ACTIVE_LIMIT - 3);
  });
});

describe('a deleted device', () => {
  it('is no longer named by the bell, as the database no longer names it', async () => {
    await seedDemoPlant(t.database.db, t.services.plant);
    const created = await admin('POST', '/api/device/create', {
      device_id: 'GS9',
      device_name: 'Green Silo 9',
      device_type: DemoDeviceType.GreenSilo,
      device_description: 'Spare silo',
      device_stage: 1,
      device_unit: 'lbs',
      capacity: 1000,
    });
    expect(created.status).toBe(201);
    const silo = await t.services.devices.summary('GS9');
    const raised = await t.services.notifications.raise({
      type: 'warning',
      text: 'Green Silo 9 needs a look',
      by: 'test',
      deviceRef: silo.d_id,
    });
    let step = await bellAndDatabase();
    expect(step.bell.data.find((n) => n.id === raised!.id)?.device_id).toBe('GS9');

    const removed = await admin('DELETE', '/api/device/GS9');
    expect(removed.status).toBe(200);
    // The deletion sent the bell to the database once; the next read is from memory again.
    await admin('GET', '/api/notification/active');
    step = await bellAndDatabase();
    expect(step.bell.data.find((n) => n.id === raised!.id)?.device_id).toBeNull();
    expect(step.bell).toEqual(step.database);
  });
});

describe('a bell loading while another instance raises', () => {
  it('answers with what it read, and reads again after an invalidation that came during the load', async () => {
    let readsDone!: () => void;
    const read = new Promise<void>((resolve) => (readsDone = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    /** Reads as the database stands, then holds the load until the test lets it go on. */
    class HeldRepository extends NotificationRepository {
      async #hold<T>(value: T): Promise<T> {
        reads += 1;
        if (reads === 2) readsDone();
        if (reads <= 2) await held;
        return value;
      }
      override async unacknowledged(limit: number): Promise<NotificationRow[]> {
        return this.#hold(await super.unacknowledged(limit));
      }
      override async countUnacknowledged(): Promise<number> {
        return this.#hold(await super.countUnacknowledged());
      }
    }
    const bell = new NotificationService(new HeldRepository(t.database.db), new EventHub());
    const loading = bell.active();
    await read;
    // Another instance raises after the load's queries ran; its event arrives before they end.
    const raised = await t.services.notifications.raise({
      type: 'alarm',
      text: 'Raised elsewhere during a load',
      by: 'test',
      source: 'elsewhere-during-load',
    });
    bell.invalidate();
    release();
    const first = await loading;
    expect(first.data.map((n) => n.id)).not.toContain(raised!.id);
    const next = await bell.active();
    expect(next.count).toBe(first.count + 1);
    expect(next.data.map((n) => n.id)).toContain(raised!.id);
  });
});
