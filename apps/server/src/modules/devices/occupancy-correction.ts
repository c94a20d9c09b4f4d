import type { DeviceSummary } from '@roastery/contract';
import { unprocessable } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import type { DeviceServiceDeps } from './device-context.ts';
import { deviceSummary } from './device-reads.ts';
import { formatLbs } from './format-lbs.ts';

/**
 * Corrects what a silo or bin holds, as a ledger adjustment: down takes the oldest lots out,
 * up adds to the newest lot. An empty device cannot be adjusted up: beans come in by a dump.
 */
export async function setOccupancy(
  d: DeviceServiceDeps,
  code: string,
  occupancy: number,
  who: Principal,
): Promise<DeviceSummary> {
  const device = await d.records.require(code);
  if (device.capacity == null) throw unprocessable(`${device.name} has no capacity to fill.`);
  if (occupancy > device.capacity) {
    throw unprocessable(`Occupancy cannot exceed the capacity of ${formatLbs(device.capacity)}.`);
  }
  const target = Math.round(occupancy * 100) / 100;
  const delta = Math.round((target - device.occupancy) * 100) / 100;
  const cause = { userId: who.id, note: `Occupancy corrected by ${who.fullName}` };
  if (delta < 0) {
    await d.ledger.move({
      fromDevice: device.id,
      toDevice: null,
      lbs: -delta,
      reason: 'adjust',
      ...cause,
    });
  } else if (delta > 0) {
    const newest = (await d.ledger.holdings(device.id)).at(-1);
    if (!newest) {
      throw unprocessable(
        `${device.name} is empty: beans come in with a dump; a correction can only adjust what it holds.`,
      );
    }
    await d.ledger.receive({
      toDevice: device.id,
      lotId: newest.lotId,
      lbs: delta,
      reason: 'adjust',
      ...cause,
    });
  }
  await d.eventLog.record({
    kind: 'occupancy',
    deviceId: device.id,
    deviceName: device.name,
    description: `Occupancy corrected from ${formatLbs(device.occupancy)} to ${formatLbs(target)}`,
    userId: who.id,
    userName: who.fullName,
    value: target,
  });
  return deviceSummary(d, code);
}
