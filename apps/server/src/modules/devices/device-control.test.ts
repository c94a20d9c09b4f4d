import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DemoBinary,
  DemoInput,
  Role,
  type DeviceDetail,
  type DeviceSummary,
} from '@roastery/contract';
import { beans } from '@roastery/db';
import { buildTestApp, eventually, type ApiCaller, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let admin: ApiCaller;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  admin = t.as(Role.Administrator);
  await eventually(async () => {
    const { body } = await admin<DeviceSummary[]>('GET', '/api/device');
    return body.every((d) => d.quality === 'good');
  }, 'every device read from the simulator');
});
afterAll(() => t.close());

const detail = async (code: string) =>
  (await admin<DeviceDetail>('GET', `/api/device/detail?id=${code}`)).body;
const command = (
  d: DeviceDetail,
  list: 'binary' | 'plcBinary' | 'input' | 'plcInput',
  name: string,
) => d[list].find((c) => c.name === name);

async function writesLogged(): Promise<
  { event_description: string; user: string | null; result: string | null }[]
> {
  const { body } = await admin<{
    data: { kind: string; event_description: string; user: string | null; result: string | null }[];
  }>('POST', '/api/event', { where: { kind: 'plc-write' }, limit: 100 });
  return body.data;
}

describe('devices read through the PLC gateway', () => {
  it('lists every real device with live values and hides the virtual bins', async () => {
    const { body } = await admin<DeviceSummary[]>('GET', '/api/device');
    const codes = body.map((d) => d.device_id);
    expect(codes).toHaveLength(22);
    expect(codes).toEqual(expect.arrayContaining(['GS1', 'GS6', 'R1', 'R2', 'WRB4', 'PK2', 'MB1']));
    expect(codes).not.toContain('vbin');
    expect(codes).not.toContain('vibin');
    const silo = body.find((d) => d.device_id === 'GS1');
    expect(silo).toMatchObject({
      device_type: 13,
      capacity: 20000,
      stage_name: 'Green',
      manual: false,
      isSwitched: true,
    });
  });

  it('gives the detail with commands split by kind and owner, and the PLC feedback', async () => {
    const d = await detail('R1');
    expect(d.binary.map((c) => c.name)).toEqual([
      'Charge Gate',
      'Burner',
      'Drum',
      'Drop Door',
      'Cooling Tray',
      'Drop Request',
    ]);
    expect(d.plcBinary.map((c) => c.name)).toContain('Manual Mode Active');
    expect(d.input.map((c) => c.name)).toEqual([
      'Batch Size',
      'Burner Set-point',
      'Drum Speed',
      'Burner Power',
      'Airflow',
      'Burner Control',
      'Green Moisture',
      'Green Density',
    ]);
    expect(command(d, 'input', 'Drum Speed')?.isSpeed).toBe(true);
    expect(command(d, 'plcInput', 'Phase')).toMatchObject({ value: 0, quality: 'good' });
    expect(d.graph).toBeNull();
    expect(d.show).toContainEqual({ label: 'PLC data', value: 'Live' });
    const silo = await detail('GS2');
    expect(silo.graph).toEqual({ capacity: 20000, occupied: 0, percentage: 0 });
    expect(silo.blocks.map((b) => b.label)).toEqual(['Block intake', 'Block discharge']);
  });

  it('answers 404 for an unknown device', async () => {
    const res = await admin('GET', '/api/device/detail?id=NOPE');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Device NOPE not found.');
  });
});

