import { orderMessages, type CheckBeansReply, type WorkflowDefinition } from '@roastery/contract';
import { unprocessable } from '../../lib/http-errors.ts';
import { splitOrder } from '../../lib/split-order.ts';
import { fromCenti, toCenti } from '../inventory/weights.ts';
import { matchPaths, type PathRoute, type StartChoice } from '../paths/path-match.ts';
import type { Shortfall } from './batch-plan.ts';
import { sameCode, type OrderRunServiceDeps, type StartOptions } from './order-run-context.ts';
import type { OrderOfRun } from './order-run-repository.ts';

/** Where a start may draw from: a path's silos, or any silo while no path is defined. */
export interface PathPlan {
  path: PathRoute | undefined;
  shortfalls: Shortfall[];
}

/** The weights of the batches still to roast: the pending ones, or the split of a new order. */
export async function remaining(
  d: OrderRunServiceDeps,
  order: OrderOfRun,
  batchLbs?: number,
): Promise<number[]> {
  const batches = await d.repo.batches(order.order.id);
  if (batches.length > 0 && batchLbs === undefined) {
    return batches.filter((b) => b.status === 'pending').map((b) => b.plannedCenti ?? 0);
  }
  const qty = order.order.qtyCenti;
  const batch = batchLbs === undefined ? order.order.batchCenti : toCenti(batchLbs);
  if (!qty) throw unprocessable(orderMessages.quantity);
  if (!batch) throw unprocessable(orderMessages.batchSize);
  return splitOrder(qty, batch);
}

async function shortfalls(
  d: OrderRunServiceDeps,
  order: OrderOfRun,
  prefer?: string,
  silos?: readonly string[],
): Promise<Shortfall[]> {
  const recipe = await d.batches.recipe(order.order.productId);
  if (recipe.length === 0) throw unprocessable('The product of this order has no recipe.');
  const planner = await d.batches.planner(prefer, silos);
  return planner.planAll(await remaining(d, order), recipe).shortfalls;
}

/**
 * The enabled paths that fit a start (409 naming why when none does), or undefined while no
 * path is defined: then a start takes any silos, roaster and bin, as before paths existed.
 */
export async function candidates(
  d: OrderRunServiceDeps,
  choice: StartChoice,
): Promise<[PathRoute, ...PathRoute[]] | undefined> {
  const routes = await d.paths.routes();
  return routes && matchPaths(routes, choice);
}

/** The first fitting path whose silos hold every remaining batch's beans, else the first. */
export async function planOn(
  d: OrderRunServiceDeps,
  order: OrderOfRun,
  fitting: [PathRoute, ...PathRoute[]] | undefined,
  prefer?: string,
): Promise<PathPlan> {
  if (!fitting) return { path: undefined, shortfalls: await shortfalls(d, order, prefer) };
  const [first, ...others] = fitting;
  const plan = { path: first, shortfalls: await shortfalls(d, order, prefer, first.silos) };
  if (plan.shortfalls.length === 0) return plan;
  for (const path of others) {
    if ((await shortfalls(d, order, prefer, path.silos)).length === 0) {
      return { path, shortfalls: [] };
    }
  }
  return plan;
}

/** What a start chose, its roaster being the order's or the workflow's when not chosen. */
export function choiceOf(
  d: OrderRunServiceDeps,
  order: OrderOfRun,
  workflow: WorkflowDefinition | undefined,
  options: StartOptions,
): StartChoice {
  return {
    pathId: options.path,
    silo: options.prefer,
    roaster:
      options.roaster ??
      order.roasterCode ??
      (workflow && d.plant.roasterOf(workflow.steps)) ??
      undefined,
    destination: options.destination ?? order.destinationCode ?? undefined,
    workflow: workflow && { id: workflow.id, name: workflow.name },
  };
}

/** The order's path plan on its own rule, as the checks before a start see it. */
export async function planOfOrder(
  d: OrderRunServiceDeps,
  order: OrderOfRun,
  prefer?: string,
): Promise<PathPlan> {
  const workflowId = order.order.workflowId;
  const workflow = workflowId ? await d.workflows.workflow(workflowId) : undefined;
  const fitting = await candidates(d, choiceOf(d, order, workflow, { prefer }));
  return planOn(d, order, fitting, prefer);
}

/**
 * Each missing bean with the silo a dump of it would go to: one of the path's silos when a
 * path limits where the order draws from.
 */
export async function requestDevices(
  d: OrderRunServiceDeps,
  missingBeans: Shortfall[],
  silos?: readonly string[],
): Promise<CheckBeansReply['request_devices']> {
  const rows: CheckBeansReply['request_devices'] = [];
  for (const s of missingBeans) {
    const missing = fromCenti(s.neededCenti - s.availableCenti);
    const targets = (await d.dumps.targets(s.beanId, missing, 'Silo Bin')).filter(
      (t) => t.fits && (silos === undefined || silos.some((c) => sameCode(c, t.device_id))),
    );
    const target = targets.find((t) => t.beans.length > 0) ?? targets[0];
    rows.push({
      bean_id: s.beanId,
      bean_name: s.beanName,
      needed: fromCenti(s.neededCenti),
      available: fromCenti(s.availableCenti),
      device_id: target?.device_id ?? null,
      device_name: target?.device_name ?? null,
    });
  }
  return rows;
}

/** Whether the silo holds beans of the order's recipe, and only those. */
export async function matchesRecipe(
  d: OrderRunServiceDeps,
  order: OrderOfRun,
  silo: string,
): Promise<boolean> {
  const recipe = new Set((await d.batches.recipe(order.order.productId)).map((r) => r.beanId));
  const held = (await d.batches.planner()).beansIn(silo);
  return held.length > 0 && held.every((bean) => recipe.has(bean));
}
