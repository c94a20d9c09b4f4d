import { notFound } from '../../lib/http-errors.ts';
import type { DeviceRepository, DeviceRow } from './device-repository.ts';

/** The device with this plant code, or a 404 naming it. */
export async function requireDevice(devices: DeviceRepository, code: string): Promise<DeviceRow> {
  const device = await devices.findByCode(code);
  if (!device) throw notFound(`Device ${code} not found.`);
  return device;
}
