import type { ConveyorRoutes } from '@roastery/contract';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import type { TransferServiceDeps } from './transfer-context.ts';

/** Every conveyor's route table. */
export async function routeTables(d: TransferServiceDeps): Promise<ConveyorRoutes[]> {
  const tables = new Map<string, ConveyorRoutes>();
  for (const r of await d.repo.routes()) {
    const table = tables.get(r.conveyorCode) ?? {
      conveyor_id: r.conveyorCode,
      conveyor_name: r.conveyorName,
      routes: [],
    };
    table.routes.push({
      route_no: r.routeNo,
      device_id: r.deviceCode,
      device_name: r.deviceName,
    });
    tables.set(r.conveyorCode, table);
  }
  return [...tables.values()];
}

/**
 * Replaces a conveyor's route table to match its PLC program. Refused while the conveyor
 * has a transfer under way, whose route numbers were taken from the old table.
 */
export async function saveRoutes(
  d: TransferServiceDeps,
  conveyorCode: string,
  codes: string[],
): Promise<ConveyorRoutes> {
  const refs = await d.beans.devicesByCode([conveyorCode, ...codes]);
  const refOf = (code: string) => {
    const ref = refs.get(code.toLowerCase());
    if (ref === undefined) throw notFound(`Device ${code} not found.`);
    return ref;
  };
  const conveyor = refOf(conveyorCode);
  if (codes.some((code) => refOf(code) === conveyor))
    throw unprocessable('A conveyor cannot be a route of itself.');
  const busy = (await d.repo.list({ statuses: ['processing'] })).find(
    (r) => r.transfer.conveyorDevice === conveyor,
  );
  if (busy)
    throw conflict(
      `Transfer ${busy.transfer.id} is under way on ${busy.conveyorCode}: change its routes once it has ended.`,
    );
  await d.repo.replaceRoutes(
    conveyor,
    codes.map((code, index) => ({ routeNo: index + 1, device: refOf(code) })),
  );
  const saved = (await routeTables(d)).find(
    (t) => t.conveyor_id.toLowerCase() === conveyorCode.toLowerCase(),
  );
  return saved ?? { conveyor_id: conveyorCode, conveyor_name: conveyorCode, routes: [] };
}
