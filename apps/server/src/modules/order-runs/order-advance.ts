import { OrderStatus, orderMessages } from '@roastery/contract';
import { unprocessable } from '../../lib/http-errors.ts';
import { DevicesHeld } from './batch-runner.ts';
import { orderNumber } from './order-labels.ts';
import { UNDER_WAY, statusChanged, type OrderRunServiceDeps } from './order-run-context.ts';

/**
 * After a batch, or when an order is resumed: starts its next batch unless it is paused,
 * finishes it when none is left, and stops it as Not Processed when the next cannot start. An
 * order whose next batch needs devices another run drives joins `waiting`, warned of once, and
 * leaves it when its batch starts or it stops. The caller runs it one at a time per order.
 */
export async function advanceOrder(
  d: OrderRunServiceDeps,
  waiting: Set<number>,
  orderId: number,
): Promise<void> {
  const { repo, progress } = d;
  const order = await repo.order(orderId);
  if (!order || order.order.kind !== 'roasting' || !order.order.startedAt) return;
  if (!UNDER_WAY.includes(order.order.status)) return;
  const batches = await repo.batches(orderId);
  if (batches.some((b) => b.status === 'running')) return;
  // A failed batch stops the order: its settlement marks the batch failed and the order Not
  // Processed together. An advance queued earlier (by the order's start) that read the order
  // before they did must not start the next batch.
  if (batches.some((b) => b.status === 'failed')) return;
  const next = batches.find((b) => b.status === 'pending');
  if (!next) {
    await progress.transitionOrder(orderId, UNDER_WAY, {
      status: OrderStatus.Finished,
      finishedAt: d.now(),
      paused: false,
    });
    statusChanged(d, orderId);
    return;
  }
  if (order.order.paused || order.order.status === OrderStatus.Paused) return;
  const workflowId = order.order.workflowId;
  try {
    if (!workflowId) throw unprocessable(orderMessages.roaster);
    // The path's silos as they are now: a path cannot change while an order roasts along it.
    const silos =
      order.order.pathId === null ? undefined : await d.paths.silosOf(order.order.pathId);
    await d.batches.startBatch(
      order,
      next,
      workflowId,
      `order ${orderNumber(orderId)}`,
      undefined,
      silos,
    );
    waiting.delete(orderId);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof DevicesHeld) {
      // The batch stays pending; the order goes on when the other run ends.
      if (!waiting.has(orderId)) {
        waiting.add(orderId);
        await d.warn(
          `Order ${orderNumber(orderId)} waits: ${reason} Batch ${next.seq} starts when it is free.`,
        );
      }
      return;
    }
    waiting.delete(orderId);
    await progress.transitionOrder(orderId, UNDER_WAY, {
      status: OrderStatus.NotProcessed,
      failure: `Batch ${next.seq} could not start: ${reason}`,
      paused: false,
    });
    statusChanged(d, orderId);
    await d.alarm(
      `Order ${orderNumber(orderId)} stopped: batch ${next.seq} could not start (${reason}).`,
    );
  }
}
