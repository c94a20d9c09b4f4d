import type { TransferBin } from '@roastery/contract';
import { nameHolding } from '../inventory/holding-name.ts';
import { isReEntry } from './re-entry-bin.ts';
import type { TransferServiceDeps } from './transfer-context.ts';
import type { RouteRow } from './transfer-repository.ts';

/** One route per bin: the first conveyor that reaches it. */
async function binRoutes(d: TransferServiceDeps): Promise<RouteRow[]> {
  const seen = new Set<number>();
  return (await d.repo.routes()).filter((r) => {
    if (seen.has(r.deviceRef)) return false;
    seen.add(r.deviceRef);
    return true;
  });
}

/** Every bin a conveyor reaches, with what the ledger says it holds. */
export async function transferBins(d: TransferServiceDeps): Promise<TransferBin[]> {
  const routes = await binRoutes(d);
  const contents = new Map(
    (await d.ledger.contentsOf(routes.map((r) => r.deviceRef))).map((c) => [c.device_id, c]),
  );
  const segregation = new Map((await d.beans.list()).map((b) => [b.id, b.segregation]));
  return routes.map((r) => {
    const held = contents.get(r.deviceCode);
    const beans = held?.beans ?? [];
    return {
      id: r.deviceCode,
      name: r.deviceName,
      bean: nameHolding(held?.lots ?? []),
      bean_id: beans.length === 1 ? (beans[0]?.bean_id ?? null) : null,
      beans,
      segregations: [...new Set(beans.map((b) => segregation.get(b.bean_id) ?? ''))],
      binCapacity: r.capacity,
      currentWeight: held?.occupancy ?? 0,
      isReEntry: isReEntry(r.typeName),
      conveyor_id: r.conveyorCode,
    };
  });
}
