import { randomUUID } from 'node:crypto';
import type { Executor } from '@roastery/db';
import { conflict, unprocessable } from '../../lib/http-errors.ts';
import {
  checkRoom,
  checkSegregation,
  ledgerRow,
  lockedDevice,
  positiveCenti,
  takeOldestFirst,
} from './booking-rules.ts';
import { commitMovement } from './commit-movement.ts';
import type { LedgerContext } from './ledger-context.ts';
import type { MoveInput, Movement, WithBooking } from './movement-types.ts';
import { formatCenti } from './weights.ts';

/** Locks the devices of a move and checks it: stock, room and segregation. */
async function planMove(ctx: LedgerContext, tx: Executor, input: MoveInput) {
  const centi = positiveCenti(input.lbs);
  if (input.toDevice === input.fromDevice)
    throw unprocessable('Choose a different target than the source.');
  const ids = input.toDevice === null ? [input.fromDevice] : [input.fromDevice, input.toDevice];
  const locked = await ctx.repo.lockDevices(tx, ids);
  const source = lockedDevice(locked, input.fromDevice);
  const target = input.toDevice === null ? null : lockedDevice(locked, input.toDevice);
  const sourceHoldings = (await ctx.repo.holdings(tx, source.id)).filter(
    (h) => input.beanId === undefined || h.beanId === input.beanId,
  );
  const available = sourceHoldings.reduce((sum, h) => sum + h.centiLbs, 0);
  if (available < centi) {
    const what = input.beanId === undefined ? 'beans' : 'beans of that bean';
    throw conflict(
      `Not enough ${what} in ${source.name}: ${formatCenti(available)} available, ${formatCenti(centi)} requested.`,
    );
  }
  const taken = takeOldestFirst(sourceHoldings, centi);
  if (target) {
    const targetHoldings = await ctx.repo.holdings(tx, target.id);
    checkRoom(target, targetHoldings, centi);
    const incoming = taken.map((t) => t.holding.segregation);
    checkSegregation(target, targetHoldings, incoming, input.segregationOverride);
  }
  return { source, target, taken };
}

/** Moves beans out of a device, oldest lots first, into another device or out of the plant. */
export async function moveBeans(
  ctx: LedgerContext,
  input: MoveInput,
  alongside?: WithBooking,
): Promise<Movement> {
  return commitMovement(ctx, alongside, async (tx) => {
    const { source, target, taken } = await planMove(ctx, tx, input);
    const movementId = randomUUID();
    for (const t of taken)
      await ctx.repo.setHolding(tx, t.holding.seq, t.holding.centiLbs - t.centiLbs);
    await ctx.repo.insertEntries(
      tx,
      taken.map((t) =>
        ledgerRow(
          movementId,
          source.id,
          target?.id ?? null,
          t.holding.lotId,
          t.centiLbs,
          input.reason,
          input,
        ),
      ),
    );
    if (target)
      for (const t of taken) await ctx.repo.append(tx, target.id, t.holding.lotId, t.centiLbs);
    return {
      movementId,
      portions: taken.map((t) => ({ lotId: t.holding.lotId, centiLbs: t.centiLbs })),
    };
  });
}

/** Whether a move could be booked now, with the same refusals as `moveBeans`; books nothing. */
export async function checkMove(ctx: LedgerContext, input: MoveInput): Promise<void> {
  await ctx.db.transaction((tx) => planMove(ctx, tx, input));
}
