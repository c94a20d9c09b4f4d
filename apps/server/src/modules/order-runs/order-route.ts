import type { OrderRoute, RouteDevice, WorkflowStep } from '@roastery/contract';
import type { BatchRunner } from './batch-runner.ts';
import type { PlantView } from './plant-view.ts';
import type { PathService } from '../paths/path-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import type { OrderRouteRepository, StartedBatch } from './order-route-repository.ts';

/** A roasting order as its route is read from it: its product, workflow, path and devices. */
export interface RoutedOrder {
  id: number;
  productId: number;
  workflowId: number | null;
  pathId: number | null;
  /** Device refs the order names; the destination is null when the form did not ask for one. */
  roasterDevice: number | null;
  destinationDevice: number | null;
}

/** A device of the plant, by its ref and its code. */
export interface NamedDevice {
  d_id: number;
  device_id: string;
  device_name: string;
}

export interface OrderRouteDeps {
  repo: OrderRouteRepository;
  batches: Pick<BatchRunner, 'planner' | 'recipe'>;
  paths: Pick<PathService, 'silosOf'>;
  workflows: Pick<WorkflowService, 'workflow'>;
  plant: Pick<PlantView, 'roasterOf' | 'isBinInlet'>;
}

/**
 * The silos batches drew from, in the order first used: what a finished batch measured leaving
 * each, what a running batch planned; a silo that gave nothing is not on the way.
 */
export function drawnSilos(batches: readonly StartedBatch[]): string[] {
  const silos = batches.flatMap((b) =>
    b.draws.filter((d) => (d.measured_centi ?? d.planned_centi) > 0).map((d) => d.device_id),
  );
  return [...new Set(silos)];
}

/**
 * Where a roasting order's beans go: the silos its batches drew from (before any has, those its
 * next batch would draw from now, along its path when it has one), the roaster and the bin of
 * its latest batch, else those the order names, else those of its workflow.
 */
export class OrderRouteReader {
  readonly #d: OrderRouteDeps;

  constructor(deps: OrderRouteDeps) {
    this.#d = deps;
  }

  /** The route of each order, by order id; `devices` names the plant's devices. */
  async of(
    orders: readonly RoutedOrder[],
    devices: readonly NamedDevice[],
  ): Promise<Map<number, OrderRoute>> {
    const ids = orders.map((o) => o.id);
    const [started, next] = await Promise.all([
      this.#d.repo.startedBatches(ids),
      this.#d.repo.nextBatchCenti(ids),
    ]);
    const batchesOf = Map.groupBy(started, (b) => b.orderId);
    const byRef = new Map(devices.map((d) => [d.d_id, d]));
    const byCode = new Map(devices.map((d) => [d.device_id, d]));
    const named = (code: string | null | undefined): RouteDevice | null => {
      if (!code) return null;
      return { device_id: code, device_name: byCode.get(code)?.device_name ?? code };
    };
    const codeOf = (ref: number | null) => (ref === null ? null : byRef.get(ref)?.device_id);
    const routes = new Map<number, OrderRoute>();
    for (const order of orders) {
      const batches = batchesOf.get(order.id) ?? [];
      const latest = batches.at(-1);
      const drawn = drawnSilos(batches);
      const silos = drawn.length > 0 ? drawn : await this.#plannedSilos(order, next.get(order.id));
      let roaster = latest?.roasterCode ?? codeOf(order.roasterDevice);
      let destination = latest?.destinationCode ?? codeOf(order.destinationDevice);
      if (!roaster || !destination) {
        const steps = await this.#stepsOf(order.workflowId);
        roaster ??= this.#d.plant.roasterOf(steps);
        destination ??= steps.find((s) => this.#d.plant.isBinInlet(s))?.device_id;
      }
      routes.set(order.id, {
        silos_from: drawn.length > 0 ? 'batches' : 'plan',
        silos: silos.flatMap((code) => named(code) ?? []),
        roaster: named(roaster),
        destination: named(destination),
      });
    }
    return routes;
  }

  /** The silos the order's next batch would draw from now; none when a bean is short. */
  async #plannedSilos(order: RoutedOrder, batchCenti: number | undefined): Promise<string[]> {
    if (batchCenti === undefined) return [];
    const allowed = order.pathId === null ? undefined : await this.#d.paths.silosOf(order.pathId);
    const recipe = await this.#d.batches.recipe(order.productId);
    const planner = await this.#d.batches.planner(undefined, allowed);
    const draws = recipe.length === 0 ? undefined : planner.plan(batchCenti, recipe);
    return [...new Set((draws ?? []).map((d) => d.deviceCode))];
  }

  async #stepsOf(workflowId: number | null): Promise<readonly WorkflowStep[]> {
    if (workflowId === null) return [];
    return (await this.#d.workflows.workflow(workflowId))?.steps ?? [];
  }
}
