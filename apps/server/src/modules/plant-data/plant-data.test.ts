import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  type PlantDataConfigBody,
  type PlantDataSettings,
  type PlantDataStatus,
} from '@roastery/contract';
import { buildTestApp, eventually, testUsers, type TestApp } from '../../../test/helper.ts';
import {
  CuttableLink,
  listening,
  mosquittoBinary,
  Subscriber,
  TestBroker,
  type Received,
} from '../../../test/mqtt-broker.ts';
import { REBIRTH_METRIC, sparkplugB } from './sparkplug-node.ts';

const URL = '/api/admin/plant-data';

/** The number carried as a protobuf uint64 (a Long) or a plain number. */
const num = (value: unknown) => Number(value);

/** The messages an edge node sends with a seq (not its NDEATH, nor the commands sent to it). */
const SEQUENCED = new Set(['NBIRTH', 'NDATA', 'DBIRTH', 'DDATA', 'DDEATH']);

/** Each message's seq follows the one before, 0 after 255; an NBIRTH starts again at 0. */
function expectSeqContinuity(messages: Received[]): void {
  let previous: number | undefined;
  for (const message of messages) {
    if (!SEQUENCED.has(message.topic.split('/')[2] ?? '')) continue;
    const seq = num(message.sparkplug?.seq);
    if (message.topic.includes('/NBIRTH/')) expect(seq).toBe(0);
    else expect(seq, message.topic).toBe(((previous ?? -1) + 1) % 256);
    previous = seq;
  }
}

const bdSeqOf = (message: Received | undefined) =>
  num(message?.sparkplug?.metrics?.find((m) => m.name === 'bdSeq')?.value);

const title = mosquittoBinary
  ? 'plant data over MQTT'
  : 'plant data over MQTT (skipped: no Mosquitto broker binary on this machine)';

