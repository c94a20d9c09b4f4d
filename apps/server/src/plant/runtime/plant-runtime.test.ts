import { freePort } from '@roastery/plc/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DemoBinary,
  DemoDeviceType,
  DemoInput,
  Role,
  type ActiveNotifications,
  type DeviceDetail,
  type DeviceSummary,
  type LiveEvent,
  type Notification,
  type WorkflowListEntry,
} from '@roastery/contract';
import {
  buildTestApp,
  eventually,
  seedDemoPlant,
  type ApiCaller,
  type TestApp,
} from '../../../test/helper.ts';

describe('alarms from the PLC', () => {
  let t: TestApp;
  let admin: ApiCaller;
  beforeAll(async () => {
    t = await buildTestApp({}, { plant: true });
    admin = t.as(Role.Administrator);
  });
  afterAll(() => t.close());

  const active = async () =>
    (await admin<ActiveNotifications>('GET', '/api/notification/active')).body;

  it('raises an alarm with the device alarm text once, records the clearing, and acknowledges', async () => {
    expect((await admin('POST', '/api/simulator/alarm', { device_id: 'R1', code: 1 })).status).toBe(
      200,
    );
    const raised = await eventually(
      async () => (await active()).data.find((n) => n.device_id === 'R1'),
      'the alarm notification',
    );
    expect(raised).toMatchObject({
      type: 'alarm',
      text: 'Roaster 1: Burner flame failure',
      by: 'PLC',
      ack: false,
      clearedAt: null,
    });
    const device = await eventually(async () => {
      const list = (await admin<DeviceSummary[]>('GET', '/api/device')).body;
      return list.find((d) => d.device_id === 'R1' && d.alarm);
    }, 'the device alarm');
    expect(device).toMatchObject({ alarm: 'Burner flame failure', alarmType: 'alarm' });

    await admin('POST', '/api/simulator/alarm', { device_id: 'R1', code: 0 });
    await eventually(async () => {
      const all = (await admin<{ data: Notification[] }>('GET', '/api/notification/all')).body.data;
      return all.find((n) => n.id === raised.id)?.clearedAt;
    }, 'the clearing');
    expect((await active()).data.filter((n) => n.device_id === 'R1')).toHaveLength(1);

    const acked = await admin<Notification>('POST', `/api/notification/ack/${raised.id}`);
    expect(acked.body).toMatchObject({ ack: true });
    expect((await active()).count).toBe(0);
    expect((await admin('POST', '/api/notification/ack/99999')).status).toBe(404);
  });

  it('pushes each notification once and acknowledges all', async () => {
    await admin('POST', '/api/alarm-text/message', {
      device_id: 'PK1',
      message: 'Film splice needed',
    });
    await admin('POST', '/api/alarm-text/message', { device_id: 'PK2', message: 'Carton jam' });
    const pushed = (await admin<Notification[]>('GET', '/api/notification/push/all')).body;
    expect(pushed.map((n) => n.text)).toEqual([
      'Packer 2: Carton jam',
      'Packer 1: Film splice needed',
    ]);
    await admin('PUT', `/api/notification/active/${pushed[0]!.id}/`);
    expect((await admin<Notification[]>('GET', '/api/notification/push/all')).body).toHaveLength(1);
    const all = await admin<{ count: number }>('POST', '/api/notification/ack/all/notification');
    expect(all.body.count).toBe(2);
    expect((await active()).count).toBe(0);
  });

  it('raises every code the PLC shows, however quickly the codes follow each other', async () => {
    const seen: number[] = [];
    const stop = t.services.hub.subscribe('value', (v) => {
      if (v.device_id === 'R2' && v.role === 'alarm-code' && v.value !== null) seen.push(v.value);
    });
    // Each code is set as soon as the scan before has read the last one: the console's work on
    // one code is still under way when the next arrives.
    const codes = [1, 2, 3, 4, 1, 2];
    for (const code of codes) {
      t.services.simulator.setAlarm('R2', code);
      await eventually(() => seen.at(-1) === code, `code ${code} read`);
    }
    stop();
    const raised = await eventually(async () => {
      const all = (await admin<{ data: Notification[] }>('GET', '/api/notification/all?limit=200'))
        .body.data;
      const r2 = all.filter((n) => n.device_id === 'R2' && n.by === 'PLC');
      return r2.length === codes.length && r2;
    }, 'one alarm per code');
    // Newest first: only the last is still active.
    expect(raised.map((n) => n.clearedAt === null)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    t.services.simulator.setAlarm('R2', 0);
    await eventually(
      async () => (await active()).data.every((n) => n.device_id !== 'R2' || n.clearedAt !== null),
      'the last code cleared',
    );
    await admin('POST', '/api/notification/ack/all/notification');
  });

  it('keeps operators away from notifications', async () => {
    expect((await t.as(Role.Operator)('GET', '/api/notification/active')).status).toBe(403);
  });
});

describe('a change of the address map', () => {
  it('leaves a runtime that was never started, or was stopped, stopped', async () => {
    const t = await buildTestApp();
    try {
      await seedDemoPlant(t.database.db, t.services.plant);
      const { runtime } = t.services;
      const added = await t.as(Role.Administrator)('POST', '/api/device/create', {
        device_id: 'XS1',
        device_name: 'Extra Silo 1',
        device_type: DemoDeviceType.GreenSilo,
        device_description: 'Overflow silo',
        device_stage: 1,
        capacity: 1000,
      });
      expect(added.status).toBe(201);
      expect(runtime.health()).toBeUndefined();
      expect(runtime.simulator.running).toBeUndefined();

      await t.services.startPlant();
      expect(runtime.simulator.running).toBeDefined();
      await t.services.stopPlant();
      await runtime.reload();
      expect(runtime.health()).toBeUndefined();
      expect(runtime.simulator.running).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('the PLC link', () => {
  let t: TestApp;
  let admin: ApiCaller;
  let plc: string;
  beforeAll(async () => {
    const port = await freePort();
    plc = `127.0.0.1:${port}`;
    t = await buildTestApp({ SIMULATOR_PORT: String(port) }, { plant: true });
    admin = t.as(Role.Administrator);
    await eventually(() => t.services.runtime.connected(), 'the first connection');
  });
  afterAll(() => t.close());

  const detail = async (code: string) =>
    (await admin<DeviceDetail>('GET', `/api/device/detail?id=${code}`)).body;

  it('raises an alarm when the PLC goes, shows values offline, and clears it when it is back', async () => {
    await t.services.runtime.simulator.stop();
    const lost = await eventually(async () => {
      const { body } = await admin<ActiveNotifications>('GET', '/api/notification/active');
      return body.data.find((n) => n.text.startsWith('PLC connection lost'));
    }, 'the connection-lost alarm');
    expect(lost).toMatchObject({ type: 'alarm', by: 'console', clearedAt: null });
    const offline = (await admin<DeviceSummary[]>('GET', '/api/device')).body;
    expect(offline.every((d) => d.quality === 'offline')).toBe(true);

    await t.services.runtime.simulator.start();
    await eventually(async () => {
      const { body } = await admin<{ data: Notification[] }>('GET', '/api/notification/all');
      return body.data.find((n) => n.id === lost.id)?.clearedAt;
    }, 'the alarm cleared');
    await eventually(async () => {
      const list = (await admin<DeviceSummary[]>('GET', '/api/device')).body;
      return list.every((d) => d.quality === 'good');
    }, 'values live again');
  });

  it('shows the mode and the values as unknown while the PLC is lost, and refuses commands naming it', async () => {
    await t.services.runtime.simulator.stop();
    await eventually(() => !t.services.runtime.connected(), 'the link lost');

    const list = (await admin<DeviceSummary[]>('GET', '/api/device')).body;
    expect(list.find((d) => d.device_id === 'GS1')).toMatchObject({
      manual: null,
      quality: 'offline',
      isSwitched: false,
    });
    expect(list.filter((d) => d.manual !== null)).toEqual([]);
    const silo = await detail('GS1');
    expect(silo).toMatchObject({ manual: null, quality: 'offline', device: { manual: null } });
    expect(silo.show).toContainEqual({ label: 'Mode', value: 'Unknown' });
    const values = [...silo.binary, ...silo.input, ...silo.plcBinary, ...silo.plcInput];
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((c) => c.value !== null || c.quality !== 'offline')).toEqual([]);

    const unknown = `The PLC at ${plc} is not connected: Green Silo 1's mode and values are unknown.`;
    const gate = await admin('PUT', `/api/command/toogle/${DemoBinary.DischargeGate}`, {
      device_id: 'GS1',
      value: 1,
    });
    expect(gate.status).toBe(503);
    expect(gate.body.message).toBe(unknown);
    const mode = await admin('PUT', '/api/device/mode/GS1');
    expect(mode.status).toBe(503);
    expect(mode.body.message).toBe(unknown);
    const speed = await admin('POST', '/api/device/event', {
      device_id: 'R1',
      command_id: DemoInput.DrumSpeed,
      value: 40,
    });
    expect(speed.status).toBe(503);
    expect(speed.body.message).toBe(
      `The PLC at ${plc} is not connected: Roaster 1's mode and values are unknown.`,
    );
    const workflows = (await admin<WorkflowListEntry[]>('GET', '/api/diagram/new/flow/list')).body;
    const dump = workflows.find((w) => w.name === 'Dump DS1 into Green Silo 1');
    const run = await admin('POST', '/api/workflow/start', { work_flow_id: dump?.id });
    expect(run.status).toBe(503);
    expect(run.body.message).toMatch(
      /^This workflow cannot be started\. The PLC does not report the mode of some of the devices \(is it connected\?\)\. Unknown: .*GS1 \(Green Silo 1\)/,
    );

    await t.services.runtime.simulator.start();
    const back = await eventually(async () => {
      const d = await detail('GS1');
      return d.quality === 'good' ? d : undefined;
    }, 'GS1 live again');
    expect(back).toMatchObject({ manual: false, device: { manual: false } });
    expect(back.show).toContainEqual({ label: 'Mode', value: 'Auto' });
    expect(back.plcInput.every((c) => c.value !== null)).toBe(true);
  });
});

describe('writes the PLC does not confirm', () => {
  it('raise a warning notification and are logged as unconfirmed', async () => {
    const t = await buildTestApp({ PLC_CONFIRM_TIMEOUT: '100ms' }, { plant: true });
    try {
      const admin = t.as(Role.Administrator);
      await eventually(() => t.services.runtime.connected(), 'the connection');
      await admin('PUT', '/api/device/mode/GS5');
      const warning = await eventually(async () => {
        const { body } = await admin<ActiveNotifications>('GET', '/api/notification/active');
        return body.data.find((n) => n.type === 'warning');
      }, 'the warning');
      expect(warning.text).toBe(
        'The PLC did not confirm Manual Mode = 1 on Green Silo 5 within 100 ms.',
      );
      expect(warning.by).toBe('Administrator');
      // The log entry is written on its own path, maybe just after the warning shows.
      const entry = await eventually(async () => {
        const { body } = await admin<{
          data: { result: string | null; event_description: string }[];
        }>('POST', '/api/event', { where: { kind: 'plc-write' } });
        return body.data.find((e) => e.result !== null);
      }, 'the log entry of the write');
      expect(entry).toMatchObject({
        result: 'unconfirmed',
        event_description:
          'Manual Mode set to 1: unconfirmed (the PLC did not confirm within 100 ms)',
      });
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/live', () => {
  it('streams device changes as they are scanned', async () => {
    const t = await buildTestApp({}, { plant: true });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    try {
      const token = await t.tokenFor(Role.Supervisor);
      await eventually(() => t.services.runtime.connected(), 'the connection');
      const res = await fetch(`${base}/api/live`, {
        headers: { authorization: `Bearer ${token}` },
        signal: abort.signal,
      });
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      await t.services.simulator.setAlarm('GS2', 2);
      let text = '';
      const event = await eventually(async () => {
        const { value } = await reader.read();
        text += value ?? '';
        const blocks = text.split('\n\n').filter((b) => b.includes('data: '));
        const events = blocks.map((b) => JSON.parse(b.slice(b.indexOf('data: ') + 6)) as LiveEvent);
        return events.find((e) => e.type === 'notification');
      }, 'a live notification');
      expect(event).toMatchObject({
        type: 'notification',
        notification: { device_id: 'GS2', type: 'alarm' },
      });
      expect(text).toContain('event: device');
    } finally {
      abort.abort();
      await t.close();
    }
  });

  it('sends device values as the detail shows them, each event numbered one after the other', async () => {
    const t = await buildTestApp({}, { plant: true });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    try {
      const token = await t.tokenFor(Role.Supervisor);
      await eventually(() => t.services.runtime.connected(), 'the connection');
      const res = await fetch(`${base}/api/live`, {
        headers: { authorization: `Bearer ${token}` },
        signal: abort.signal,
      });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      t.services.simulator.setValue('GS3', 'Occupancy', 1860);
      let text = '';
      const blocks = () => text.split('\n\n').filter((b) => b.includes('data: '));
      const events = () =>
        blocks().map((b) => JSON.parse(b.slice(b.indexOf('data: ') + 6)) as LiveEvent);
      const levelOf = (shown: number) =>
        eventually(async () => {
          const { value } = await reader.read();
          text += value ?? '';
          return events().find(
            (e) => e.type === 'device' && e.device_id === 'GS3' && e.value === shown,
          );
        }, `a level of ${shown}`);
      await levelOf(1860);
      t.services.simulator.setValue('GS3', 'Occupancy', 1870);
      const level = await levelOf(1870);
      if (level.type !== 'device') throw new Error('Not a device event');
      expect(level).toMatchObject({
        type: 'device',
        change: 'value',
        command_kind: 'input',
        quality: 'good',
        isSame: true,
      });
      const detail = await t.as(Role.Supervisor)<DeviceDetail>('GET', '/api/device/detail?id=GS3');
      const shown = detail.body.plcInput.find((c) => c.id === level.command_id);
      expect(shown).toMatchObject({ value: 1870, quality: 'good', isSame: true });

      // The PLC state a new stream starts with holds the number of the last event published, so
      // the stream counts on from it without a gap.
      const seqs = events().map((e) => e.seq);
      expect(seqs.length).toBeGreaterThan(2);
      expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
      expect(blocks().map((b) => /^id: (\d+)$/m.exec(b)?.[1])).toEqual(seqs.map(String));
    } finally {
      abort.abort();
      await t.close();
    }
  });
});
