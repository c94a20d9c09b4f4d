import type { Executor } from '@roastery/db';
import type { CorrectiveActionBody, Deviation } from '@roastery/contract';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { lockDay } from './day-lock.ts';
import { dayOf, type Actor, type FoodSafetyContext } from './food-safety-context.ts';
import { presentDeviation } from './present-food-safety.ts';

/** A corrective action may be entered a little ahead of the server's clock, not more. */
const CLOCK_SLACK_MS = 60_000;

const taken = (id: number) => conflict(`Deviation ${id} already has its corrective action.`);

/**
 * Records who did what, and when, about a deviation, which closes it: its lot may be released
 * again. A deviation has one corrective action; it is written once and never changed.
 */
export async function recordCorrectiveAction(
  ctx: FoodSafetyContext,
  deviationId: number,
  body: CorrectiveActionBody,
  actor: Actor,
): Promise<Deviation> {
  const deviation = await ctx.repo.deviation(deviationId);
  if (!deviation) throw notFound(`Deviation ${deviationId} not found.`);
  const doneAt = new Date(body.when);
  const now = ctx.now();
  if (doneAt.getTime() > now.getTime() + CLOCK_SLACK_MS)
    throw unprocessable('A corrective action cannot be recorded before it was taken.');
  if (doneAt.getTime() < deviation.openedAt.getTime() - CLOCK_SLACK_MS)
    throw unprocessable(
      `The corrective action cannot be before the deviation was opened (${deviation.openedAt.toISOString()}).`,
    );
  if ((await ctx.repo.actionsOf([deviationId])).length > 0) throw taken(deviationId);
  try {
    await ctx.repo.db.transaction(async (tx) => {
      const at = ctx.now();
      const day = dayOf(at);
      await lockDay(tx, day);
      await ctx.repo.insertAction(tx, {
        deviationId,
        day,
        who: body.who,
        what: body.what,
        doneAt,
        enteredById: actor.id,
        enteredBy: actor.fullName,
        enteredAt: at,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(deviationId);
    throw error;
  }
  return presentDeviation(deviation, await ctx.repo.actionsOf([deviationId]));
}

/**
 * Why a roasted lot may not be released yet: its open deviations, in the words the release
 * refusal gives; undefined when it has none.
 */
export async function releaseBlocker(
  ctx: FoodSafetyContext,
  lotId: number,
  lotNumber: string,
  tx?: Executor,
): Promise<string | undefined> {
  const open = await ctx.repo.openDeviations(lotId, tx);
  if (open.length === 0) return undefined;
  const what = open.map((d) => d.description).join(' ');
  return `Lot ${lotNumber} has an open food-safety deviation: ${what} Record the corrective action first.`;
}
