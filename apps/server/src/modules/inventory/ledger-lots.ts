import type { Executor } from '@roastery/db';
import { conflict } from '../../lib/http-errors.ts';
import type { LedgerContext } from './ledger-context.ts';

export interface NewLot {
  lotNumber: string;
  beanId: number;
  kind: 'green' | 'roasted';
  roastedAt?: Date;
  /** A green lot's moisture (%) and density (g/L), when its receipt gives them. */
  moisturePct?: number | null;
  densityGPerL?: number | null;
  /** A green lot's supplier and the supplier's own lot code, when its receipt names them. */
  supplier?: string | null;
  supplierLot?: string | null;
}

/** Creates a lot for a bean; lot numbers are unique across the plant. */
export async function createLot(ctx: LedgerContext, input: NewLot, tx?: Executor): Promise<number> {
  const db = tx ?? ctx.db;
  if (await ctx.repo.findLotByNumber(db, input.lotNumber)) {
    throw conflict(`Lot ${input.lotNumber} already exists.`);
  }
  return ctx.repo.insertLot(db, {
    lotNumber: input.lotNumber,
    beanId: input.beanId,
    kind: input.kind,
    roastedAt: input.roastedAt ?? null,
    moisturePct: input.moisturePct ?? null,
    densityGPerL: input.densityGPerL ?? null,
    supplier: input.supplier ?? null,
    supplierLot: input.supplierLot ?? null,
  });
}

export async function lotExists(ctx: LedgerContext, lotNumber: string): Promise<boolean> {
  return (await ctx.repo.findLotByNumber(ctx.db, lotNumber)) !== undefined;
}

/** Removes a lot nothing was ever booked on (a dump request deleted before it ran). */
export async function deleteUnusedLot(ctx: LedgerContext, lotId: number): Promise<void> {
  await ctx.repo.deleteLotWithoutEntries(ctx.db, lotId);
}
