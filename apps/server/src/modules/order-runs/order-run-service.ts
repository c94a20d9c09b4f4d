import {
  MIXED_BIN_ERROR,
  OrderStatus,
  orderMessages,
  type BatchOfOrder,
  type CheckBeansReply,
  type Dump,
  type FillSiloBody,
  type OrderPaths,
  type StartWithDevicesBody,
  type WorkflowDefinition,
} from '@roastery/contract';
import { workflowDevices, type WorkflowEngine } from '@roastery/engine';
import {
  HttpError,
  conflict,
  notFound,
  unavailable,
  unprocessable,
} from '../../lib/http-errors.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import { ENDED_RUN_STATES } from '../../plant/hub/plant-events.ts';
import type { Principal } from '../auth/auth-service.ts';
import type { DumpService } from '../dumps/dump-service.ts';
import { fromCenti, toCenti } from '../inventory/weights.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import { matchPaths, type PathRoute, type StartChoice } from '../paths/path-match.ts';
import type { PathService } from '../paths/path-service.ts';
import type { ProductService } from '../products/product-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import { splitOrder } from '../orders/batch-plan.ts';
import type { Shortfall } from './batch-plan.ts';
import { DevicesHeld, ShortOfBeans, type BatchRunner } from './batch-runner.ts';
import { orderNumber, roastedLotNumber } from './order-labels.ts';
import type { OrderOfRun, OrderRunRepository } from './order-run-repository.ts';
import type { PlantView } from './plant-view.ts';
import { KeyedSerial } from './serial.ts';

export interface OrderRunServiceDeps {
  repo: OrderRunRepository;
  batches: BatchRunner;
  dumps: DumpService;
  workflows: WorkflowService;
  engine: WorkflowEngine;
  products: ProductService;
  ledger: LedgerService;
  plant: PlantView;
  /** Roasting paths: once any is defined, a start must follow an enabled one. */
  paths: PathService;
  hub: EventHub;
  alarm: (text: string) => Promise<void>;
  warn: (text: string) => Promise<void>;
  logger: { error(obj: object, msg: string): void };
  now: () => Date;
}

export interface StartOptions {
  /** The roasting workflow to run; the order's rule when omitted. */
  rule?: number | undefined;
  /** A silo a person chose, drawn first for its bean. */
  prefer?: string | undefined;
  /** Devices a person chose, saved on the order before it starts. */
  roaster?: string | undefined;
  destination?: string | undefined;
  /** A new batch size, lbs: the order is split again before it starts. */
  batchLbs?: number | undefined;
  /** The roasting path a person chose. */
  path?: number | undefined;
  /** A supervisor confirmed roasting into a bin that holds another product. */
  allowMixedBin?: boolean | undefined;
}

/** Where a start may draw from: a path's silos, or any silo while no path is defined. */
interface PathPlan {
  path: PathRoute | undefined;
  shortfalls: Shortfall[];
}

const sameCode = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const STARTABLE: number[] = [OrderStatus.NotStarted, OrderStatus.NotProcessed];
const UNDER_WAY: number[] = [OrderStatus.Processing, OrderStatus.Paused];

/**
 * Starting roasting orders and moving them on: the checks before a start (modes, beans), the
 * dump requests for what is missing, the start itself, and after every batch the next one, or
 * the end of the order. Pausing holds the next batch until the order is resumed.
 */
export class OrderRunService {
  readonly #d: OrderRunServiceDeps;
  readonly #serial = new KeyedSerial();
  /** Orders whose next batch waits for devices another run drives; tried again as runs end. */
  readonly #waitingForDevices = new Set<number>();
  #unsubscribe: (() => void) | undefined;

  constructor(deps: OrderRunServiceDeps) {
    this.#d = deps;
  }

