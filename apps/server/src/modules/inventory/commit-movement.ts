import type { Executor } from '@roastery/db';
import type { LedgerContext } from './ledger-context.ts';
import type { Movement, WithBooking } from './movement-types.ts';

/**
 * Books a movement and what must commit with it in one transaction, then tells the screens:
 * only once it has committed, so they never show a movement that was rolled back.
 */
export async function commitMovement<T extends Movement>(
  ctx: LedgerContext,
  alongside: WithBooking<T> | undefined,
  book: (tx: Executor) => Promise<T>,
): Promise<T> {
  const movement = await ctx.db.transaction(async (tx) => {
    const booked = await book(tx);
    await alongside?.(tx, booked);
    return booked;
  });
  ctx.onMovement();
  return movement;
}
