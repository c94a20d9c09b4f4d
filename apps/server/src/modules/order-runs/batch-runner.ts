import { randomUUID } from 'node:crypto';
import {
  OrderStatus,
  WASTE_BIN_TYPE_ID,
  orderMessages,
  type CheckBeansReply,
  type WorkflowDefinition,
  type WorkflowStep,
} from '@roastery/contract';
import type { BatchDraw } from '@roastery/db';
import type { Refusal, WorkflowEngine } from '@roastery/engine';
import { HttpError, conflict, unavailable, unprocessable } from '../../lib/http-errors.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { EndedRun, RunSettler } from '../../plant/settlement/run-settlement.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import { formatCenti } from '../inventory/weights.ts';
import type { ProductService } from '../products/product-service.ts';
import type { ProfileVersionRef } from '../roast-profiles/roast-profile-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import { StockPlanner, type PlannedDraw, type RecipeShare, type Shortfall } from './batch-plan.ts';
import { batchSteps } from './batch-steps.ts';
import { chargedGreenLot } from './green-lot-figures.ts';
import { learnInFlight, preacts } from './in-flight.ts';
import { orderNumber, roastedLotNumber } from './order-labels.ts';
import type { BatchRow, OrderOfRun, OrderRunRepository } from './order-run-repository.ts';
import type { RoastProfiles } from './order-run-context.ts';
import type { OrderProgress } from '../orders/order-progress.ts';
import type { PlantView } from './plant-view.ts';

/** A start refused because the silos do not hold the beans; carries what is missing. */
export class ShortOfBeans extends HttpError {
  readonly shortfalls: Shortfall[];
  /** Each missing bean with the silo a dump of it would go to, when they were looked up. */
  readonly requestDevices: CheckBeansReply['request_devices'];

  constructor(shortfalls: Shortfall[], requestDevices: CheckBeansReply['request_devices'] = []) {
    super(409, orderMessages.notEnoughBeans);
    this.shortfalls = shortfalls;
    this.requestDevices = requestDevices;
  }
}

/**
 * A start refused because another run drives one of the workflow's devices (both roasters
 * charge through the one cleaner): a wait, not a fault, for an order already under way.
 */
export class DevicesHeld extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/** The engine's refusal as the order screens word it. */
export function refusalError(refusal: Refusal): HttpError {
  switch (refusal.reason) {
    case 'locked':
      return new DevicesHeld(refusal.message);
    case 'manual':
      return conflict(orderMessages.manualMode);
    case 'unknown_mode':
      return unavailable(refusal.message);
    case 'invalid':
      return unprocessable(refusal.message);
    default:
      return conflict(refusal.message);
  }
}

export interface BatchRunnerDeps {
  repo: OrderRunRepository;
  /** Moves orders and their batches along: the orders area writes them. */
  progress: OrderProgress;
  ledger: LedgerService;
  products: ProductService;
  workflows: WorkflowService;
  engine: WorkflowEngine;
  plant: PlantView;
  /** The roast profile version a batch is started with. */
  profiles: Pick<RoastProfiles, 'currentVersionOf'>;
  hub: EventHub;
  logger: { error(obj: object, msg: string): void };
  now: () => Date;
}

/** How many of a roaster's latest batches its silos' in-flight weights are learned from. */
const IN_FLIGHT_HISTORY = 30;

/** A batch ready to run: its plan, its steps and the values its dynamic steps take. */
interface PreparedBatch {
  workflow: WorkflowDefinition;
  roaster: string;
  destination: string;
  draws: (PlannedDraw & { preactCenti: number })[];
  steps: WorkflowStep[];
  dynamic: Record<string, number>;
  /** The roast profile version the batch follows, if its product has one on this roaster. */
  profile: ProfileVersionRef | undefined;
}

/**
 * Runs the batches of roasting orders: plans each batch against the silos, runs it as its own
 * steps of the order's roasting workflow, and books it on the ledger with what the PLC weighed
 * when its run ends.
 */
export class BatchRunner {
  readonly #d: BatchRunnerDeps;

  constructor(deps: BatchRunnerDeps) {
    this.#d = deps;
  }

