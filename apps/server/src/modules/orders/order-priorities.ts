import { orderNumber, type PriorityBody } from '@roastery/contract';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { announceOrder, type OrderContext } from './order-context.ts';
import type { OrderKind } from './order-repository.ts';
import { FINISHED_STATUSES } from './order-statuses.ts';

/**
 * Saves a kanban: the three columns' ids, top to bottom, of one kind of order, in one
 * transaction. Unknown ids (or another kind's) are 404 and finished orders 409; nothing is
 * saved then.
 */
export async function savePriorities(
  ctx: OrderContext,
  kind: OrderKind,
  body: PriorityBody,
): Promise<{ message: string }> {
  const ids = [...body.low, ...body.medium, ...body.high];
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length) {
    throw badRequest(
      `Each order may appear once on the board: ${[...new Set(twice)].map(orderNumber).join(', ')} appear more than once.`,
    );
  }
  const states = new Map((await ctx.repo.states(ids)).map((s) => [s.id, s]));
  const unknown = ids.filter((id) => states.get(id)?.kind !== kind);
  if (unknown.length) {
    throw notFound(`Unknown ${kind} order(s): ${unknown.map(orderNumber).join(', ')}.`);
  }
  const done = ids.filter((id) => {
    const status = states.get(id)?.status;
    return status !== undefined && FINISHED_STATUSES.includes(status);
  });
  if (done.length) {
    throw conflict(`Finished orders keep their priority: ${done.map(orderNumber).join(', ')}.`);
  }
  await ctx.repo.savePriorities({ low: body.low, medium: body.medium, high: body.high });
  for (const id of ids) announceOrder(ctx, id, 'saved');
  return { message: 'Priorities saved' };
}