  /**
   * Follows order changes (a resumed order goes on with its next batch) and run ends (a device
   * another run held may be free for a waiting order).
   */
  start(): void {
    const stopOrders = this.#d.hub.subscribe('order', (event) => {
      if (event.change === 'status' || event.change === 'saved') this.advance(event.id);
    });
    const stopRuns = this.#d.hub.subscribe('run', (event) => {
      if (event.change !== 'state' || !ENDED_RUN_STATES.includes(event.state)) return;
      for (const orderId of this.#waitingForDevices) this.advance(orderId);
    });
    this.#unsubscribe = () => {
      stopOrders();
      stopRuns();
    };
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  async #order(id: number): Promise<OrderOfRun> {
    const order = await this.#d.repo.order(id);
    if (!order) throw notFound(`Order ${id} not found.`);
    if (order.order.kind !== 'roasting') {
      throw conflict(`Order ${orderNumber(id)} is a packing order.`);
    }
    return order;
  }

  /** The weights of the batches still to roast: the pending ones, or the split of a new order. */
  async #remaining(order: OrderOfRun, batchLbs?: number): Promise<number[]> {
    const batches = await this.#d.repo.batches(order.order.id);
    if (batches.length > 0 && batchLbs === undefined) {
      return batches.filter((b) => b.status === 'pending').map((b) => b.plannedCenti ?? 0);
    }
    const qty = order.order.qtyCenti;
    const batch = batchLbs === undefined ? order.order.batchCenti : toCenti(batchLbs);
    if (!qty) throw unprocessable(orderMessages.quantity);
    if (!batch) throw unprocessable(orderMessages.batchSize);
    return splitOrder(qty, batch);
  }

  async #shortfalls(
    order: OrderOfRun,
    prefer?: string,
    silos?: readonly string[],
  ): Promise<Shortfall[]> {
    const recipe = await this.#d.batches.recipe(order.order.productId);
    if (recipe.length === 0) throw unprocessable('The product of this order has no recipe.');
    const planner = await this.#d.batches.planner(prefer, silos);
    return planner.planAll(await this.#remaining(order), recipe).shortfalls;
  }

  /**
   * The enabled paths that fit a start (409 naming why when none does), or undefined while no
   * path is defined: then a start takes any silos, roaster and bin, as before paths existed.
   */
  async #candidates(choice: StartChoice): Promise<[PathRoute, ...PathRoute[]] | undefined> {
    const routes = await this.#d.paths.routes();
    return routes && matchPaths(routes, choice);
  }

  /** The first fitting path whose silos hold every remaining batch's beans, else the first. */
  async #planOn(
    order: OrderOfRun,
    candidates: [PathRoute, ...PathRoute[]] | undefined,
    prefer?: string,
  ): Promise<PathPlan> {
    if (!candidates) return { path: undefined, shortfalls: await this.#shortfalls(order, prefer) };
    const [first, ...others] = candidates;
    const plan = { path: first, shortfalls: await this.#shortfalls(order, prefer, first.silos) };
    if (plan.shortfalls.length === 0) return plan;
    for (const path of others) {
      if ((await this.#shortfalls(order, prefer, path.silos)).length === 0) {
        return { path, shortfalls: [] };
      }
    }
    return plan;
  }

  /** What a start chose, its roaster being the order's or the workflow's when not chosen. */
  #choiceOf(
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
        (workflow && this.#d.plant.roasterOf(workflow.steps)) ??
        undefined,
      destination: options.destination ?? order.destinationCode ?? undefined,
      workflow: workflow && { id: workflow.id, name: workflow.name },
    };
  }

  /** The order's path plan on its own rule, as the checks before a start see it. */
  async #planOfOrder(order: OrderOfRun, prefer?: string): Promise<PathPlan> {
    const workflowId = order.order.workflowId;
    const workflow = workflowId ? await this.#d.workflows.workflow(workflowId) : undefined;
    const candidates = await this.#candidates(this.#choiceOf(order, workflow, { prefer }));
    return this.#planOn(order, candidates, prefer);
  }

  /**
   * Each missing bean with the silo a dump of it would go to: one of the path's silos when a
   * path limits where the order draws from.
   */
  async #requestDevices(
    shortfalls: Shortfall[],
    silos?: readonly string[],
  ): Promise<CheckBeansReply['request_devices']> {
    const rows: CheckBeansReply['request_devices'] = [];
    for (const s of shortfalls) {
      const missing = fromCenti(s.neededCenti - s.availableCenti);
      const targets = (await this.#d.dumps.targets(s.beanId, missing, 'Silo Bin')).filter(
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

  /** Check bean availability: whether the silos hold every remaining batch's beans. */
  async checkBeans(orderId: number, startDevice?: string): Promise<CheckBeansReply> {
    const { path, shortfalls } = await this.#planOfOrder(await this.#order(orderId), startDevice);
    return {
      same: shortfalls.length === 0,
      request_devices: await this.#requestDevices(shortfalls, path?.silos),
    };
  }

  /**
   * The paths a person may start the order along: the enabled ones on the order's roaster and
   * into its destination, where the order names them.
   */
  async pathsFor(orderId: number): Promise<OrderPaths> {
    const order = await this.#order(orderId);
    const all = await this.#d.paths.list();
    const fits = (code: string | null, device: { device_id: string }) =>
      code === null || sameCode(code, device.device_id);
    return {
      defined: all.length > 0,
      paths: all.filter(
        (p) =>
          p.enabled &&
          fits(order.roasterCode, p.roaster) &&
          fits(order.destinationCode, p.destination),
      ),
    };
  }

  /** Check bean match: the silo holds beans of the order's recipe, and only those. */
  async beanMatch(orderId: number, startDevice: string): Promise<{ same_bean: boolean }> {
    const order = await this.#order(orderId);
    return { same_bean: await this.#matches(order, startDevice) };
  }

  async #matches(order: OrderOfRun, silo: string): Promise<boolean> {
    const recipe = new Set(
      (await this.#d.batches.recipe(order.order.productId)).map((r) => r.beanId),
    );
    const held = (await this.#d.batches.planner()).beansIn(silo);
    return held.length > 0 && held.every((bean) => recipe.has(bean));
  }

  /** A dump request for a missing bean into the silo suggested (or chosen) for it. */
  async requestDump(orderId: number, deviceId: string, who: Principal): Promise<Dump> {
    const order = await this.#order(orderId);
    const { path, shortfalls } = await this.#planOfOrder(order);
    const rows = await this.#requestDevices(shortfalls, path?.silos);
    const row =
      rows.find((r) => r.device_id?.toLowerCase() === deviceId.toLowerCase()) ??
      (rows.length === 1 ? rows[0] : undefined);
    if (!row) {
      throw conflict(
        rows.length === 0
          ? `Order ${orderNumber(orderId)} has all its beans in the silos.`
          : `Choose the silo suggested for each missing bean: ${rows.map((r) => `${r.bean_name} into ${r.device_id ?? 'no silo with room'}`).join(', ')}.`,
      );
    }
    return this.#d.dumps.create(
      {
        amount: fromCenti(toCenti(row.needed) - toCenti(row.available)),
        bean_id: row.bean_id,
        type: 'Silo Bin',
        device_id: deviceId,
        order_id: orderId,
      },
      who,
    );
  }

  /** The bin a roasting workflow drops into as written. */
  #binOf(workflow: WorkflowDefinition): string | undefined {
    return workflow.steps.find((s) => this.#d.plant.isBinInlet(s))?.device_id;
  }

  /**
   * A roasted bin holds one product, so that what is packed from it is what its label says:
   * roasting into a bin that holds another product is refused, naming what it holds, unless a
   * supervisor confirmed the mix (as a transfer's segregation override).
   */
  async #checkBin(
    bin: string | undefined,
    product: { id: number; name: string },
    allowMixed: boolean | undefined,
  ): Promise<void> {
    if (bin === undefined || allowMixed) return;
    const others = (await this.#d.ledger.roastedStock()).filter(
      (s) => sameCode(s.deviceCode, bin) && s.productId !== product.id,
    );
    const [first] = others;
    if (!first) return;
    const held = others
      .map(
        (s) =>
          `${s.productName} (${s.lotNumbers.length === 1 ? 'lot' : 'lots'} ${s.lotNumbers.join(', ')})`,
      )
      .join(' and ');
    throw new HttpError(
      409,
      `${first.deviceName} holds ${held}: roasting ${product.name} into it would mix products. Confirm the mix to start anyway, or choose another bin.`,
      MIXED_BIN_ERROR,
    );
  }

  /** Every device the order's workflow drives or waits on must be in auto before it starts. */
  #checkModes(workflow: WorkflowDefinition): void {
    const devices = workflowDevices(workflow.steps);
    const unknown = devices.filter((d) => this.#d.plant.mode(d) === 'unknown');
    if (unknown.length > 0) {
      throw unavailable(
        `The PLC does not report the mode of ${unknown.join(', ')} (is it connected?).`,
      );
    }
    if (devices.some((d) => this.#d.plant.mode(d) === 'manual')) {
      throw conflict(orderMessages.manualMode);
    }
  }

  /**
   * Starts a roasting order: its devices in auto, its beans in the silos, then its first
   * pending batch. An order that stopped as Not Processed starts again with its remaining
   * batches, the failed one roasted anew.
   */
  startOrder(orderId: number, who: Pick<Principal, 'fullName'>, options: StartOptions = {}) {
    return this.#serial.run(orderId, async () => {
      const order = await this.#order(orderId);
      const status = order.order.status;
      if (UNDER_WAY.includes(status)) {
        throw conflict(`Order ${orderNumber(orderId)} is already under way.`);
      }
      if (!STARTABLE.includes(status)) {
        throw conflict(`Order ${orderNumber(orderId)} is finished.`);
      }
      const workflowId = options.rule ?? order.order.workflowId;
      if (!workflowId) throw unprocessable(orderMessages.roaster);
      const workflow = await this.#d.batches.roastingWorkflow(workflowId);
      this.#checkModes(workflow);
      const candidates = await this.#candidates(this.#choiceOf(order, workflow, options));
      // The batches first (a failed one queued again), so the bean check counts every one.
      await this.#prepareBatches(order, options.batchLbs);
      const { path, shortfalls } = await this.#planOn(order, candidates, options.prefer);
      if (shortfalls.length > 0) {
        throw new ShortOfBeans(shortfalls, await this.#requestDevices(shortfalls, path?.silos));
      }
      // An order that names no bin lands where its path does.
      const destination = options.destination ?? path?.destination;
      await this.#checkBin(
        destination ?? order.destinationCode ?? this.#binOf(workflow),
        { id: order.order.productId, name: order.productName },
        options.allowMixedBin,
      );
      const refs = await this.#d.repo.deviceRefs(
        [options.roaster, destination].filter((c): c is string => c !== undefined),
      );
      const moved = await this.#d.repo.transitionOrder(orderId, STARTABLE, {
        status: OrderStatus.Processing,
        workflowId,
        pathId: path?.id ?? null,
        ...(options.roaster ? { roasterDevice: refs.get(options.roaster) ?? null } : {}),
        ...(destination ? { destinationDevice: refs.get(destination) ?? null } : {}),
        ...(options.batchLbs ? { batchCenti: toCenti(options.batchLbs) } : {}),
        startedAt: order.order.startedAt ?? this.#d.now(),
        failure: null,
        paused: false,
      });
      if (!moved) throw conflict(`Order ${orderNumber(orderId)} changed; try again.`);
      try {
        const next = (await this.#d.repo.batches(orderId)).find((b) => b.status === 'pending');
        if (!next) throw conflict(`Order ${orderNumber(orderId)} has no batch left to roast.`);
        const started = (await this.#d.repo.order(orderId)) ?? order;
        await this.#d.batches.startBatch(
          started,
          next,
          workflowId,
          who.fullName,
          options.prefer,
          path?.silos,
        );
      } catch (error) {
        await this.#d.repo.transitionOrder(orderId, [OrderStatus.Processing], {
          status,
          failure: order.order.failure,
          startedAt: order.order.startedAt,
        });
        throw error;
      }
      this.#changed(orderId);
      // Workflows bound to an order's start (a cleaner, an exhaust fan) start with it; the
      // order has started whatever becomes of them (the engine warns of one it cannot start).
      await this.#d.engine
        .handlePlantEvent('order_started', who.fullName)
        .catch((err: unknown) =>
          this.#d.logger.error({ err, order: orderId }, 'order_started triggers failed'),
        );
      const total = (await this.#d.repo.batches(orderId)).filter((b) => b.status !== 'cancelled');
      return {
        workflowId,
        message: `Order ${orderNumber(orderId)} started: batch ${total.findIndex((b) => b.status === 'running') + 1} of ${total.length} is roasting.`,
      };
    });
  }

  /**
   * Start with chosen devices: the silo to draw from first, the roaster (its roasting
   * workflow) and the bin to land in. For a blend, the silo supplies one recipe line (its
   * position) unless every planned silo is opened.
   */
  async startWithDevices(body: StartWithDevicesBody, who: Principal): Promise<{ message: string }> {
    const { startDevice, roasterId, endDevice } = body;
    if (!startDevice || !roasterId || !endDevice) throw unprocessable(orderMessages.startDevices);
    const order = await this.#order(body.order_id);
    const recipe = await this.#d.batches.recipe(order.order.productId);
    if (recipe.length > 1 && !body.start_all && body.devicePosition === undefined) {
      throw unprocessable(orderMessages.devicePosition);
    }
    if (!(await this.#matches(order, startDevice))) throw conflict(orderMessages.sameBean);
    const line = body.devicePosition === undefined ? undefined : recipe[body.devicePosition - 1];
    if (body.devicePosition !== undefined && !line)
      throw unprocessable(orderMessages.devicePosition);
    if (line && !(await this.#d.batches.planner()).beansIn(startDevice).includes(line.beanId)) {
      throw conflict(orderMessages.sameBean);
    }
    const candidates = await this.#candidates({
      pathId: body.path_id,
      silo: startDevice,
      roaster: roasterId,
      destination: endDevice,
    });
    // Along a path, its workflow roasts; else the order's rule or the roaster's workflow.
    const rule = candidates ? candidates[0].workflowId : await this.#ruleFor(order, roasterId);
    const started = await this.startOrder(order.order.id, who, {
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
  async #ruleFor(order: OrderOfRun, roaster: string): Promise<number> {
    const current = order.order.workflowId;
    if (current) {
      const workflow = await this.#d.workflows.workflow(current);
      if (workflow && this.#d.plant.roasterOf(workflow.steps) === roaster) return current;
    }
    const driving = await this.#d.workflows.workflowDriving('roasting', roaster);
    if (!driving)
      throw conflict(`No roasting workflow roasts on ${roaster}. Add one under Workflows.`);
    return driving.id;
  }

  /**
   * Creates the batches of an order that has none, splits again when a person gave a new
   * batch size, and roasts a failed batch anew when an order starts again.
   */
  async #prepareBatches(order: OrderOfRun, batchLbs?: number): Promise<void> {
    const { repo } = this.#d;
    const batches = await repo.batches(order.order.id);
    if (batches.length === 0 || batchLbs !== undefined) {
      if (batches.some((b) => b.status !== 'pending')) {
        throw conflict(
          `Order ${orderNumber(order.order.id)} has started: its batch size is fixed.`,
        );
      }
      for (const b of batches)
        await repo.transitionBatch(b.id, ['pending'], { status: 'cancelled' });
      await this.#addBatches(order, await this.#remaining(order, batchLbs));
      return;
    }
    const failed = batches.filter((b) => b.status === 'failed');
    for (const b of failed) await repo.transitionBatch(b.id, ['failed'], { status: 'cancelled' });
    await this.#addBatches(
      order,
      failed.map((b) => b.plannedCenti),
    );
  }

  /** Adds batches, or 404 when the order was deleted while it was being started. */
  async #addBatches(order: OrderOfRun, planned: (number | null)[]): Promise<void> {
    if (!(await this.#d.repo.addBatches(order.order.id, planned))) {
      throw notFound(`Order ${order.order.id} not found.`);
    }
  }

  /**
   * After a batch, or when an order is resumed: starts its next batch unless it is paused,
   * finishes it when none is left, and stops it as Not Processed when the next cannot start.
   */
  advance(orderId: number): void {
    void this.advanceNow(orderId).catch((err: unknown) =>
      this.#d.logger.error({ err, order: orderId }, 'order could not go on'),
    );
  }

  /** The same, for a caller that waits for the outcome. */
  advanceNow(orderId: number): Promise<void> {
    return this.#serial.run(orderId, () => this.#advance(orderId));
  }

  async #advance(orderId: number): Promise<void> {
    const { repo } = this.#d;
    const order = await repo.order(orderId);
    if (!order || order.order.kind !== 'roasting' || !order.order.startedAt) return;
    if (!UNDER_WAY.includes(order.order.status)) return;
    const batches = await repo.batches(orderId);
    if (batches.some((b) => b.status === 'running')) return;
    const next = batches.find((b) => b.status === 'pending');
    if (!next) {
      await repo.transitionOrder(orderId, UNDER_WAY, {
        status: OrderStatus.Finished,
        finishedAt: this.#d.now(),
        paused: false,
      });
      this.#changed(orderId);
      return;
    }
    if (order.order.paused || order.order.status === OrderStatus.Paused) return;
    const workflowId = order.order.workflowId;
    try {
      if (!workflowId) throw unprocessable(orderMessages.roaster);
      // The path's silos as they are now: a path cannot change while an order roasts along it.
      const silos =
        order.order.pathId === null ? undefined : await this.#d.paths.silosOf(order.order.pathId);
      await this.#d.batches.startBatch(
        order,
        next,
        workflowId,
        `order ${orderNumber(orderId)}`,
        undefined,
        silos,
      );
      this.#waitingForDevices.delete(orderId);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof DevicesHeld) {
        // The batch stays pending; the order goes on when the other run ends.
        if (!this.#waitingForDevices.has(orderId)) {
          this.#waitingForDevices.add(orderId);
          await this.#d.warn(
            `Order ${orderNumber(orderId)} waits: ${reason} Batch ${next.seq} starts when it is free.`,
          );
        }
        return;
      }
      this.#waitingForDevices.delete(orderId);
      await repo.transitionOrder(orderId, UNDER_WAY, {
        status: OrderStatus.NotProcessed,
        failure: `Batch ${next.seq} could not start: ${reason}`,
        paused: false,
      });
      this.#changed(orderId);
      await this.#d.alarm(
        `Order ${orderNumber(orderId)} stopped: batch ${next.seq} could not start (${reason}).`,
      );
    }
  }

  /**
   * Fill WRB Silo: one batch of the product, roasted on the roaster (its roasting workflow)
   * into the bin, as an order of its own that starts at once.
   */
  async fillSilo(
    body: FillSiloBody,
    who: Principal,
  ): Promise<{ order_id: number; message: string }> {
    const { plant, repo } = this.#d;
    const product = (await this.#d.products.list()).find((p) => p.product_id === body.product_id);
    if (!product) throw unprocessable(orderMessages.fillBean);
    if (!plant.isRoastedBin(body.silo_id)) throw unprocessable(orderMessages.fillSilo);
    if (!plant.ref(body.roaster_id, 'green-weight')) throw unprocessable(orderMessages.fillRoaster);
    const workflow = await this.#roastingWorkflowInto(body.roaster_id, body.silo_id);
    await this.#checkBin(
      body.silo_id,
      { id: product.product_id, name: product.product_name },
      body.allow_mixed_bin,
    );
    const batchLbs = product.batch_weight ?? this.#d.plant.reading(body.roaster_id, 'batch-size');
    if (!batchLbs) throw unprocessable(orderMessages.batchSize);
    const refs = await repo.deviceRefs([body.silo_id, body.roaster_id]);
    const siloRef = refs.get(body.silo_id);
    const [bin] = siloRef === undefined ? [] : await this.#d.ledger.contentsOf([siloRef]);
    if (bin?.capacity != null && bin.capacity - bin.occupancy < batchLbs) {
      throw conflict(
        `${bin.device_name} has room for ${fromCenti(toCenti(bin.capacity) - toCenti(bin.occupancy))} lbs, less than a batch of ${batchLbs} lbs.`,
      );
    }
    const orderId = await repo.insertOrder({
      kind: 'roasting',
      name: `Fill ${body.silo_id}`,
      productId: product.product_id,
      qtyCenti: toCenti(batchLbs),
      batchCenti: toCenti(batchLbs),
      workflowId: workflow.id,
      roasterDevice: refs.get(body.roaster_id) ?? null,
      destinationDevice: siloRef ?? null,
      orderDate: this.#d.now(),
      createdBy: who.id,
    });
    this.#d.hub.publish({ type: 'order', id: orderId, change: 'saved' });
    const started = await this.startOrder(orderId, who, { allowMixedBin: body.allow_mixed_bin });
    return { order_id: orderId, message: started.message };
  }

  /** The roasting workflow of a roaster that lands in this bin, else any of the roaster's. */
  async #roastingWorkflowInto(roaster: string, bin: string): Promise<WorkflowDefinition> {
    const { workflows, plant } = this.#d;
    const all = await Promise.all(
      (await workflows.list('roasting')).map((w) => workflows.workflow(w.id)),
    );
    const onRoaster = all.filter(
      (w): w is WorkflowDefinition => w !== undefined && plant.roasterOf(w.steps) === roaster,
    );
    const found =
      onRoaster.find((w) => w.steps.some((s) => plant.isBinInlet(s) && s.device_id === bin)) ??
      onRoaster[0];
    if (!found)
      throw conflict(`No roasting workflow roasts on ${roaster}. Add one under Workflows.`);
    return found;
  }

  /** An order's batches with what the PLC weighed and the roasted lot each made. */
  async batchesOf(orderId: number): Promise<BatchOfOrder[]> {
    const order = await this.#d.repo.order(orderId);
    if (!order) throw notFound(`Order ${orderId} not found.`);
    const lbs = (centi: number | null) => (centi === null ? null : fromCenti(centi));
    return (await this.#d.repo.batches(orderId)).map((b) => ({
      id: b.id,
      seq: b.seq,
      status: b.status,
      planned: lbs(b.plannedCenti),
      green: lbs(b.greenCenti),
      roasted: lbs(b.roastedCenti),
      roast_loss:
        b.greenCenti === null || b.roastedCenti === null || order.order.kind !== 'roasting'
          ? null
          : fromCenti(b.greenCenti - b.roastedCenti),
      lot_number: b.roastedLotId === null ? null : roastedLotNumber(orderId, b.seq),
      run_id: b.runId,
      error: b.error,
      started_at: b.startedAt?.toISOString() ?? null,
      finished_at: b.finishedAt?.toISOString() ?? null,
    }));
  }

  #changed(orderId: number): void {
    this.#d.hub.publish({ type: 'order', id: orderId, change: 'status' });
  }
}
