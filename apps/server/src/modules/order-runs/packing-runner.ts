import { randomUUID } from 'node:crypto';
import {
  OrderStatus,
  type PackingRecord,
  type WaitDevice,
  type WorkflowDefinition,
  type WorkflowStep,
} from '@roastery/contract';
import type { WorkflowEngine } from '@roastery/engine';
import { conflict, notFound, unavailable, unprocessable } from '../../lib/http-errors.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { EndedRun, RunSettler } from '../../plant/settlement/run-settlement.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import type { LotReleaseReader } from '../quality/lot-release.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { formatCenti, fromCenti } from '../inventory/weights.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import { refusalError } from './batch-runner.ts';
import { orderNumber } from './order-labels.ts';
import type { BatchRow, OrderOfRun, OrderRunRepository } from './order-run-repository.ts';
import type { OrderProgress } from '../orders/order-progress.ts';
import { checkPackingRelease } from './packing-release.ts';
import type { PlantView } from './plant-view.ts';
import { KeyedSerial } from './serial.ts';

export interface PackingRunnerDeps {
  repo: OrderRunRepository;
  /** Moves orders and their batches along: the orders area writes them. */
  progress: OrderProgress;
  ledger: LedgerService;
  /** Whether the bin's roasted lots are released: only those are packed. */
  lotRelease: LotReleaseReader;
  /** Whether lots pending release may be packed too. */
  settings: Pick<SettingsService, 'value'>;
  workflows: WorkflowService;
  engine: WorkflowEngine;
  plant: PlantView;
  hub: EventHub;
  alarm: (text: string) => Promise<void>;
  now: () => Date;
}

const STARTABLE: number[] = [OrderStatus.NotStarted, OrderStatus.NotProcessed];

/**
 * Packing orders: a start runs the packing workflow on the order's bin until its quantity has
 * left the bin (or, unlimited, until the bin is empty); the run's end books what the bin's
 * level says was packed as 'pack' rows of its roasted lots, oldest first.
 */
export class PackingRunner {
  readonly #d: PackingRunnerDeps;
  readonly #serial = new KeyedSerial();

  constructor(deps: PackingRunnerDeps) {
    this.#d = deps;
  }

