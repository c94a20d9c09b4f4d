import type { CheckBeansReply, Dump, OrderPaths } from '@roastery/contract';
import { conflict } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import { fromCenti, toCenti } from '../inventory/weights.ts';
import { orderNumber } from './order-labels.ts';
import { roastingOrder, sameCode, type OrderRunServiceDeps } from './order-run-context.ts';
import { matchesRecipe, planOfOrder, requestDevices } from './start-plan.ts';

/** Check bean availability: whether the silos hold every remaining batch's beans. */
export async function checkBeans(
  d: OrderRunServiceDeps,
  orderId: number,
  startDevice?: string,
): Promise<CheckBeansReply> {
  const { path, shortfalls } = await planOfOrder(d, await roastingOrder(d, orderId), startDevice);
  return {
    same: shortfalls.length === 0,
    request_devices: await requestDevices(d, shortfalls, path?.silos),
  };
}

/**
 * The paths a person may start the order along: the enabled ones on the order's roaster and
 * into its destination, where the order names them.
 */
export async function pathsFor(d: OrderRunServiceDeps, orderId: number): Promise<OrderPaths> {
  const order = await roastingOrder(d, orderId);
  const all = await d.paths.list();
  const fits = (code: string | null, device: { device_id: string }) =>
    code === null || sameCode(code, device.device_id);
  return {
    defined: all.length > 0,
    paths: all.filter(
      (p) =>
        p.enabled &&
        fits(order.roasterCode, p.roaster) &&
        fits(order.destinationCode, p.destination),
    ),
  };
}

/** Check bean match: the silo holds beans of the order's recipe, and only those. */
export async function beanMatch(
  d: OrderRunServiceDeps,
  orderId: number,
  startDevice: string,
): Promise<{ same_bean: boolean }> {
  const order = await roastingOrder(d, orderId);
  return { same_bean: await matchesRecipe(d, order, startDevice) };
}

/** A dump request for a missing bean into the silo suggested (or chosen) for it. */
export async function requestDump(
  d: OrderRunServiceDeps,
  orderId: number,
  deviceId: string,
  who: Principal,
): Promise<Dump> {
  const order = await roastingOrder(d, orderId);
  const { path, shortfalls } = await planOfOrder(d, order);
  const rows = await requestDevices(d, shortfalls, path?.silos);
  const row =
    rows.find((r) => r.device_id?.toLowerCase() === deviceId.toLowerCase()) ??
    (rows.length === 1 ? rows[0] : undefined);
  if (!row) {
    throw conflict(
      rows.length === 0
        ? `Order ${orderNumber(orderId)} has all its beans in the silos.`
        : `Choose the silo suggested for each missing bean: ${rows.map((r) => `${r.bean_name} into ${r.device_id ?? 'no silo with room'}`).join(', ')}.`,
    );
  }
  return d.dumps.create(
    {
      amount: fromCenti(toCenti(row.needed) - toCenti(row.available)),
      bean_id: row.bean_id,
      type: 'Silo Bin',
      device_id: deviceId,
      order_id: orderId,
    },
    who,
  );
}
