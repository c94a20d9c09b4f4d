import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { pino } from 'pino';
import type { DatabaseHandle } from '@roastery/db';
import { createTestDatabase, testServerUrl } from '@roastery/db/testing';
import { eventually } from '../../../test/helper.ts';
import { EventHub } from './event-hub.ts';
import { NOTIFY_PAYLOAD_LIMIT, PgNotifyTransport } from './pg-notify-transport.ts';
import type { PlantEvent } from './plant-events.ts';

let database: DatabaseHandle;
const transports: PgNotifyTransport[] = [];

async function instance(origin: string, onReconnect?: () => void) {
  const transport = new PgNotifyTransport({
    connect: async () => {
      const client = new pg.Client({
        connectionString: database.url,
        application_name: `hub-test:${origin}`,
      });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    },
    origin,
    logger: pino({ level: 'silent' }),
    reconnectMs: { min: 50, max: 200 },
  });
  if (onReconnect) transport.onReconnect(onReconnect);
  await transport.start();
  transports.push(transport);
  const hub = new EventHub({ transport });
  const seen: PlantEvent[] = [];
  hub.subscribeAll((e) => seen.push(e));
  return { hub, seen };
}

describe.skipIf(!testServerUrl())('the hub over PostgreSQL LISTEN/NOTIFY', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const t of transports) await t.close();
    await database?.close();
  });

  it("delivers each event once on every instance, in the publisher's order, large ones too", async () => {
    const a = await instance('a');
    const b = await instance('b');
    const large: PlantEvent = {
      type: 'setting',
      ref_id: 'note',
      label: 'Note',
      value: 'x'.repeat(NOTIFY_PAYLOAD_LIMIT * 2),
      by: 'Administrator',
    };
    const sent: PlantEvent[] = [];
    for (let id = 1; id <= 40; id++) {
      sent.push(id === 20 ? large : { type: 'dump', id });
    }
    for (const event of sent) a.hub.publish(event);
    // Delivered here at once, as in one process.
    expect(a.seen).toEqual(sent);
    await eventually(() => b.seen.length >= sent.length, 'every event on b');
    expect(b.seen).toEqual(sent);
    b.hub.publish({ type: 'ledger' });
    await eventually(() => a.seen.length > sent.length, 'b’s event on a');
    expect(a.seen.slice(sent.length)).toEqual([{ type: 'ledger' }]);
    expect(b.seen.filter((e) => e.type === 'ledger')).toHaveLength(1);
  });

  it('listens again after losing its connection, and says so', async () => {
    let reconnected = 0;
    const a = await instance('c', () => (reconnected += 1));
    const b = await instance('d');
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'hub-test:c' and datname = current_database()`,
    );
    await admin.end();
    await eventually(() => reconnected === 1, 'c to reconnect');
    b.hub.publish({ type: 'transfer', id: 7 });
    await eventually(
      () => a.seen.some((e) => e.type === 'transfer' && e.id === 7),
      'd’s event on c after the reconnect',
    );
  });
});