  async recipe(productId: number): Promise<RecipeShare[]> {
    const product = (await this.#d.products.list()).find((p) => p.product_id === productId);
    return (product?.product_recipes ?? []).map((r) => ({
      beanId: r.bean_id,
      beanName: r.bean.bean_name,
      ratio: r.ratio,
    }));
  }

  /**
   * The green stock as the ledger holds it, ready to plan on; only that of `silos` when the
   * order's roasting path limits where it draws from.
   */
  async planner(prefer?: string, silos?: readonly string[]): Promise<StockPlanner> {
    const allowed = silos && new Set(silos.map((s) => s.toLowerCase()));
    const holdings = (await this.#d.ledger.holdingsOfKind('green')).filter(
      (h) =>
        this.#d.plant.isGreenSilo(h.deviceCode) &&
        (allowed === undefined || allowed.has(h.deviceCode.toLowerCase())),
    );
    return new StockPlanner(
      holdings.map((h) => ({
        seq: h.seq,
        deviceRef: h.deviceRef,
        deviceCode: h.deviceCode,
        beanId: h.beanId,
        centiLbs: h.centiLbs,
      })),
      prefer,
    );
  }

  async roastingWorkflow(id: number): Promise<WorkflowDefinition> {
    const workflow = await this.#d.workflows.workflow(id);
    if (!workflow) throw unprocessable(orderMessages.roaster);
    if (workflow.type !== 'roasting') {
      throw unprocessable(`'${workflow.name}' is not a roasting workflow.`);
    }
    return workflow;
  }

  /** The roaster of an order: the one it names, else the one its workflow roasts on. */
  roasterOf(order: OrderOfRun, workflow: WorkflowDefinition): string {
    const roaster = order.roasterCode ?? this.#d.plant.roasterOf(workflow.steps);
    if (!roaster) {
      throw unprocessable(
        `The roasting workflow '${workflow.name}' drives no roaster that reports its green weight.`,
      );
    }
    return roaster;
  }

  async #prepare(
    order: OrderOfRun,
    batch: BatchRow,
    workflowId: number,
    prefer?: string,
    silos?: readonly string[],
  ): Promise<PreparedBatch> {
    const { plant } = this.#d;
    const workflow = await this.roastingWorkflow(workflowId);
    const roaster = this.roasterOf(order, workflow);
    const recipe = await this.recipe(order.order.productId);
    if (recipe.length === 0) throw unprocessable(`The product of this order has no recipe.`);
    const planned = batch.plannedCenti ?? 0;
    if (planned <= 0) throw unprocessable(`Batch ${batch.seq} has no weight to roast.`);
    const planner = await this.planner(prefer, silos);
    const draws = planner.plan(planned, recipe);
    if (!draws) throw new ShortOfBeans(planner.planAll([planned], recipe).shortfalls);
    const early = preacts(draws, await this.#inFlight(roaster));
    const compensated = draws.map((d, i) => ({ ...d, preactCenti: early[i] ?? 0 }));
    // The batch keeps the profile version it starts with, whatever later edits make.
    const profile = await this.#d.profiles.currentVersionOf(order.order.productId, roaster);
    const expanded = batchSteps({
      workflowName: workflow.name,
      steps: workflow.steps,
      roaster,
      batchCenti: planned,
      draws: compensated,
      destination: order.destinationCode,
      profiled: profile !== undefined,
      greenLot: chargedGreenLot(draws, await this.#d.ledger.holdingsOfKind('green')),
      plant,
    });
    if (!expanded.ok) throw unprocessable(expanded.problem);
    const dynamic: Record<string, number> = {};
    for (const step of expanded.steps.filter((s) => s.dynamic)) {
      // An order's run is not asked for values: it keeps the set-point the PLC holds.
      const value = plant.heldValue(step);
      if (value === undefined) {
        throw unprocessable(
          `Please set ${plant.commandLabel(step)} for ${plant.deviceName(step.device_id)}`,
        );
      }
      dynamic[String(step.id)] = value;
    }
    const bins = expanded.steps.filter((s) => plant.isBinInlet(s)).map((s) => s.device_id);
    const destination = order.destinationCode ?? bins[0] ?? null;
    if (!destination) throw unprocessable(orderMessages.destination);
    return {
      workflow,
      roaster,
      destination,
      draws: compensated,
      steps: expanded.steps,
      dynamic,
      profile,
    };
  }

  /**
   * What each silo is expected to have in flight when its gate closes on this roaster, learned
   * from the roaster's latest finished batches (the batch records are the memory, so a restart
   * loses nothing).
   */
  async #inFlight(roaster: string): Promise<Map<string, number>> {
    const ref = (await this.#d.repo.deviceRefs([roaster])).get(roaster);
    if (ref === undefined) return new Map();
    const batches = await this.#d.repo.finishedBatchesOn(ref, IN_FLIGHT_HISTORY);
    return learnInFlight(batches);
  }

  /**
   * Starts one pending batch: the batch is marked running with its plan and the silos' levels
   * before it, then its run starts under the batch's own run id, so that its end always finds
   * the batch. A refused start leaves the batch pending.
   */
  async startBatch(
    order: OrderOfRun,
    batch: BatchRow,
    workflowId: number,
    who: string,
    prefer?: string,
    silos?: readonly string[],
  ): Promise<void> {
    const { plant, repo, progress } = this.#d;
    const prepared = await this.#prepare(order, batch, workflowId, prefer, silos);
    const draws: BatchDraw[] = [];
    for (const draw of prepared.draws) {
      const level = plant.weighCenti(draw.deviceCode, 'occupancy');
      if (level === null) {
        throw unavailable(
          `The PLC does not report the level of ${plant.deviceName(draw.deviceCode)}, so the batch cannot be weighed.`,
        );
      }
      draws.push({
        device_id: draw.deviceCode,
        bean_id: draw.beanId,
        planned_centi: draw.plannedCenti,
        measured_centi: null,
        level_before_centi: level,
        preact_centi: draw.preactCenti,
      });
    }
    const refs = await repo.deviceRefs([prepared.roaster, prepared.destination]);
    const { profile } = prepared;
    const runId = randomUUID();
    const marked = await progress.transitionBatch(batch.id, ['pending'], {
      status: 'running',
      runId,
      roastProfileId: profile?.id ?? null,
      roastProfileVersion: profile?.version ?? null,
      workflowId: prepared.workflow.id,
      roasterDevice: refs.get(prepared.roaster) ?? null,
      destinationDevice: refs.get(prepared.destination) ?? null,
      draws,
      error: null,
      startedAt: this.#d.now(),
    });
    if (!marked)
      throw conflict(
        `Batch ${batch.seq} of order ${orderNumber(order.order.id)} is already under way.`,
      );
    const result = await this.#d.engine.start(prepared.workflow.id, {
      who,
      steps: prepared.steps,
      dynamic: prepared.dynamic,
      runId,
      origin: { kind: 'order', order_id: order.order.id, batch: batch.seq },
      owner: { kind: 'batch', id: batch.id },
    });
    if (!result.ok) {
      await progress.transitionBatch(batch.id, ['running'], {
        status: 'pending',
        runId: null,
        roastProfileId: null,
        roastProfileVersion: null,
        draws: [],
        startedAt: null,
      });
      throw refusalError(result);
    }
    this.#changed(order.order.id);
  }