describe('manual commands and modes', () => {
  it('refuses a manual command in Auto mode and sends nothing', async () => {
    const res = await admin('PUT', `/api/command/toogle/${DemoBinary.InletGate}`, {
      device_id: 'GS3',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Green Silo 3 is in Auto mode: switch it to Manual mode to send manual commands.',
    );
    expect(
      (await writesLogged()).filter((w) => w.event_description.startsWith('Inlet Gate')),
    ).toEqual([]);
  });

  it('switches to Manual only once the PLC confirms, then drives a gate and sees the feedback', async () => {
    const res = await admin('PUT', '/api/device/mode/GS3');
    expect(res.status).toBe(202);
    expect(res.body.message).toBe('Switching to Manual mode');
    const pending = await detail('GS3');
    expect(pending.requestedManual).toBe(true);
    expect(pending.manual).toBe(false);
    expect(pending.isSwitched).toBe(false);
    const confirmed = await eventually(async () => {
      const d = await detail('GS3');
      return d.manual && d.isSwitched ? d : undefined;
    }, 'the PLC to confirm Manual mode');
    expect(command(confirmed, 'plcBinary', 'Manual Mode Active')?.value).toBe(1);

    const open = await admin('PUT', `/api/command/toogle/${DemoBinary.InletGate}`, {
      device_id: 'GS3',
    });
    expect(open.status).toBe(202);
    expect(open.body.message).toBe('Inlet Gate set to 1');
    const opened = await eventually(async () => {
      const d = await detail('GS3');
      return command(d, 'plcBinary', 'Inlet Gate Opened')?.value === 1 &&
        command(d, 'binary', 'Inlet Gate')?.isSame
        ? d
        : undefined;
    }, 'the gate feedback');
    expect(command(opened, 'binary', 'Inlet Gate')?.value).toBe(1);
    const log = await eventually(async () => {
      const writes = await writesLogged();
      return writes.find((w) => w.event_description === 'Inlet Gate set to 1: ok');
    }, 'the write in the events log');
    expect(log.user).toBe('Administrator');
  });

  it('lets a speed set-point change in Auto mode, and checks its range', async () => {
    const ok = await admin('POST', '/api/device/event', {
      device_id: 'R2',
      command_id: DemoInput.DrumSpeed,
      value: 55,
    });
    expect(ok.status).toBe(202);
    await eventually(
      async () => command(await detail('R2'), 'input', 'Drum Speed')?.value === 55,
      'the drum speed',
    );
    const tooBig = await admin('POST', '/api/device/event', {
      device_id: 'R2',
      command_id: DemoInput.DrumSpeed,
      value: 70000,
    });
    expect(tooBig.status).toBe(422);
    const notSpeed = await admin('POST', '/api/device/event', {
      device_id: 'R2',
      command_id: DemoInput.BatchSize,
      value: 250,
    });
    expect(notSpeed.status).toBe(409);
  });

  it('refuses commands the console must not write', async () => {
    const plcOwned = await admin('POST', '/api/device/event', {
      device_id: 'R1',
      command_id: DemoInput.Phase,
      value: 2,
    });
    expect(plcOwned.status).toBe(422);
    expect(plcOwned.body.message).toBe('Phase is reported by the PLC and cannot be written.');
    const notOnDevice = await admin('PUT', `/api/command/toogle/${DemoBinary.Burner}`, {
      device_id: 'GS1',
    });
    expect(notOnDevice.status).toBe(404);
    const mode = await admin('PUT', `/api/command/toogle/${DemoBinary.ManualMode}`, {
      device_id: 'GS1',
    });
    expect(mode.status).toBe(422);
    const badBody = await admin('POST', '/api/device/event', {
      device_id: 'R1',
      command_id: DemoInput.DrumSpeed,
    });
    expect(badBody.status).toBe(400);
  });

  it('keeps operators out of manual control', async () => {
    const operator = t.as(Role.Operator);
    expect((await operator('PUT', '/api/device/mode/GS1')).status).toBe(403);
    expect((await operator('GET', '/api/device/bin')).status).toBe(200);
  });
});

describe('occupancy and blocks', () => {
  it('corrects occupancy on the ledger, within the capacity, and only for a device that holds beans', async () => {
    const empty = await admin('POST', '/api/device/update/occupancy', {
      device_id: 'WRB1',
      occupancy: 100,
    });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(
      'WRB Bin 1 is empty: beans come in with a dump; a correction can only adjust what it holds.',
    );
    const [bean] = await t.database.db
      .insert(beans)
      .values({ name: 'Brazil Santos' })
      .returning({ id: beans.id });
    const lot = await t.services.ledger.createLot({
      lotNumber: 'RST-1',
      beanId: bean!.id,
      kind: 'roasted',
    });
    const wrb1 = (await detail('WRB1')).device.d_id;
    await t.services.ledger.receive({ toDevice: wrb1, lotId: lot, lbs: 1000, reason: 'roast_out' });
    const over = await admin('POST', '/api/device/update/occupancy', {
      device_id: 'WRB1',
      occupancy: 5000.01,
    });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('Occupancy cannot exceed the capacity of 5,000 lbs.');
    const negative = await admin('POST', '/api/device/update/occupancy', {
      device_id: 'WRB1',
      occupancy: -1,
    });
    expect(negative.status).toBe(400);
    const ok = await admin<DeviceSummary>('POST', '/api/device/update/occupancy', {
      device_id: 'WRB1',
      occupancy: 1234.567,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.occupancy).toBe(1234.57);
    expect((await detail('WRB1')).graph).toEqual({
      capacity: 5000,
      occupied: 1234.57,
      percentage: 24.7,
    });
    const down = await admin<DeviceSummary>('POST', '/api/device/update/occupancy', {
      device_id: 'WRB1',
      occupancy: 900,
    });
    expect(down.body.occupancy).toBe(900);
    expect((await t.services.ledger.holdings(wrb1)).map((h) => h.centiLbs)).toEqual([90000]);
    expect(await t.services.ledger.invariantViolations()).toEqual([]);
    const noCapacity = await admin('POST', '/api/device/update/occupancy', {
      device_id: 'R1',
      occupancy: 10,
    });
    expect(noCapacity.status).toBe(422);
  });

  it('sets a block switch', async () => {
    const [intake] = (await detail('GS4')).blocks;
    const res = await admin<{ id: number; value: number }[]>('POST', '/api/settings/device/block', {
      device_id: 'GS4',
      block: intake!.id,
      value: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.find((b) => b.id === intake!.id)?.value).toBe(1);
    const wrong = await admin('POST', '/api/settings/device/block', {
      device_id: 'GS1',
      block: intake!.id,
      value: 1,
    });
    expect(wrong.status).toBe(404);
  });
});
