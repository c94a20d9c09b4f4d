import { CAPACITY_TYPE_IDS } from '@roastery/contract';
import type { LedgerContext } from './ledger-context.ts';

/** Roasted beans of one product in one bin, with their lots. */
export interface RoastedStock {
  deviceCode: string;
  deviceName: string;
  /** null for roasted lots no order's batch made (booked by hand): named by their bean. */
  productId: number | null;
  productName: string;
  lotNumbers: string[];
  centi: number;
}

/** What the silos and bins hold of roasted beans, by bin and product, in arrival order. */
export async function roastedStock(ctx: LedgerContext): Promise<RoastedStock[]> {
  const rows = await ctx.repo.roastedStock(ctx.db, CAPACITY_TYPE_IDS);
  const grouped = new Map<string, RoastedStock>();
  for (const r of rows) {
    const key = `${r.deviceCode}\u0000${r.productId ?? `bean ${r.beanName}`}`;
    const entry = grouped.get(key) ?? {
      deviceCode: r.deviceCode,
      deviceName: r.deviceName,
      productId: r.productId,
      productName: r.productName ?? r.beanName,
      lotNumbers: [],
      centi: 0,
    };
    if (!entry.lotNumbers.includes(r.lotNumber)) entry.lotNumbers.push(r.lotNumber);
    entry.centi += r.centiLbs;
    grouped.set(key, entry);
  }
  return [...grouped.values()];
}
