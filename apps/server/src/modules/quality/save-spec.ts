import type { QualitySpec, QualitySpecBody } from '@roastery/contract';
import { notFound, unprocessable } from '../../lib/http-errors.ts';
import { presentSpec } from './present-quality.ts';
import type { QualityContext } from './quality-context.ts';
import { specProblem } from './spec-rules.ts';

async function productName(ctx: QualityContext, productId: number): Promise<string> {
  const name = await ctx.repo.productName(productId);
  if (name === undefined) throw notFound(`Product ${productId} not found.`);
  return name;
}

/** A product's specification; every bound empty while it has none. */
export async function readSpec(ctx: QualityContext, productId: number): Promise<QualitySpec> {
  const name = await productName(ctx, productId);
  return presentSpec(productId, name, await ctx.repo.spec(productId));
}

/**
 * Replaces a product's specification. Results already checked keep the verdict they got: the
 * specification as it stood is part of each result.
 */
export async function saveSpec(
  ctx: QualityContext,
  productId: number,
  body: QualitySpecBody,
  by: string,
): Promise<QualitySpec> {
  await productName(ctx, productId);
  const problem = specProblem(body);
  if (problem) throw unprocessable(problem);
  await ctx.repo.saveSpec(productId, {
    colourMin: body.colour_min,
    colourMax: body.colour_max,
    moistureMin: body.moisture_min,
    moistureMax: body.moisture_max,
    lossMin: body.loss_min,
    lossMax: body.loss_max,
    developmentMin: body.development_min,
    developmentMax: body.development_max,
    cuppingMin: body.cupping_min,
    updatedBy: by,
  });
  return readSpec(ctx, productId);
}
