import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AT_LEAST_ONE_COMMAND,
  CAPACITY_REQUIRED,
  DemoBinary,
  DemoDeviceType,
  DemoInput,
  Role,
  type AlarmText,
  type CommandList,
  type DeviceDetail,
  type DeviceStatusDto,
  type DeviceSummary,
  type DeviceTagView,
  type DeviceTypeCommands,
} from '@roastery/contract';
import { beans } from '@roastery/db';
import { buildTestApp, eventually, type ApiCaller, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let admin: ApiCaller;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  admin = t.as(Role.Administrator);
});
afterAll(() => t.close());

const newSilo = {
  device_id: 'GS7',
  device_name: 'Green Silo 7',
  device_type: DemoDeviceType.GreenSilo,
  device_description: 'Overflow silo by the west wall',
  device_stage: 1,
  device_unit: 'lbs',
  capacity: 12000,
};

describe('devices', () => {
  it('adds a device, gives it PLC addresses and reads it over the gateway', async () => {
    const missing = await admin('POST', '/api/device/create', { ...newSilo, capacity: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain(CAPACITY_REQUIRED);
    // Below a hundredth of a pound the stored capacity would round to 0.
    const tiny = await admin('POST', '/api/device/create', { ...newSilo, capacity: 0.001 });
    expect(tiny.status).toBe(400);
    expect(tiny.body.message).toBe('capacity: Device Capacity must be at least 0.01');
    const created = await admin<DeviceDetail>('POST', '/api/device/create', newSilo);
    expect(created.status).toBe(201);
    expect(created.body.device).toMatchObject({
      device_id: 'GS7',
      capacity: 12000,
      device_type_name: 'Silo Bin',
    });
    expect(created.body.binary.map((c) => c.name)).toEqual(['Inlet Gate', 'Discharge Gate']);
    // The simulator serves the new address map after the reload, and the gateway reads it.
    await eventually(
      async () =>
        (await admin<DeviceDetail>('GET', '/api/device/detail?id=GS7')).body.quality === 'good',
      'the new silo read from the PLC',
    );
    const duplicate = await admin('POST', '/api/device/create', { ...newSilo, device_id: 'gs7' });
    expect(duplicate.status).toBe(409);
  });

  it('updates a device and keeps the capacity above the occupancy', async () => {
    const [bean] = await t.database.db
      .insert(beans)
      .values({ name: 'Kenya AA' })
      .returning({ id: beans.id });
    const lot = await t.services.ledger.createLot({
      lotNumber: 'DMP-GS7',
      beanId: bean!.id,
      kind: 'green',
    });
    const gs7 = (await admin<DeviceDetail>('GET', '/api/device/detail?id=GS7')).body.device.d_id;
    await t.services.ledger.receive({ toDevice: gs7, lotId: lot, lbs: 8000, reason: 'dump' });
    const { device_id: _code, ...fields } = newSilo;
    const below = await admin('PUT', '/api/device/GS7', { ...fields, capacity: 7000 });
    expect(below.status).toBe(422);
    const ok = await admin<DeviceDetail>('PUT', '/api/device/GS7', {
      ...fields,
      device_name: 'Silo 7 (west)',
      capacity: 15000,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.device).toMatchObject({
      device_name: 'Silo 7 (west)',
      capacity: 15000,
      occupancy: 8000,
    });
    const blank = await admin('PUT', '/api/device/GS7', { ...fields, device_name: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('Device Name is required');
  });

  it('deletes a device, but not one that holds beans or has ledger history', async () => {
    const full = await admin('DELETE', '/api/device/GS7');
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(
      'Silo 7 (west) holds 8,000 lbs: move its beans out before deleting it.',
    );
    await admin('POST', '/api/device/update/occupancy', { device_id: 'GS7', occupancy: 0 });
    const history = await admin('DELETE', '/api/device/GS7');
    expect(history.status).toBe(409);
    expect(history.body.message).toMatch(/has bean movements in the ledger/);
    const fresh = await admin('POST', '/api/device/create', {
      ...newSilo,
      device_id: 'GS8',
      device_name: 'Green Silo 8',
    });
    expect(fresh.status).toBe(201);
    expect((await admin('DELETE', '/api/device/GS8')).status).toBe(200);
    expect((await admin('GET', '/api/device/detail?id=GS8')).status).toBe(404);
    expect((await admin('DELETE', '/api/device/GS8')).status).toBe(404);
  });

  it("keeps a line's OEE nameplate: a roaster's batch and cycle, a packer's rated rate", async () => {
    const info = async (code: string) =>
      (await admin<DeviceSummary>('GET', `/api/device/info/${code}`)).body;
    const r2 = await info('R2');
    // The demo's nameplates, as seeded.
    expect(r2).toMatchObject({ batch_capacity: 250, ideal_cycle_minutes: 16 });
    expect(await info('PK1')).toMatchObject({ rated_lbs_per_hour: 6000 });
    expect(await info('MB1')).toMatchObject({ rated_lbs_per_hour: null });
    const fields = {
      device_name: r2.device_name,
      device_type: r2.device_type,
      device_description: r2.device_description,
      device_stage: r2.device_stage,
      device_unit: r2.device_unit,
    };
    const put = (body: object) => admin<DeviceDetail>('PUT', '/api/device/R2', body);
    expect((await put({ ...fields, ideal_cycle_minutes: 17.5 })).body.device).toMatchObject({
      batch_capacity: 250,
      ideal_cycle_minutes: 17.5,
    });
    // An update that leaves the nameplate out (the spec's update body) keeps it.
    expect((await put(fields)).body.device).toMatchObject({
      batch_capacity: 250,
      ideal_cycle_minutes: 17.5,
    });
    const zero = await admin('PUT', '/api/device/R2', { ...fields, ideal_cycle_minutes: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain('Ideal Cycle must be at least 0.1 minutes');
    expect((await put({ ...fields, batch_capacity: null })).body.device).toMatchObject({
      batch_capacity: null,
      ideal_cycle_minutes: 17.5,
    });
    // Only a Roasting-stage device has a batch and cycle, only a Packing-stage one a rated rate.
    const silo = await admin<DeviceDetail>('POST', '/api/device/create', {
      ...newSilo,
      device_id: 'GS9',
      device_name: 'Green Silo 9',
      batch_capacity: 500,
      ideal_cycle_minutes: 18,
      rated_lbs_per_hour: 1000,
    });
    expect(silo.status).toBe(201);
    expect(silo.body.device).toMatchObject({
      batch_capacity: null,
      ideal_cycle_minutes: null,
      rated_lbs_per_hour: null,
    });
    expect((await admin('DELETE', '/api/device/GS9')).status).toBe(200);
  });

  it('offers the form data with capacity types 8 and 13', async () => {
    const { body } = await admin<{ capacityTypeIds: number[]; stages: { stage_name: string }[] }>(
      'GET',
      '/api/device/add',
    );
    expect(body.capacityTypeIds).toEqual([8, 13]);
    expect(body.stages.map((s) => s.stage_name)).toEqual([
      'Green',
      'Roasting',
      'Roasted',
      'Packing',
    ]);
  });
});

describe('commands', () => {
  it('lists binary and input commands with owners', async () => {
    const { body } = await admin<CommandList>('GET', '/api/command');
    expect(body.binary).toContainEqual({
      command_id: DemoBinary.ManualMode,
      command_label: 'Manual Mode',
      command_owner: 'app',
    });
    expect(body.inputs.find((c) => c.command_input_id === DemoInput.DrumSpeed)).toMatchObject({
      is_speed: true,
      unit: 'rpm',
    });
  });

  it('saves a device type mapping and refuses an empty or wrong one', async () => {
    const empty = await admin('POST', `/api/command/type/${DemoDeviceType.Packer}/binary`, {
      app: '',
      plc: '',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(AT_LEAST_ONE_COMMAND);
    const wrongOwner = await admin('POST', `/api/command/type/${DemoDeviceType.Packer}/binary`, {
      app: String(DemoBinary.Running),
      plc: '',
    });
    expect(wrongOwner.status).toBe(422);
    const ok = await admin('POST', `/api/command/type/${DemoDeviceType.Packer}/binary`, {
      app: `${DemoBinary.ManualMode},${DemoBinary.Start}`,
      plc: `${DemoBinary.ManualModeActive},${DemoBinary.Running}`,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Command Executed Successfully');
    const types = (await admin<DeviceTypeCommands[]>('GET', '/api/command/types')).body;
    expect(types.find((x) => x.id === DemoDeviceType.Packer)?.binary).toEqual({
      app: [DemoBinary.ManualMode, DemoBinary.Start],
      plc: [DemoBinary.ManualModeActive, DemoBinary.Running],
    });
  });

  it("lists a device's commands for workflow steps", async () => {
    const { body } = await admin<{ binary: { command_label: string }[] }>(
      'GET',
      '/api/command/flow/R1',
    );
    expect(body.binary.map((c) => c.command_label)).toContain('Burner');
  });
});

describe('alarm texts', () => {
  it('adds, edits, refuses a duplicate Alarm ID, deletes and imports', async () => {
    const list = async (code: string) =>
      (await admin<AlarmText[]>('GET', `/api/alarm-text/device/${code}`)).body;
    expect((await list('R2')).map((a) => a.index)).toEqual([1, 2, 3, 4]);
    const missing = await admin('POST', '/api/alarm-text', { device_id: 'R2', message: 'x' });
    expect(missing.body.message).toContain('Please input the Alarm ID');
    const blank = await admin('POST', '/api/alarm-text', {
      device_id: 'R2',
      index: 9,
      message: ' ',
    });
    expect(blank.body.message).toContain('Please input the Alarm Text');
    const created = await admin<AlarmText>('POST', '/api/alarm-text', {
      device_id: 'R2',
      index: 9,
      message: 'Gas pressure low',
    });
    expect(created.status).toBe(201);
    const dup = await admin('PUT', `/api/alarm-text/${created.body.id}`, {
      index: 1,
      message: 'Gas pressure low',
    });
    expect(dup.status).toBe(409);
    const edited = await admin<AlarmText>('PUT', `/api/alarm-text/${created.body.id}`, {
      index: 9,
      message: 'Gas pressure very low',
    });
    expect(edited.body.message).toBe('Gas pressure very low');
    const imported = await admin<{ count: number }>('POST', '/api/alarm-text/import', {
      from_device_id: 'R2',
      to_device_id: 'PK1',
    });
    expect(imported.body.count).toBe(5);
    expect((await list('PK1')).map((a) => a.message)).toContain('Gas pressure very low');
    expect((await admin('DELETE', `/api/alarm-text/${created.body.id}`)).status).toBe(200);
    expect((await list('R2')).map((a) => a.index)).toEqual([1, 2, 3, 4]);
    const same = await admin('POST', '/api/alarm-text/import', {
      from_device_id: 'R2',
      to_device_id: 'r2',
    });
    expect(same.status).toBe(400);
  });
});

describe('device statuses', () => {
  it('creates, updates and deletes with the spec messages', async () => {
    const invalid = await admin('POST', '/api/device-status', {
      priority: 'Normal',
      type: 'binary',
    });
    expect(invalid.status).toBe(400);
    for (const m of [
      'Please input status id!',
      'Please input status name!',
      'Please pick a color!',
      'Please select a command',
    ]) {
      expect(invalid.body.message).toContain(m);
    }
    const badValue = await admin('POST', '/api/device-status', {
      led_id: 20,
      name: 'Open',
      color: '#00ff00',
      priority: 'low',
      type: 'binary',
      command_id: DemoBinary.Opened,
      command_value: 5,
    });
    expect(badValue.body.message).toContain('Please select command value!');
    const created = await admin<DeviceStatusDto>('POST', '/api/device-status', {
      led_id: 20,
      name: 'Open',
      color: '#00ff00',
      priority: 'low',
      type: 'binary',
      command_id: DemoBinary.Opened,
      command_value: 1,
    });
    expect(created.status).toBe(201);
    expect(created.body.command).toBe('Opened');
    const clash = await admin('POST', '/api/device-status', {
      led_id: 20,
      name: 'Again',
      color: '#00ff00',
      priority: 'low',
      type: 'binary',
      command_id: DemoBinary.Opened,
      command_value: 1,
    });
    expect(clash.status).toBe(409);
    const updated = await admin<DeviceStatusDto>('PUT', `/api/device-status/${created.body.id}`, {
      led_id: 20,
      name: 'Hot',
      color: '#ff0000',
      priority: 'high',
      type: 'input',
      command_id: DemoInput.BeanTemperature,
      command_value: 400,
    });
    expect(updated.body).toMatchObject({ name: 'Hot', type: 'input', command: 'Bean Temperature' });
    expect((await admin('DELETE', `/api/device-status/${created.body.id}`)).status).toBe(200);
    expect((await admin('DELETE', `/api/device-status/${created.body.id}`)).status).toBe(404);
  });
});

describe('the address map', () => {
  it("shows a device's tags and lets an administrator move them, checking the whole map", async () => {
    const { body: tags } = await admin<DeviceTagView[]>('GET', '/api/device/tags/WRB2');
    expect(tags.find((x) => x.command_label === 'Occupancy')).toMatchObject({
      area: 'holding',
      data_type: 'uint32',
      scale: 100,
      command_owner: 'plc',
    });
    const edit = tags.map(({ command_label: _l, command_owner: _o, ...tag }) => tag);
    const { body: other } = await admin<DeviceTagView[]>('GET', '/api/device/tags/WRB3');
    const clash = edit.map((tag, i) => (i === 0 ? { ...tag, address: other[0]!.address } : tag));
    const refused = await admin('PUT', '/api/device/tags/WRB2', { tags: clash });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/overlap/);

    const moved = edit.map((tag) => ({ ...tag, address: tag.address + 2000 }));
    const supervisor = t.as(Role.Supervisor);
    expect((await supervisor('PUT', '/api/device/tags/WRB2', { tags: moved })).status).toBe(403);
    const saved = await admin<DeviceTagView[]>('PUT', '/api/device/tags/WRB2', { tags: moved });
    expect(saved.status).toBe(200);
    expect(saved.body.map((x) => x.address)).toEqual(tags.map((x) => x.address + 2000));
    await eventually(
      async () =>
        (await admin<DeviceDetail>('GET', '/api/device/detail?id=WRB2')).body.quality === 'good',
      'WRB2 read at its new addresses',
    );
  });
});
