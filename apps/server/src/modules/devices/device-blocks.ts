import type { DeviceBlock } from '@roastery/contract';
import { notFound } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import type { DeviceServiceDeps } from './device-context.ts';

/** Switches one of a device's feature blocks (a yes/no on its detail panel) and logs who did. */
export async function setBlock(
  d: DeviceServiceDeps,
  code: string,
  blockId: number,
  value: 0 | 1,
  who: Principal,
): Promise<DeviceBlock[]> {
  const device = await d.records.require(code);
  if (!(await d.devices.setBlock(device.id, blockId, value))) {
    throw notFound(`${device.name} has no block ${blockId}.`);
  }
  d.records.invalidate();
  const blocks = (await d.records.get()).blocks.get(device.id) ?? [];
  await d.eventLog.record({
    kind: 'device',
    deviceId: device.id,
    deviceName: device.name,
    description: `${blocks.find((b) => b.id === blockId)?.label ?? 'Block'} set to ${value ? 'yes' : 'no'}`,
    userId: who.id,
    userName: who.fullName,
  });
  return blocks.map((b) => ({ id: b.id, label: b.label, value: b.value }));
}
