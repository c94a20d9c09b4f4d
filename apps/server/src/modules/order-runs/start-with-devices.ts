import { orderMessages, type StartWithDevicesBody } from '@roastery/contract';
import { conflict, unprocessable } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import { roastingOrder, type OrderRunServiceDeps, type StartOrder } from './order-run-context.ts';
import type { OrderOfRun } from './order-run-repository.ts';
import { candidates, matchesRecipe } from './start-plan.ts';

/**
 * Start with chosen devices: the silo to draw from first, the roaster (its roasting
 * workflow) and the bin to land in. For a blend, the silo supplies one recipe line (its
 * position) unless every planned silo is opened.
 */
export async function startWithDevices(
  d: OrderRunServiceDeps,
  body: StartWithDevicesBody,
  who: Principal,
  start: StartOrder,
): Promise<{ message: string }> {
  const { startDevice, roasterId, endDevice } = body;
  if (!startDevice || !roasterId || !endDevice) throw unprocessable(orderMessages.startDevices);
  const order = await roastingOrder(d, body.order_id);
  const recipe = await d.batches.recipe(order.order.productId);
  if (recipe.length > 1 && !body.start_all && body.devicePosition === undefined) {
    throw unprocessable(orderMessages.devicePosition);
  }
  if (!(await matchesRecipe(d, order, startDevice))) throw conflict(orderMessages.sameBean);
  const line = body.devicePosition === undefined ? undefined : recipe[body.devicePosition - 1];
  if (body.devicePosition !== undefined && !line) throw unprocessable(orderMessages.devicePosition);
  if (line && !(await d.batches.planner()).beansIn(startDevice).includes(line.beanId)) {
    throw conflict(orderMessages.sameBean);
  }
  const fitting = await candidates(d, {
    pathId: body.path_id,
    silo: startDevice,
    roaster: roasterId,
    destination: endDevice,
  });
  // Along a path, its workflow roasts; else the order's rule or the roaster's workflow.
  const rule = fitting ? fitting[0].workflowId : await ruleFor(d, order, roasterId);
  const started = await start(order.order.id, who, {
    rule,
    path: body.path_id,
    prefer: startDevice,
    roaster: roasterId,
    destination: endDevice,
    allowMixedBin: body.allow_mixed_bin,
    ...(body.splitAmount === undefined ? {} : { batchLbs: body.splitAmount }),
  });
  return { message: started.message };
}

/** The order's rule when it roasts on this roaster, else the roasting workflow that drives it. */
async function ruleFor(
  d: OrderRunServiceDeps,
  order: OrderOfRun,
  roaster: string,
): Promise<number> {
  const current = order.order.workflowId;
  if (current) {
    const workflow = await d.workflows.workflow(current);
    if (workflow && d.plant.roasterOf(workflow.steps) === roaster) return current;
  }
  const driving = await d.workflows.workflowDriving('roasting', roaster);
  if (!driving)
    throw conflict(`No roasting workflow roasts on ${roaster}. Add one under Workflows.`);
  return driving.id;
}
