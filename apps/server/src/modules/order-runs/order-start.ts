import { OrderStatus, orderMessages } from '@roastery/contract';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import { toCenti } from '../inventory/weights.ts';
import { ShortOfBeans } from './batch-runner.ts';
import { orderNumber } from './order-labels.ts';
import {
  STARTABLE,
  UNDER_WAY,
  roastingOrder,
  statusChanged,
  type OrderRunServiceDeps,
  type StartOptions,
} from './order-run-context.ts';
import type { OrderOfRun } from './order-run-repository.ts';
import { candidates, choiceOf, planOn, remaining, requestDevices } from './start-plan.ts';
import { binOf, checkBin, checkModes } from './start-rules.ts';

/**
 * Starts a roasting order: its devices in auto, its beans in the silos, then its first
 * pending batch. An order that stopped as Not Processed starts again with its remaining
 * batches, the failed one roasted anew. The caller runs it one at a time per order.
 */
export async function startOrder(
  d: OrderRunServiceDeps,
  orderId: number,
  who: Pick<Principal, 'fullName'>,
  options: StartOptions,
): Promise<{ workflowId: number; message: string }> {
  const order = await roastingOrder(d, orderId);
  const status = order.order.status;
  if (UNDER_WAY.includes(status)) {
    throw conflict(`Order ${orderNumber(orderId)} is already under way.`);
  }
  if (!STARTABLE.includes(status)) {
    throw conflict(`Order ${orderNumber(orderId)} is finished.`);
  }
  const workflowId = options.rule ?? order.order.workflowId;
  if (!workflowId) throw unprocessable(orderMessages.roaster);
  const workflow = await d.batches.roastingWorkflow(workflowId);
  checkModes(d, workflow);
  const fitting = await candidates(d, choiceOf(d, order, workflow, options));
  // The batches first (a failed one queued again), so the bean check counts every one.
  await prepareBatches(d, order, options.batchLbs);
  const { path, shortfalls } = await planOn(d, order, fitting, options.prefer);
  if (shortfalls.length > 0) {
    throw new ShortOfBeans(shortfalls, await requestDevices(d, shortfalls, path?.silos));
  }
  // An order that names no bin lands where its path does.
  const destination = options.destination ?? path?.destination;
  await checkBin(
    d,
    destination ?? order.destinationCode ?? binOf(d, workflow),
    { id: order.order.productId, name: order.productName },
    options.allowMixedBin,
  );
  const refs = await d.repo.deviceRefs(
    [options.roaster, destination].filter((c): c is string => c !== undefined),
  );
  const moved = await d.progress.transitionOrder(orderId, STARTABLE, {
    status: OrderStatus.Processing,
    workflowId,
    pathId: path?.id ?? null,
    ...(options.roaster ? { roasterDevice: refs.get(options.roaster) ?? null } : {}),
    ...(destination ? { destinationDevice: refs.get(destination) ?? null } : {}),
    ...(options.batchLbs ? { batchCenti: toCenti(options.batchLbs) } : {}),
    startedAt: order.order.startedAt ?? d.now(),
    failure: null,
    paused: false,
  });
  if (!moved) throw conflict(`Order ${orderNumber(orderId)} changed; try again.`);
  try {
    const next = (await d.repo.batches(orderId)).find((b) => b.status === 'pending');
    if (!next) throw conflict(`Order ${orderNumber(orderId)} has no batch left to roast.`);
    const started = (await d.repo.order(orderId)) ?? order;
    await d.batches.startBatch(
      started,
      next,
      workflowId,
      who.fullName,
      options.prefer,
      path?.silos,
    );
  } catch (error) {
    await d.progress.transitionOrder(orderId, [OrderStatus.Processing], {
      status,
      failure: order.order.failure,
      startedAt: order.order.startedAt,
    });
    throw error;
  }
  statusChanged(d, orderId);
  // Workflows bound to an order's start (a cleaner, an exhaust fan) start with it; the
  // order has started whatever becomes of them (the engine warns of one it cannot start).
  await d.engine
    .handlePlantEvent('order_started', who.fullName)
    .catch((err: unknown) =>
      d.logger.error({ err, order: orderId }, 'order_started triggers failed'),
    );
  const total = (await d.repo.batches(orderId)).filter((b) => b.status !== 'cancelled');
  return {
    workflowId,
    message: `Order ${orderNumber(orderId)} started: batch ${total.findIndex((b) => b.status === 'running') + 1} of ${total.length} is roasting.`,
  };
}

/**
 * Creates the batches of an order that has none, splits again when a person gave a new
 * batch size, and roasts a failed batch anew when an order starts again.
 */
async function prepareBatches(
  d: OrderRunServiceDeps,
  order: OrderOfRun,
  batchLbs?: number,
): Promise<void> {
  const { repo, progress } = d;
  const batches = await repo.batches(order.order.id);
  if (batches.length === 0 || batchLbs !== undefined) {
    if (batches.some((b) => b.status !== 'pending')) {
      throw conflict(`Order ${orderNumber(order.order.id)} has started: its batch size is fixed.`);
    }
    for (const b of batches)
      await progress.transitionBatch(b.id, ['pending'], { status: 'cancelled' });
    await addBatches(d, order, await remaining(d, order, batchLbs));
    return;
  }
  const failed = batches.filter((b) => b.status === 'failed');
  for (const b of failed) await progress.transitionBatch(b.id, ['failed'], { status: 'cancelled' });
  await addBatches(
    d,
    order,
    failed.map((b) => b.plannedCenti),
  );
}

/** Adds batches, or 404 when the order was deleted while it was being started. */
async function addBatches(
  d: OrderRunServiceDeps,
  order: OrderOfRun,
  planned: (number | null)[],
): Promise<void> {
  if (!(await d.progress.addBatches(order.order.id, planned))) {
    throw notFound(`Order ${order.order.id} not found.`);
  }
}
