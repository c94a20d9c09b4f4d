import type { CriticalLimits, CriticalLimitsBody } from '@roastery/contract';
import { notFound } from '../../lib/http-errors.ts';
import type { FoodSafetyContext } from './food-safety-context.ts';

async function productName(ctx: FoodSafetyContext, productId: number): Promise<string> {
  const name = await ctx.repo.productName(productId);
  if (name === undefined) throw notFound(`Product ${productId} not found.`);
  return name;
}

/** A product's critical limits, with its quality specification's colour bounds. */
export async function readLimits(
  ctx: FoodSafetyContext,
  productId: number,
): Promise<CriticalLimits> {
  const name = await productName(ctx, productId);
  const [row, colour] = await Promise.all([
    ctx.repo.limits(productId),
    ctx.repo.colourBounds(productId),
  ]);
  return {
    product_id: productId,
    product_name: name,
    kill_step: row?.killStep ?? false,
    min_bt_f: row?.minBtF ?? null,
    min_seconds: row?.minSeconds ?? null,
    max_end_f: row?.maxEndF ?? null,
    max_total_s: row?.maxTotalS ?? null,
    colour_min: colour?.colourMin ?? null,
    colour_max: colour?.colourMax ?? null,
    updated_at: row ? row.updatedAt.toISOString() : null,
    updated_by: row?.updatedBy ?? null,
  };
}

/**
 * Replaces a product's critical limits. Records already written keep the limits they were
 * checked against: each record holds them.
 */
export async function saveLimits(
  ctx: FoodSafetyContext,
  productId: number,
  body: CriticalLimitsBody,
  by: string,
): Promise<CriticalLimits> {
  await productName(ctx, productId);
  await ctx.repo.saveLimits(productId, {
    killStep: body.kill_step,
    minBtF: body.min_bt_f,
    minSeconds: body.min_seconds,
    maxEndF: body.max_end_f,
    maxTotalS: body.max_total_s,
    updatedBy: by,
  });
  return readLimits(ctx, productId);
}
