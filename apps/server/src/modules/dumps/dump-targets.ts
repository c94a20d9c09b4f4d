import type { DumpTarget, DumpTargetType } from '@roastery/contract';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { fromCenti, toCenti } from '../inventory/weights.ts';
import type { DumpServiceDeps } from './dump-context.ts';

/** The devices of a dump target type, with what they hold (the dump form's device buttons). */
export async function dumpDevicesOf(
  d: DumpServiceDeps,
  type: DumpTargetType,
): Promise<DumpTarget[]> {
  const devices = await d.repo.devicesOfType(type);
  const contents = new Map((await d.ledger.siloContents()).map((c) => [c.device_id, c]));
  return devices.map((device) => ({
    device_id: device.code,
    device_name: device.name,
    occupancy: contents.get(device.code)?.occupancy ?? 0,
    capacity: device.capacity,
    beans: contents.get(device.code)?.beans.map((b) => b.bean_name) ?? [],
    fits: true,
    reason: null,
  }));
}

/** Where a dump of this bean and weight could go: every device of the type, with whether it fits. */
export async function dumpTargets(
  d: DumpServiceDeps,
  beanId: number,
  amount: number,
  type: DumpTargetType,
): Promise<DumpTarget[]> {
  const bean = await d.beans.find(beanId);
  if (!bean) throw notFound(`Bean ${beanId} not found.`);
  const devices = await d.repo.devicesOfType(type);
  const contents = new Map((await d.ledger.siloContents()).map((c) => [c.device_id, c]));
  const allowed = new Set(bean.bins);
  const centi = toCenti(amount);
  return devices.map((device) => {
    const held = contents.get(device.code);
    const occupancy = held?.occupancy ?? 0;
    const beanNames = held?.beans.map((b) => b.bean_name) ?? [];
    const otherBeans = held?.beans.some((b) => b.bean_id !== beanId) ?? false;
    const reason =
      allowed.size && !allowed.has(device.code)
        ? `${bean.bean_name} is not kept in ${device.name}`
        : otherBeans
          ? `${device.name} holds other beans`
          : device.capacity !== null && toCenti(occupancy) + centi > toCenti(device.capacity)
            ? `${device.name} has room for ${fromCenti(toCenti(device.capacity) - toCenti(occupancy))} lbs`
            : null;
    return {
      device_id: device.code,
      device_name: device.name,
      occupancy,
      capacity: device.capacity,
      beans: beanNames,
      fits: reason === null,
      reason,
    };
  });
}

/** Auto dump mode: a silo that already holds this bean and has room, else an empty one. */
export async function chooseSilo(
  d: DumpServiceDeps,
  beanId: number,
  amount: number,
): Promise<string> {
  const options = (await dumpTargets(d, beanId, amount, 'Silo Bin')).filter((t) => t.fits);
  const sameBean = options
    .filter((t) => t.beans.length > 0)
    .sort((a, b) => b.occupancy - a.occupancy);
  const empty = options.filter((t) => t.beans.length === 0);
  const chosen = sameBean[0] ?? empty[0];
  if (!chosen)
    throw conflict(
      `No silo can take ${amount} lbs of this bean: every silo is full or holds other beans.`,
    );
  return chosen.device_id;
}
