import { orderMessages, type FillSiloBody, type WorkflowDefinition } from '@roastery/contract';
import { conflict, unprocessable } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import { fromCenti, toCenti } from '../inventory/weights.ts';
import type { OrderRunServiceDeps, StartOrder } from './order-run-context.ts';
import { checkBin } from './start-rules.ts';

/**
 * Fill WRB Silo: one batch of the product, roasted on the roaster (its roasting workflow)
 * into the bin, as an order of its own that starts at once.
 */
export async function fillSilo(
  d: OrderRunServiceDeps,
  body: FillSiloBody,
  who: Principal,
  start: StartOrder,
): Promise<{ order_id: number; message: string }> {
  const { plant, repo, progress } = d;
  const product = (await d.products.list()).find((p) => p.product_id === body.product_id);
  if (!product) throw unprocessable(orderMessages.fillBean);
  if (!plant.isRoastedBin(body.silo_id)) throw unprocessable(orderMessages.fillSilo);
  if (!plant.ref(body.roaster_id, 'green-weight')) throw unprocessable(orderMessages.fillRoaster);
  const workflow = await roastingWorkflowInto(d, body.roaster_id, body.silo_id);
  await checkBin(
    d,
    body.silo_id,
    { id: product.product_id, name: product.product_name },
    body.allow_mixed_bin,
  );
  const batchLbs = product.batch_weight ?? d.plant.reading(body.roaster_id, 'batch-size');
  if (!batchLbs) throw unprocessable(orderMessages.batchSize);
  const refs = await repo.deviceRefs([body.silo_id, body.roaster_id]);
  const siloRef = refs.get(body.silo_id);
  const [bin] = siloRef === undefined ? [] : await d.ledger.contentsOf([siloRef]);
  if (bin?.capacity != null && bin.capacity - bin.occupancy < batchLbs) {
    throw conflict(
      `${bin.device_name} has room for ${fromCenti(toCenti(bin.capacity) - toCenti(bin.occupancy))} lbs, less than a batch of ${batchLbs} lbs.`,
    );
  }
  const orderId = await progress.insertOrder({
    kind: 'roasting',
    name: `Fill ${body.silo_id}`,
    productId: product.product_id,
    qtyCenti: toCenti(batchLbs),
    batchCenti: toCenti(batchLbs),
    workflowId: workflow.id,
    roasterDevice: refs.get(body.roaster_id) ?? null,
    destinationDevice: siloRef ?? null,
    orderDate: d.now(),
    createdBy: who.id,
  });
  d.hub.publish({ type: 'order', id: orderId, change: 'saved' });
  const started = await start(orderId, who, { allowMixedBin: body.allow_mixed_bin });
  return { order_id: orderId, message: started.message };
}

/** The roasting workflow of a roaster that lands in this bin, else any of the roaster's. */
async function roastingWorkflowInto(
  d: OrderRunServiceDeps,
  roaster: string,
  bin: string,
): Promise<WorkflowDefinition> {
  const { workflows, plant } = d;
  const all = await Promise.all(
    (await workflows.list('roasting')).map((w) => workflows.workflow(w.id)),
  );
  const onRoaster = all.filter(
    (w): w is WorkflowDefinition => w !== undefined && plant.roasterOf(w.steps) === roaster,
  );
  const found =
    onRoaster.find((w) => w.steps.some((s) => plant.isBinInlet(s) && s.device_id === bin)) ??
    onRoaster[0];
  if (!found) throw conflict(`No roasting workflow roasts on ${roaster}. Add one under Workflows.`);
  return found;
}
