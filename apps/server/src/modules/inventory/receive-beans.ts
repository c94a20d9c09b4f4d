import { randomUUID } from 'node:crypto';
import { notFound } from '../../lib/http-errors.ts';
import {
  checkRoom,
  checkSegregation,
  ledgerRow,
  lockedDevice,
  positiveCenti,
} from './booking-rules.ts';
import { commitMovement } from './commit-movement.ts';
import type { LedgerContext } from './ledger-context.ts';
import type { Movement, ReceiveInput, WithBooking } from './movement-types.ts';

/**
 * Beans enter the plant into a device (opening stock, a dump, a roasted batch, a correction
 * upward).
 */
export async function receiveBeans(
  ctx: LedgerContext,
  input: ReceiveInput,
  alongside?: WithBooking,
): Promise<Movement> {
  const centi = positiveCenti(input.lbs);
  return commitMovement(ctx, alongside, async (tx) => {
    const locked = await ctx.repo.lockDevices(tx, [input.toDevice]);
    const target = lockedDevice(locked, input.toDevice);
    const segregation = await ctx.repo.segregationOfLot(tx, input.lotId);
    if (segregation === undefined) throw notFound(`Lot ${input.lotId} not found.`);
    const targetHoldings = await ctx.repo.holdings(tx, target.id);
    checkRoom(target, targetHoldings, centi);
    checkSegregation(target, targetHoldings, [segregation], input.segregationOverride);
    const movementId = randomUUID();
    await ctx.repo.insertEntries(tx, [
      ledgerRow(movementId, null, target.id, input.lotId, centi, input.reason, input),
    ]);
    await ctx.repo.append(tx, target.id, input.lotId, centi);
    return { movementId, portions: [{ lotId: input.lotId, centiLbs: centi }] };
  });
}
