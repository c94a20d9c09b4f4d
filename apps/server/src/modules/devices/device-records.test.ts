import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DemoBinary,
  DemoDeviceType,
  Role,
  type AlarmText,
  type DeviceDetail,
  type DeviceStatusDto,
  type DeviceSummary,
} from '@roastery/contract';
import { beans } from '@roastery/db';
import {
  buildTestApp,
  eventually,
  stockBin,
  type ApiCaller,
  type TestApp,
} from '../../../test/helper.ts';

let t: TestApp;
let admin: ApiCaller;
/** The statements of the request under way; the plant's own queries run outside it. */
const request = new AsyncLocalStorage<string[]>();

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true, onQuery: (sql) => request.getStore()?.push(sql) });
  admin = t.as(Role.Administrator);
  await eventually(async () => {
    const { body } = await admin<DeviceSummary[]>('GET', '/api/device');
    return body.every((d) => d.quality === 'good');
  }, 'every device read from the simulator');
});
afterAll(() => t.close());

/** A GET as the screens send it, with the statements the app sent while answering it. */
async function read<T>(url: string): Promise<{ body: T; statements: string[] }> {
  const statements: string[] = [];
  const { status, body } = await request.run(statements, () => admin<T>('GET', url));
  expect(status).toBe(200);
  return { body, statements };
}

/** A device as the list shows it; the read after a change loads the records again. */
async function listed(code: string): Promise<DeviceSummary> {
  const { body } = await read<DeviceSummary[]>('/api/device');
  const device = body.find((d) => d.device_id === code);
  if (!device) throw new Error(`${code} is not in the device list`);
  return device;
}

/** What the device screens read, answered from memory: not one statement. */
async function expectNoQuery(code: string): Promise<void> {
  for (const url of [
    '/api/device',
    `/api/devices?type=${DemoDeviceType.GreenSilo}`,
    '/api/device/bin',
    `/api/device/info/${code}`,
    `/api/device/detail?id=${code}`,
    `/api/device/popup/${code}`,
  ]) {
    expect((await read(url)).statements, url).toEqual([]);
  }
}

describe('the device screens read from memory', () => {
  it('answers the list, a device and its detail without a query once loaded, however many devices there are', async () => {
    await listed('GS1');
    await expectNoQuery('GS1');
    for (const n of [1, 2, 3]) {
      const created = await admin('POST', '/api/device/create', {
        device_id: `XR${n}`,
        device_name: `Extra Silo ${n}`,
        device_type: DemoDeviceType.GreenSilo,
        device_description: 'Overflow silo',
        device_stage: 1,
        device_unit: 'lbs',
        capacity: 1000,
      });
      expect(created.status).toBe(201);
    }
    expect((await listed('XR3')).device_name).toBe('Extra Silo 3');
    await expectNoQuery('XR3');
  });

  it('shows a device edited by an administrator at once', async () => {
    const before = await listed('GS2');
    const edited = await admin('PUT', '/api/device/GS2', {
      device_name: 'Green Silo 2 (east)',
      device_type: before.device_type,
      device_description: 'East wall',
      device_stage: before.device_stage,
      device_unit: before.device_unit,
      capacity: 12000,
    });
    expect(edited.status).toBe(200);
    expect(await listed('GS2')).toMatchObject({
      device_name: 'Green Silo 2 (east)',
      device_description: 'East wall',
      capacity: 12000,
    });
    await expectNoQuery('GS2');
  });

  it('shows a bean movement in the occupancy at once', async () => {
    const [bean] = await t.database.db
      .insert(beans)
      .values({ name: 'Sidamo' })
      .returning({ id: beans.id });
    const before = (await listed('GS3')).occupancy;
    await stockBin(t.services, 'GS3', bean!.id, 1250.5);
    expect((await listed('GS3')).occupancy).toBe(before + 1250.5);
    const corrected = await admin('POST', '/api/device/update/occupancy', {
      device_id: 'GS3',
      occupancy: 1000,
    });
    expect(corrected.status).toBe(200);
    expect((await listed('GS3')).occupancy).toBe(1000);
    await expectNoQuery('GS3');
  });

  it('shows a block switched and a mode asked for at once', async () => {
    const detail = async () => (await read<DeviceDetail>('/api/device/detail?id=GS4')).body;
    const [intake] = (await detail()).blocks;
    const set = await admin('POST', '/api/settings/device/block', {
      device_id: 'GS4',
      block: intake!.id,
      value: 1,
    });
    expect(set.status).toBe(200);
    expect((await detail()).blocks.find((b) => b.id === intake!.id)?.value).toBe(1);
    expect((await detail()).requestedManual).toBe(false);
    // The mode is switched only while the PLC reports it: a device added before restarts the link.
    await eventually(async () => (await detail()).quality === 'good', 'GS4 read from the PLC');
    expect((await admin('PUT', '/api/device/mode/GS4')).status).toBe(202);
    expect((await detail()).requestedManual).toBe(true);
    await expectNoQuery('GS4');
  });

  it('names an alarm with the text an administrator gives it, at once', async () => {
    t.services.runtime.simulator.running?.model.setValue('R2', 'Alarm Code', 7);
    await eventually(
      async () => (await listed('R2')).alarm === 'Alarm code 7',
      'R2 reporting alarm code 7',
    );
    const created = await admin<AlarmText>('POST', '/api/alarm-text', {
      device_id: 'R2',
      index: 7,
      message: 'Drum motor overload',
    });
    expect(created.status).toBe(201);
    expect((await listed('R2')).alarm).toBe('Drum motor overload');
    await admin('PUT', `/api/alarm-text/${created.body.id}`, {
      index: 7,
      message: 'Drum motor overload: check the belt',
    });
    expect((await listed('R2')).alarm).toBe('Drum motor overload: check the belt');
    await expectNoQuery('R2');
    await admin('DELETE', `/api/alarm-text/${created.body.id}`);
    expect((await listed('R2')).alarm).toBe('Alarm code 7');
  });

  it('lights a status an administrator adds, at once', async () => {
    expect((await listed('GS5')).statuses).toEqual([]);
    const created = await admin<DeviceStatusDto>('POST', '/api/device-status', {
      led_id: 9,
      name: 'Auto',
      color: '#8c8c8c',
      priority: 'low',
      type: 'binary',
      command_id: DemoBinary.ManualModeActive,
      command_value: 0,
    });
    expect(created.status).toBe(201);
    expect((await listed('GS5')).statuses).toEqual([{ name: 'Auto', color: '#8c8c8c' }]);
    await expectNoQuery('GS5');
    await admin('DELETE', `/api/device-status/${created.body.id}`);
    expect((await listed('GS5')).statuses).toEqual([]);
  });
});