  /** The batch's half of run settlement. */
  settler(afterBatch: (orderId: number) => void): RunSettler<BatchRow> {
    return {
      request: async (id, runId) => {
        const running = await this.#d.repo.runningBatchOf(runId, 'roasting');
        return running?.id === id ? running : undefined;
      },
      requestOf: (runId) => this.#d.repo.runningBatchOf(runId, 'roasting'),
      waiting: async () =>
        (await this.#d.repo.runningBatches('roasting')).map((b) => ({
          workflowId: b.workflowId,
          runId: b.runId,
        })),
      settle: async (batch, run) => {
        await this.#settle(batch, run);
        afterBatch(batch.orderId);
        if (run.state === 'finished') this.#batchFinished(batch);
      },
      fail: (batch, reason) => this.#fail(batch, reason),
      describe: (batch) => `Batch ${batch.seq} of order ${orderNumber(batch.orderId)}`,
    };
  }

  async #settle(batch: BatchRow, run: EndedRun): Promise<void> {
    if (run.state !== 'finished') {
      await this.#fail(batch, run.error ?? `The roasting workflow ${run.state}.`);
      return;
    }
    const { plant, repo, progress, ledger } = this.#d;
    const roaster = batch.roasterDevice;
    const destination = batch.destinationDevice;
    if (roaster === null || destination === null) {
      throw new Error('the batch names no roaster or destination');
    }
    const roasterCode = (await repo.deviceCodes([roaster])).get(roaster);
    if (!roasterCode) throw new Error('the batch names no roaster or destination');
    const measured = batch.draws.map((draw) => {
      const after = plant.weighCenti(draw.device_id, 'occupancy');
      if (after === null || draw.level_before_centi == null) {
        throw new Error(`the PLC does not report the level of ${draw.device_id}`);
      }
      const given = draw.level_before_centi - after;
      if (given < 0) {
        throw new Error(
          `${draw.device_id} holds ${formatCenti(-given)} more than before the batch; something else filled it`,
        );
      }
      return { ...draw, measured_centi: given };
    });
    const green = plant.weighCenti(roasterCode, 'green-weight');
    const roasted = plant.weighCenti(roasterCode, 'roasted-weight');
    if (green === null || roasted === null) {
      throw new Error(`the PLC does not report the green and roasted weights of ${roasterCode}`);
    }
    const siloRefs = await repo.deviceRefs(measured.map((d) => d.device_id));
    const waste = await repo.firstOfType(WASTE_BIN_TYPE_ID);
    const mainBean = [...batch.draws].sort((a, b) => b.planned_centi - a.planned_centi)[0];
    if (!mainBean) throw new Error('the batch has no plan');
    const roastedAt = this.#d.now();
    // Booked and finished in one transaction: a crash between the two would leave the batch
    // running with its roast booked, and settling it after the restart would book it again.
    await ledger.bookRoast(
      {
        orderId: batch.orderId,
        batchId: batch.id,
        roaster,
        draws: measured.map((d) => ({
          fromDevice: siloRefs.get(d.device_id) ?? 0,
          centiLbs: d.measured_centi,
        })),
        wasteDevice: waste?.id ?? null,
        greenCenti: green,
        roastedCenti: roasted,
        destination,
        roastedLot: {
          lotNumber: roastedLotNumber(batch.orderId, batch.seq),
          beanId: mainBean.bean_id,
          roastedAt,
        },
      },
      async (tx, movement) => {
        const finished = await progress.transitionBatch(
          batch.id,
          ['running'],
          {
            status: 'finished',
            draws: measured,
            greenCenti: green,
            roastedCenti: roasted,
            roastedLotId: movement.roastedLotId,
            finishedAt: roastedAt,
          },
          tx,
        );
        if (!finished) {
          throw conflict(
            `Batch ${batch.seq} of order ${orderNumber(batch.orderId)} was settled already.`,
          );
        }
      },
    );
    this.#changed(batch.orderId);
  }

  /**
   * Workflows bound to the end of a batch (a rework, a cleaning) start now. The batch is booked
   * whatever becomes of them: the engine warns of a trigger it could not start.
   */
  #batchFinished(batch: BatchRow): void {
    this.#d.engine
      .handlePlantEvent('batch_finished', `order ${orderNumber(batch.orderId)}`)
      .catch((err: unknown) =>
        this.#d.logger.error({ err, batch: batch.id }, 'batch_finished triggers failed'),
      );
  }

  /**
   * The batch failed: the order stops as Not Processed with the reason; the rest stay pending.
   * Both or neither: an order left Processing with no batch running would never start another.
   * A batch no longer running was settled by someone else, and its order is left alone.
   */
  async #fail(batch: BatchRow, reason: string): Promise<void> {
    const failed = await this.#d.progress.transaction(async (progress) => {
      const moved = await progress.transitionBatch(batch.id, ['running'], {
        status: 'failed',
        error: reason,
        finishedAt: this.#d.now(),
      });
      if (!moved) return false;
      await progress.transitionOrder(batch.orderId, [OrderStatus.Processing, OrderStatus.Paused], {
        status: OrderStatus.NotProcessed,
        failure: `Batch ${batch.seq} failed: ${reason}`,
        paused: false,
      });
      return true;
    });
    if (failed) this.#changed(batch.orderId);
  }

  #changed(orderId: number): void {
    this.#d.hub.publish({ type: 'order', id: orderId, change: 'batch' });
  }
}