  async #order(id: number): Promise<OrderOfRun> {
    const order = await this.#d.repo.order(id);
    if (!order) throw notFound(`Order ${id} not found.`);
    if (order.order.kind !== 'packing') {
      throw conflict(`Order ${orderNumber(id)} is a roasting order.`);
    }
    return order;
  }

  /** The order's packing workflow, else the first that discharges its bin, else the first. */
  async #workflow(order: OrderOfRun): Promise<WorkflowDefinition> {
    const { workflows, plant } = this.#d;
    if (order.order.workflowId) {
      const chosen = await workflows.workflow(order.order.workflowId);
      if (chosen?.type === 'packing') return chosen;
    }
    const all = await workflows.list('packing');
    const defined = (await Promise.all(all.map((w) => workflows.workflow(w.id)))).filter(
      (w): w is WorkflowDefinition => w !== undefined,
    );
    const bin = order.destinationCode;
    const found =
      defined.find((w) =>
        w.steps.some((s) => plant.opensDischarge(s) && (bin === null || s.device_id === bin)),
      ) ?? defined[0];
    if (!found) throw conflict('No packing workflow exists. Add one under Workflows.');
    return found;
  }

  /**
   * The run's steps: the workflow's, drawing from the order's bin, its discharge held open
   * until the bin's level has fallen by the quantity (or to empty).
   */
  #steps(
    workflow: WorkflowDefinition,
    bin: string,
    levelCenti: number,
    qtyCenti: number | null,
  ): WorkflowStep[] {
    const { plant } = this.#d;
    const opening = workflow.steps.find((s) => plant.opensDischarge(s));
    if (!opening) {
      throw unprocessable(
        `The packing workflow '${workflow.name}' opens no bin's discharge gate, so it cannot pack.`,
      );
    }
    const level = plant.ref(bin, 'occupancy');
    if (!level) throw unprocessable(`${bin} does not report its level.`);
    const from = opening.device_id;
    const until: WaitDevice = {
      device_id: bin,
      type: level.command_kind,
      command_id: level.command_id,
      condition: '<=',
      command_value: qtyCenti === null ? 0 : fromCenti(Math.max(0, levelCenti - qtyCenti)),
      is_silo: false,
    };
    const isLevel = (w: WaitDevice) =>
      w.device_id === from && w.type === level.command_kind && w.command_id === level.command_id;
    return workflow.steps.map((s) => {
      const step = s.device_id === from ? { ...s, device_id: bin } : s;
      const waits = s.wait_device.map((w) => (w.device_id === from ? { ...w, device_id: bin } : w));
      if (s !== opening) return { ...step, wait_device: waits };
      return { ...step, wait_device: [...s.wait_device.filter((w) => !isLevel(w)), until] };
    });
  }

  /**
   * The bin the run draws from must hold roasted beans of the order's product: else the start
   * is refused, naming the bins that do hold them, rather than packing nothing (or another
   * product).
   */
  async #checkStock(order: OrderOfRun, bin: string): Promise<void> {
    const { id, productId } = order.order;
    const stock = (await this.#d.ledger.roastedStock()).filter((s) => s.productId === productId);
    if (stock.some((s) => s.deviceCode.toLowerCase() === bin.toLowerCase())) return;
    const product = order.productName;
    const refused = `Order ${orderNumber(id)} packs ${product} from ${this.#d.plant.deviceName(bin)}, which holds no roasted ${product}.`;
    if (stock.length === 0) {
      throw conflict(`${refused} No bin holds roasted ${product}: roast it first.`);
    }
    const bins = stock.map((s) => `${s.deviceName} (${formatCenti(s.centi)})`).join(', ');
    throw conflict(
      `${refused} Roasted ${product} is in ${bins}: transfer it to ${this.#d.plant.deviceName(bin)}, or pack with a workflow that draws from there.`,
    );
  }

  start(orderId: number, who: { fullName: string }) {
    return this.#serial.run(orderId, async () => {
      const { repo, progress, plant, engine } = this.#d;
      const order = await this.#order(orderId);
      const status = order.order.status;
      if (status === OrderStatus.PackingProcessing) {
        throw conflict(`Order ${orderNumber(orderId)} is already packing: it cannot start again.`);
      }
      if (!STARTABLE.includes(status)) throw conflict(`Order ${orderNumber(orderId)} is packed.`);
      const workflow = await this.#workflow(order);
      const bin =
        order.destinationCode ?? workflow.steps.find((s) => plant.opensDischarge(s))?.device_id;
      if (!bin) throw unprocessable('Choose the bin this order packs from.');
      await this.#checkStock(order, bin);
      await checkPackingRelease(
        this.#d,
        { id: orderId, qtyCenti: order.order.qtyCenti },
        { code: bin, name: plant.deviceName(bin) },
      );
      const level = plant.weighCenti(bin, 'occupancy');
      if (level === null) {
        throw unavailable(`The PLC does not report the level of ${plant.deviceName(bin)}.`);
      }
      const qty = order.order.qtyCenti;
      const steps = this.#steps(workflow, bin, level, qty);
      const dynamic: Record<string, number> = {};
      for (const step of steps.filter((s) => s.dynamic)) {
        const value = plant.heldValue(step);
        if (value === undefined) {
          throw unprocessable(
            `Please set ${plant.commandLabel(step)} for ${plant.deviceName(step.device_id)}`,
          );
        }
        dynamic[String(step.id)] = value;
      }
      if (!(await progress.addBatches(orderId, [qty])))
        throw notFound(`Order ${orderId} not found.`);
      const batch = (await repo.batches(orderId)).at(-1);
      if (!batch) throw new Error('the packing run was not recorded');
      const runId = randomUUID();
      const refs = await repo.deviceRefs([bin]);
      await progress.transitionBatch(batch.id, ['pending'], {
        status: 'running',
        runId,
        workflowId: workflow.id,
        destinationDevice: refs.get(bin) ?? null,
        draws: [
          {
            device_id: bin,
            bean_id: 0,
            planned_centi: qty ?? 0,
            measured_centi: null,
            level_before_centi: level,
          },
        ],
        startedAt: this.#d.now(),
      });
      const result = await engine.start(workflow.id, {
        who: who.fullName,
        steps,
        dynamic,
        runId,
        origin: { kind: 'order', order_id: orderId, batch: null },
        owner: { kind: 'packing', id: batch.id },
      });
      if (!result.ok) {
        await progress.transitionBatch(batch.id, ['running'], { status: 'cancelled', runId: null });
        throw refusalError(result);
      }
      await progress.transitionOrder(orderId, STARTABLE, {
        status: OrderStatus.PackingProcessing,
        workflowId: workflow.id,
        startedAt: order.order.startedAt ?? this.#d.now(),
        failure: null,
      });
      this.#changed(orderId);
      return {
        workflow_id: workflow.id,
        message: `Packing of order ${orderNumber(orderId)} started from ${plant.deviceName(bin)}.`,
      };
    });
  }

  settler(): RunSettler<BatchRow> {
    return {
      request: async (id, runId) => {
        const running = await this.#d.repo.runningBatchOf(runId, 'packing');
        return running?.id === id ? running : undefined;
      },
      requestOf: (runId) => this.#d.repo.runningBatchOf(runId, 'packing'),
      waiting: async () =>
        (await this.#d.repo.runningBatches('packing')).map((b) => ({
          workflowId: b.workflowId,
          runId: b.runId,
        })),
      settle: (batch, run) => this.#settle(batch, run),
      fail: (batch, reason) => this.#fail(batch, reason),
      describe: (batch) => `Packing of order ${orderNumber(batch.orderId)}`,
    };
  }

  /** What left the bin by its level is packed, up to what the ledger holds there. */
  async #settle(batch: BatchRow, run: EndedRun): Promise<void> {
    if (run.state !== 'finished') {
      await this.#fail(batch, run.error ?? `The packing workflow ${run.state}.`);
      return;
    }
    const [draw] = batch.draws;
    const bin = batch.destinationDevice;
    if (!draw || bin === null || draw.level_before_centi == null) {
      throw new Error('the packing run names no bin');
    }
    const after = this.#d.plant.weighCenti(draw.device_id, 'occupancy');
    if (after === null) throw new Error(`the PLC does not report the level of ${draw.device_id}`);
    const measured = Math.max(0, draw.level_before_centi - after);
    const held = (await this.#d.ledger.holdings(bin)).reduce((sum, h) => sum + h.centiLbs, 0);
    const packed = Math.min(measured, held);
    if (packed === 0) {
      // A run that moved nothing packed nothing: the order did not happen, whatever the
      // workflow says, and someone must look at the bin.
      const name = this.#d.plant.deviceName(draw.device_id);
      const why =
        measured === 0
          ? `the level of ${name} did not fall`
          : `the level of ${name} fell by ${formatCenti(measured)}, but the ledger holds no beans there`;
      // The alarm first: whoever sees the order Not Processed finds the alarm saying why.
      await this.#d.alarm(`Packing of order ${orderNumber(batch.orderId)} packed nothing: ${why}.`);
      await this.#fail(batch, `Nothing was packed: ${why}.`);
      return;
    }
    const { ledger, progress } = this.#d;
    const now = this.#d.now();
    // Booked and finished in one transaction: a crash between the two would leave the run
    // waiting with its beans booked, and settling it after the restart would book them again.
    await ledger.move(
      {
        fromDevice: bin,
        toDevice: null,
        lbs: fromCenti(packed),
        reason: 'pack',
        orderId: batch.orderId,
        batchId: batch.id,
        ...(packed < measured
          ? {
              note: `The level fell by ${formatCenti(measured)}; the ledger held ${formatCenti(held)}.`,
            }
          : {}),
      },
      async (tx) => {
        const finished = await progress.transitionBatch(
          batch.id,
          ['running'],
          {
            status: 'finished',
            draws: [{ ...draw, measured_centi: packed }],
            roastedCenti: packed,
            finishedAt: now,
          },
          tx,
        );
        if (!finished) {
          throw conflict(`Packing of order ${orderNumber(batch.orderId)} was settled already.`);
        }
      },
    );
    // After the commit, as it reads the ledger; and before the packing order shows Finished, so
    // that whoever sees it Finished sees the roasting orders it emptied Packed.
    await this.#markPacked(batch.orderId);
    await progress.transitionOrder(batch.orderId, [OrderStatus.PackingProcessing], {
      status: OrderStatus.Finished,
      finishedAt: now,
    });
    this.#changed(batch.orderId);
  }

  /**
   * A finished roasting order whose roasted lots have all left the bins, the last of them
   * packed by this order, becomes 3 Packed.
   */
  async #markPacked(packingOrderId: number): Promise<void> {
    const { ledger, progress } = this.#d;
    const roastingOrders = new Set<number>();
    for (const lot of await ledger.packedLots(packingOrderId)) {
      for (const id of (await ledger.traceLot(lot.lot_number)).roasting_orders) {
        roastingOrders.add(id);
      }
    }
    for (const id of roastingOrders) {
      const made = (await ledger.traceOrder(id)).roasted_lots;
      const held = await Promise.all(
        made.map(async (l) => (await ledger.traceLot(l.lot_number)).held),
      );
      if (made.length > 0 && held.every((h) => h.length === 0)) {
        if (
          await progress.transitionOrder(id, [OrderStatus.Finished], { status: OrderStatus.Packed })
        ) {
          this.#changed(id);
        }
      }
    }
  }

  /**
   * The run failed: the order stops as Not Processed with the reason, with its run or not at
   * all. A run no longer waiting was settled by someone else, and its order is left alone.
   */
  async #fail(batch: BatchRow, reason: string): Promise<void> {
    const failed = await this.#d.progress.transaction(async (progress) => {
      const moved = await progress.transitionBatch(batch.id, ['running'], {
        status: 'failed',
        error: reason,
        finishedAt: this.#d.now(),
      });
      if (!moved) return false;
      await progress.transitionOrder(batch.orderId, [OrderStatus.PackingProcessing], {
        status: OrderStatus.NotProcessed,
        failure: `Packing failed: ${reason}`,
      });
      return true;
    });
    if (failed) this.#changed(batch.orderId);
  }

  /** The packing report's record of an order: its roasted lots, their roast dates and green lots. */
  async record(orderId: number): Promise<PackingRecord> {
    const order = await this.#order(orderId);
    const lots = await this.#d.ledger.packedLots(orderId);
    const total = lots.reduce((sum, l) => sum + l.centi, 0);
    const last = lots
      .map((l) => l.packed_at)
      .sort()
      .at(-1);
    return {
      order_id: orderId,
      customer: order.order.customer,
      recipe: order.productName,
      packed_date: last ?? order.order.finishedAt?.toISOString() ?? '',
      total_weight: fromCenti(total),
      bins: lots.map((l) => ({
        device_id: l.device_id,
        bean_name: l.bean_name,
        amount: fromCenti(l.centi),
        lot_number: l.lot_number,
        roasted_date: l.roasted_at,
        green_lots: l.green_lots,
      })),
    };
  }

  #changed(orderId: number): void {
    this.#d.hub.publish({ type: 'order', id: orderId, change: 'status' });
  }
}
