import { CAPACITY_TYPE_IDS, type SiloContents } from '@roastery/contract';
import type { LedgerContext } from './ledger-context.ts';
import type { ContentRow } from './ledger-repository.ts';
import { fromCenti, toCenti } from './weights.ts';

function present(rows: ContentRow[]): SiloContents[] {
  const byDevice = new Map<number, SiloContents & { centi: number }>();
  for (const r of rows) {
    const entry = byDevice.get(r.deviceRef) ?? {
      device_id: r.deviceCode,
      device_name: r.deviceName,
      device_type: r.typeId,
      capacity: r.capacity,
      occupancy: 0,
      centi: 0,
      beans: [],
      lots: [],
    };
    byDevice.set(r.deviceRef, entry);
    if (r.lotNumber === null || r.beanId === null || r.beanName === null || r.centiLbs === null)
      continue;
    entry.centi += r.centiLbs;
    entry.lots.push({
      lot_number: r.lotNumber,
      bean_id: r.beanId,
      bean_name: r.beanName,
      product_name: r.productName,
      lbs: fromCenti(r.centiLbs),
    });
    const beanEntry = entry.beans.find((b) => b.bean_id === r.beanId);
    if (beanEntry) beanEntry.lbs = fromCenti(toCenti(beanEntry.lbs) + r.centiLbs);
    else entry.beans.push({ bean_id: r.beanId, bean_name: r.beanName, lbs: fromCenti(r.centiLbs) });
  }
  return [...byDevice.values()].map(({ centi, ...entry }) => ({
    ...entry,
    occupancy: fromCenti(centi),
  }));
}

/** Every silo and bin with its lots and beans, from the ledger's projection. */
export async function siloContents(ctx: LedgerContext): Promise<SiloContents[]> {
  return present(await ctx.repo.contents(ctx.db, { typeIds: CAPACITY_TYPE_IDS }));
}

/** These devices with their lots and beans, in device order. */
export async function contentsOf(ctx: LedgerContext, deviceIds: number[]): Promise<SiloContents[]> {
  if (deviceIds.length === 0) return [];
  return present(await ctx.repo.contents(ctx.db, { deviceIds }));
}