describe.skipIf(!mosquittoBinary)(title, () => {
  let t: TestApp;
  let shared: TestBroker | undefined;
  /** Mosquitto on 127.0.0.1:1883 as CI starts it, or one of the test's own without it. */
  let port = 1883;
  let admin: ReturnType<TestApp['as']>;

  beforeAll(async () => {
    if (!(await listening(1883))) {
      shared = await TestBroker.start(mosquittoBinary ?? '');
      port = shared.port;
    }
    t = await buildTestApp({}, { plant: true });
    admin = t.as(Role.Administrator);
  }, 60_000);

  afterAll(async () => {
    await t.close();
    await shared?.remove();
  });

  /** Saves a configuration: every test its own names, so runs in parallel never meet. */
  async function configure(changes: Partial<PlantDataConfigBody>): Promise<PlantDataSettings> {
    const { body: current } = await admin<PlantDataSettings>('GET', URL);
    const { has_password: _p, has_tls_key: _k, ...config } = current.config;
    const saved = await admin<PlantDataSettings>('PUT', URL, { ...config, ...changes });
    expect(saved.status).toBe(200);
    return saved.body;
  }

  const status = async () => (await admin<PlantDataSettings>('GET', URL)).body.status;
  const connected = (s: PlantDataStatus) => s.state === 'connected' && s.queued === 0;

  /** The real devices' tags: what the tree and the births hold. */
  function plantTags() {
    const catalog = t.services.runtime.catalog();
    if (!catalog) throw new Error('the plant is not running');
    return catalog.definition.tags.filter((tag) => !catalog.device(tag.device_id)?.virtual);
  }

  it('is off by default, for administrators only, and refuses a bad configuration', async () => {
    const { status: code, body } = await admin<PlantDataSettings>('GET', URL);
    expect(code).toBe(200);
    expect(body.config).toMatchObject({ enabled: false, has_password: false });
    expect(body.status.state).toBe('off');
    expect((await t.as(Role.Supervisor)('GET', URL)).status).toBe(403);
    const { has_password: _p, has_tls_key: _k, ...config } = body.config;
    for (const bad of [
      { broker_url: 'http://broker:1883' },
      { enterprise: 'north/site' },
      { group_id: '#' },
      { outbox_limit: 5 },
    ]) {
      expect((await admin('PUT', URL, { ...config, ...bad })).status, JSON.stringify(bad)).toBe(
        400,
      );
    }
    expect((await admin<PlantDataSettings>('GET', URL)).body.config.enabled).toBe(false);
  });

  it('keeps secrets: never sent back, kept when left out, cleared when empty', async () => {
    const saved = await configure({ password: 's3cret', enabled: false });
    expect(saved.config.has_password).toBe(true);
    expect(JSON.stringify(saved)).not.toContain('s3cret');
    // configure() sends the stored configuration, which carries no secret, with the changes.
    expect((await configure({ site: 'east' })).config.has_password).toBe(true);
    expect((await configure({ password: '' })).config.has_password).toBe(false);
  });

  it('retains every tag under enterprise/site/area/line/device/tag and sends changes and events', async () => {
    const enterprise = `e-${randomUUID().slice(0, 8)}`;
    await configure({
      enabled: true,
      json_enabled: true,
      sparkplug_enabled: false,
      broker_url: `mqtt://127.0.0.1:${port}`,
      client_id: `console-${enterprise}`,
      enterprise,
      site: 'north',
    });
    const tags = plantTags();
    await eventually(async () => {
      const s = await status();
      return connected(s) && s.published >= tags.length;
    }, 'every value published');

    // A subscriber that comes later gets the whole tree from the broker's retained values.
    const sub = await Subscriber.open(port, [`${enterprise}/#`]);
    try {
      await eventually(() => sub.received.length >= tags.length, 'the retained tree');
      expect(sub.errors).toEqual([]);
      const retained = sub.received.filter((m) => m.retain);
      expect(new Set(retained.map((m) => m.topic)).size).toBe(tags.length);
      for (const m of retained) {
        expect(m.topic).toMatch(
          new RegExp(
            `^${enterprise}/north/(green|roasting|roasted|packing)/[a-z0-9-]+/[a-z0-9-]+/[a-z0-9_-]+$`,
          ),
        );
        expect(m.json).toEqual({
          value: expect.any(Number),
          quality: 'good',
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        });
      }
      const modeTopic = `${enterprise}/north/green/silo-bin/gs3/manual-mode`;
      expect(sub.on(`${enterprise}/north/roasting/roaster/r1/bean-temperature`)[0]?.retain).toBe(
        true,
      );
      const [before] = sub.on(modeTopic);
      const wasManual = (before?.json as { value: number }).value;

      // A value change reaches the subscriber as it happens (not retained for it: it is live).
      expect((await admin('PUT', '/api/device/mode/GS3')).status).toBe(202);
      const changed = await eventually(
        () => sub.on(modeTopic).find((m) => !m.retain),
        'the changed mode',
      );
      expect(changed.json).toMatchObject({ value: wasManual === 1 ? 0 : 1, quality: 'good' });

      // Plant events under events/<kind>, not retained.
      await t.services.notifications.raise({
        type: 'alarm',
        text: `UNS ${enterprise}`,
        by: 'test',
      });
      const alarm = await eventually(
        () =>
          sub
            .on(`${enterprise}/north/events/alarms`)
            .find((m) => JSON.stringify(m.json).includes(`UNS ${enterprise}`)),
        'the alarm event',
      );
      expect(alarm.retain).toBe(false);
      expect(alarm.json).toMatchObject({ type: 'notification', timestamp: expect.any(String) });
    } finally {
      await configure({ enabled: false });
      // The shared broker keeps retained values for good: this test's go with it.
      const retained = new Set(sub.received.filter((m) => m.retain).map((m) => m.topic));
      await Promise.all(
        [...retained].map((topic) => sub.client.publishAsync(topic, '', { qos: 1, retain: true })),
      );
      await sub.close();
    }
    expect((await status()).state).toBe('off');
  });

  it('is a Sparkplug B edge node: births with aliases, DDATA, rebirth, NDEATH as its will', async () => {
    const group = `g-${randomUUID().slice(0, 8)}`;
    const node = `spBv1.0/${group}`;
    const { link, port: relayPort } = await CuttableLink.open(port);
    const sub = await Subscriber.open(port, [`${node}/#`]);
    const ofType = (type: string) => sub.received.filter((m) => m.topic.split('/')[2] === type);
    try {
      await configure({
        enabled: true,
        json_enabled: false,
        sparkplug_enabled: true,
        broker_url: `mqtt://127.0.0.1:${relayPort}`,
        client_id: `console-${group}`,
        group_id: group,
        edge_node_id: 'console',
      });
      const tags = plantTags();
      const devices = new Set(tags.map((tag) => tag.device_id));
      await eventually(() => ofType('DBIRTH').length === devices.size, 'every DBIRTH');

      const [nbirth] = ofType('NBIRTH');
      expect(nbirth?.topic).toBe(`${node}/NBIRTH/console`);
      expect(bdSeqOf(nbirth)).toBe(0);
      expect(nbirth?.sparkplug?.metrics?.find((m) => m.name === REBIRTH_METRIC)?.value).toBe(false);
      const metrics = ofType('DBIRTH').flatMap((m) => m.sparkplug?.metrics ?? []);
      expect(metrics).toHaveLength(tags.length);
      const aliases = metrics.map((m) => num(m.alias));
      expect(new Set(aliases).size).toBe(tags.length);
      const mode = sub
        .on(`${node}/DBIRTH/console/GS3`)[0]
        ?.sparkplug?.metrics?.find((m) => m.name === 'Manual Mode');
      expect(mode).toMatchObject({ type: 'Boolean', properties: { Quality: { value: 192 } } });

      // By exception: the one metric that changed, by alias only.
      expect((await admin('PUT', '/api/device/mode/GS3')).status).toBe(202);
      const ddata = await eventually(
        () =>
          sub
            .on(`${node}/DDATA/console/GS3`)
            .flatMap((m) => m.sparkplug?.metrics ?? [])
            .find((m) => num(m.alias) === num(mode?.alias)),
        'the DDATA of the mode',
      );
      expect(ddata.value).toBe(!mode?.value);
      expect(ddata.name ?? undefined).toBeUndefined();

      // A host asks for the births again.
      const rebirth = sparkplugB.encodePayload({
        timestamp: Date.now(),
        metrics: [{ name: REBIRTH_METRIC, type: 'Boolean', value: true }],
      });
      await sub.client.publishAsync(`${node}/NCMD/console`, Buffer.from(rebirth), { qos: 1 });
      await eventually(() => ofType('DBIRTH').length === 2 * devices.size, 'the births again');
      expect(ofType('NBIRTH').map(bdSeqOf)).toEqual([0, 0]);

      // No tag is enabled for writes from MQTT: a DCMD is refused and counted.
      const write = sparkplugB.encodePayload({
        timestamp: Date.now(),
        metrics: [{ name: 'Manual Mode', type: 'Boolean', value: true }],
      });
      await sub.client.publishAsync(`${node}/DCMD/console/GS3`, Buffer.from(write), { qos: 1 });
      await eventually(async () => (await status()).refused_commands === 1, 'the refusal');

      // The network fails: the broker publishes the will, NDEATH with the births' bdSeq; the
      // node comes back with the next bdSeq.
      link.cut();
      const death = await eventually(() => ofType('NDEATH')[0], 'the NDEATH');
      expect(bdSeqOf(death)).toBe(0);
      await eventually(() => ofType('NBIRTH').length === 3, 'the births after the reconnect');
      expect(bdSeqOf(ofType('NBIRTH')[2])).toBe(1);

      // Stopping on purpose sends NDEATH itself, with the current bdSeq.
      await configure({ enabled: false });
      await eventually(() => ofType('NDEATH').length === 2, 'the NDEATH on stop');
      expect(bdSeqOf(ofType('NDEATH')[1])).toBe(1);
      expect(sub.errors).toEqual([]);
      expectSeqContinuity(sub.received);
    } finally {
      await sub.close();
      await link.close();
      await configure({ enabled: false });
    }
  });

  it('writes a DCMD to an enabled tag as the configured user, through the console checks', async () => {
    const group = `g-${randomUUID().slice(0, 8)}`;
    const catalog = t.services.runtime.catalog();
    const command = (label: string) => catalog?.definition.commands.find((c) => c.label === label);
    const inlet = command('Inlet Gate');
    const discharge = command('Discharge Gate');
    const manualRef = catalog?.refOf('GS5', 'manual-mode-active');
    if (!inlet || !discharge || !manualRef) throw new Error('the demo plant has changed');
    const valueOf = (kind: string, id: number) =>
      t.services.runtime
        .snapshot()
        .values.find((v) => v.device_id === 'GS5' && v.command_kind === kind && v.command_id === id)
        ?.value;
    const manual = () => valueOf(manualRef.command_kind, manualRef.command_id) === 1;
    const setMode = async (wanted: boolean) => {
      if (manual() === wanted) return;
      expect((await admin('PUT', '/api/device/mode/GS5')).status).toBe(202);
      await eventually(() => manual() === wanted, `GS5 in ${wanted ? 'Manual' : 'Auto'} mode`);
    };
    const writes: { who: string; value: number }[] = [];
    const stop = t.services.hub.subscribe('plc-write', (e) => {
      if (e.record.device_id === 'GS5' && e.record.command_id === inlet.id) writes.push(e.record);
    });
    const sub = await Subscriber.open(port, [`spBv1.0/${group}/#`]);
    const dcmd = async (name: string, value: boolean) => {
      const payload = sparkplugB.encodePayload({
        timestamp: Date.now(),
        metrics: [{ name, type: 'Boolean', value }],
      });
      await sub.client.publishAsync(`spBv1.0/${group}/DCMD/console/GS5`, Buffer.from(payload), {
        qos: 1,
      });
    };
    try {
      await setMode(false);
      const saved = await configure({
        enabled: true,
        json_enabled: false,
        sparkplug_enabled: true,
        broker_url: `mqtt://127.0.0.1:${port}`,
        client_id: `console-${group}`,
        group_id: group,
        dcmd_user: testUsers[Role.Supervisor].username,
        dcmd_tags: [`GS5/binary/${inlet.id}`],
      });
      expect(saved.writable_tags).toContainEqual({
        key: `GS5/binary/${inlet.id}`,
        label: 'Green Silo 5: Inlet Gate',
      });
      await eventually(() => sub.received.some((m) => m.topic.includes('/NBIRTH/')), 'NBIRTH');

      // In Auto mode the console refuses a manual write, and so it refuses the DCMD.
      await dcmd('Inlet Gate', true);
      await eventually(async () => (await status()).refused_commands === 1, 'the Auto refusal');
      // A tag nobody enabled is refused whatever the mode.
      await setMode(true);
      await dcmd('Discharge Gate', true);
      await eventually(async () => (await status()).refused_commands === 2, 'the tag refusal');

      const was = valueOf('binary', inlet.id);
      await dcmd('Inlet Gate', was !== 1);
      await eventually(async () => (await status()).written_commands === 1, 'the write');
      await eventually(() => writes.length === 1, 'the PLC write');
      expect(writes[0]).toMatchObject({
        who: testUsers[Role.Supervisor].full_name,
        value: was === 1 ? 0 : 1,
      });
    } finally {
      stop();
      await sub.close();
      await configure({ enabled: false, dcmd_user: '', dcmd_tags: [] });
      await setMode(false);
    }
  });

  it('queues while the broker is away, drops the oldest beyond the bound, and flushes in order', async () => {
    const broker = await TestBroker.start(mosquittoBinary ?? '');
    const enterprise = `e-${randomUUID().slice(0, 8)}`;
    const group = `g-${randomUUID().slice(0, 8)}`;
    const topics = [`${enterprise}/plant/events/#`, `spBv1.0/${group}/#`];
    // A persistent session: what is published while the watcher is away waits for it.
    const sub = await Subscriber.open(broker.port, topics, { clientId: `watcher-${enterprise}` });
    const received = () => sub.received;
    const births = () => received().filter((m) => m.topic.includes('/NBIRTH/'));
    try {
      await configure({
        enabled: true,
        json_enabled: true,
        sparkplug_enabled: true,
        broker_url: `mqtt://127.0.0.1:${broker.port}`,
        client_id: `console-${enterprise}`,
        enterprise,
        site: 'plant',
        group_id: group,
        outbox_limit: 100,
      });
      await eventually(() => births().length === 1, 'the first NBIRTH');
      await eventually(async () => connected(await status()), 'the first values published');

      await broker.halt();
      await eventually(async () => (await status()).state === 'disconnected', 'the lost broker');
      for (let i = 1; i <= 150; i += 1) {
        await t.services.notifications.raise({ type: 'warning', text: `outage ${i}`, by: 'test' });
      }
      const away = await status();
      // The bound is the outbox's; a few may still be with the client, unacknowledged.
      expect(away.queued).toBeGreaterThanOrEqual(100);
      expect(away.dropped).toBeGreaterThanOrEqual(50);

      await broker.resume(mosquittoBinary ?? '');
      await eventually(() => births().length === 2, 'the NBIRTH after the restart', 20_000);
      await eventually(async () => connected(await status()), 'the outbox flushed');
      const outage = () =>
        received()
          .map((m) => /"outage (\d+)"/.exec(JSON.stringify(m.json))?.[1])
          .filter((n) => n !== undefined)
          .map(Number);
      await eventually(() => outage().at(-1) === 150, 'the last queued warning');
      const numbers = outage();
      const first = numbers[0] ?? 0;
      // The oldest were dropped; what was kept came in the order it was raised. (Whether the
      // broker hands a returning persistent subscriber every message it queued is the broker's
      // part, not checked here.)
      expect(first).toBeGreaterThan(50);
      expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));
      expect(bdSeqOf(births()[1])).toBe(bdSeqOf(births()[0]) + 1);
      expect(sub.errors).toEqual([]);
      expectSeqContinuity(received().filter((m) => m.topic.startsWith('spBv1.0/')));
    } finally {
      await configure({ enabled: false });
      await sub.close();
      await broker.remove();
    }
  }, 60_000);
});
