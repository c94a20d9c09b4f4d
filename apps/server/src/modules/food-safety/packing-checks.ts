import {
  orderNumber,
  type PackingCheck,
  type PackingCheckBody,
  type PassFail,
} from '@roastery/contract';
import { notFound, unprocessable } from '../../lib/http-errors.ts';
import { formatLbs } from './food-safety-format.ts';
import { lockDay } from './day-lock.ts';
import { dayOf, type Actor, type FoodSafetyContext } from './food-safety-context.ts';
import { presentPackingCheck } from './present-food-safety.ts';

function failures(body: PackingCheckBody): string[] {
  const metal: [string, PassFail][] = [
    ['Fe', body.metal_fe],
    ['non-Fe', body.metal_non_fe],
    ['stainless steel', body.metal_stainless],
  ];
  const failed = metal.filter(([, r]) => r === 'fail').map(([piece]) => piece);
  return [
    ...failed.map((piece) => `The metal detector did not reject the ${piece} test piece.`),
    ...(body.check_weigher === 'fail'
      ? [`The check-weigher check failed at ${formatLbs(body.check_weigher_lbs)}.`]
      : []),
  ];
}

/**
 * Records the checks at a packing line (metal detector test pieces, check-weigher), by the
 * person signed in, now. Any failure opens a deviation of the packing order. A correction is a
 * new entry naming the one it corrects, with the reason; the earlier one stays.
 */
export async function recordPackingCheck(
  ctx: FoodSafetyContext,
  body: PackingCheckBody,
  actor: Actor,
): Promise<PackingCheck> {
  const order = await ctx.repo.packingOrder(body.packing_order_id);
  if (!order || order.kind !== 'packing')
    throw notFound(`Packing order ${body.packing_order_id} not found.`);
  if (body.corrects !== undefined) {
    const old = await ctx.repo.packingCheck(body.corrects);
    if (!old || old.packingOrderId !== order.id)
      throw notFound(`Packing check ${body.corrects} of this packing order not found.`);
    if (!body.correction_reason) throw unprocessable('Please give the reason for the correction.');
  }
  const number = orderNumber(order.id);
  const id = await ctx.repo.db.transaction(async (tx) => {
    const at = ctx.now();
    const day = dayOf(at);
    await lockDay(tx, day);
    const checkId = await ctx.repo.insertPackingCheck(tx, {
      day,
      at,
      packingOrderId: order.id,
      orderNumber: number,
      productName: order.productName,
      metalFe: body.metal_fe,
      metalNonFe: body.metal_non_fe,
      metalStainless: body.metal_stainless,
      checkWeigher: body.check_weigher,
      checkWeigherLbs: body.check_weigher_lbs,
      notes: body.notes,
      byId: actor.id,
      byName: actor.fullName,
      corrects: body.corrects ?? null,
      correctionReason: body.corrects === undefined ? null : (body.correction_reason ?? null),
    });
    const failed = failures(body);
    if (failed.length > 0)
      await ctx.repo.insertDeviation(tx, {
        day,
        openedAt: at,
        source: 'packing',
        packingCheckId: checkId,
        subject: `Packing order ${number}`,
        description: failed.join(' '),
      });
    return checkId;
  });
  const row = await ctx.repo.packingCheck(id);
  if (!row) throw new Error('packing check not read back');
  return presentPackingCheck(row);
}
