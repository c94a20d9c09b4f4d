import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type DeviceSummary } from '@roastery/contract';
import { buildTestApp, eventually, type ApiCaller, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let admin: ApiCaller;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  admin = t.as(Role.Administrator);
});
afterAll(() => t.close());

/**
 * Trips one alarm with a text in the plant's documentation and one without, and waits until
 * every device is read. A device added since reloads the simulator, which clears them.
 */
async function readPlantWithAlarms(): Promise<DeviceSummary[]> {
  const sim = t.services.runtime.simulator.running;
  if (!sim) throw new Error('the simulator is not running');
  sim.model.setValue('GS1', 'Alarm Code', 2);
  sim.model.setValue('R1', 'Alarm Code', 9);
  return eventually(async () => {
    const list = (await admin<DeviceSummary[]>('GET', '/api/device')).body;
    const alarmed = list.filter((d) => d.alarm !== null).map((d) => d.device_id);
    const read = list.every((d) => d.quality === 'good');
    return read && alarmed.join() === 'GS1,R1' && list;
  }, 'every device read from the PLC with both alarms');
}

describe('GET /api/device', () => {
  it('answers the demo plant as before, alarm texts included', async () => {
    const list = await readPlantWithAlarms();
    expect(list.find((d) => d.device_id === 'GS1')?.alarm).toBe('Discharge gate did not open');
    expect(list.find((d) => d.device_id === 'R1')?.alarm).toBe('Alarm code 9');
    await expect(`${JSON.stringify(list, null, 2)}\n`).toMatchFileSnapshot(
      '__snapshots__/demo-plant-device-list.json',
    );
  });

  it('answers each device alone as the list does', async () => {
    const list = await readPlantWithAlarms();
    for (const device of list) {
      const info = await admin<DeviceSummary>('GET', `/api/device/info/${device.device_id}`);
      expect(info.body).toEqual(device);
    }
  });
});
