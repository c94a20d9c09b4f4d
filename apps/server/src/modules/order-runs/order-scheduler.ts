import { SettingRef } from '@roastery/contract';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import { ENDED_RUN_STATES } from '../../plant/hub/plant-events.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import { orderNumber } from './order-labels.ts';
import type { OrderOfRun, OrderRunRepository } from './order-run-repository.ts';
import type { OrderRunService } from './order-run-service.ts';
import type { PlantView } from './plant-view.ts';

/** Who the events log names for what the scheduler starts. */
const SCHEDULER = { fullName: 'automatic order processing' };

export interface OrderSchedulerDeps {
  repo: Pick<OrderRunRepository, 'waitingRoastingOrders' | 'activeRoastingOrders'>;
  runs: Pick<OrderRunService, 'startOrder'>;
  workflows: Pick<WorkflowService, 'workflow'>;
  plant: Pick<PlantView, 'roasterOf'>;
  settings: Pick<SettingsService, 'value'>;
  hub: EventHub;
  /** Tells people once why an order waits (a warning notification). */
  warn: (text: string) => Promise<void>;
  logger: { error(obj: object, msg: string): void };
  /** Calls fn every ms; returns a function that stops it. The settings are read on each call. */
  every: (ms: number, fn: () => void) => () => void;
}

/** How often the scheduler looks again without being told (a setting changed, a dump landed). */
export const SCHEDULER_INTERVAL_MS = 5_000;

/**
 * Automatic order processing: with r-order = 'auto' and r-is-auto = 'start', starts the
 * waiting roasting orders by priority, kanban rank and date, one order per roaster at a time.
 * It looks when an order changes, when a run ends, and every few seconds; r-is-auto = 'stop'
 * starts nothing more (orders under way go on).
 */
export class OrderScheduler {
  readonly #d: OrderSchedulerDeps;
  readonly #stops: (() => void)[] = [];
  /** Why each waiting order did not start, so that people are told once per reason. */
  readonly #told = new Map<number, string>();
  #ticking: Promise<number[]> | undefined;
  #again = false;

  constructor(deps: OrderSchedulerDeps) {
    this.#d = deps;
  }

  start(): void {
    if (this.running) return;
    const look = () => {
      void this.tick().catch((err: unknown) =>
        this.#d.logger.error({ err }, 'automatic order processing failed'),
      );
    };
    this.#stops.push(
      this.#d.hub.subscribe('order', look),
      this.#d.hub.subscribe('run', (event) => {
        if (event.change === 'state' && ENDED_RUN_STATES.includes(event.state)) look();
      }),
      this.#d.every(SCHEDULER_INTERVAL_MS, look),
    );
  }

  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  /** Between start() and stop(): it follows the plant and may start orders. */
  get running(): boolean {
    return this.#stops.length > 0;
  }

  async enabled(): Promise<boolean> {
    const { settings } = this.#d;
    return (
      (await settings.value(SettingRef.OrderMode)) === 'auto' &&
      (await settings.value(SettingRef.AutoExecution)) === 'start'
    );
  }

  /**
   * Looks once; returns the orders it started. A call while a look is under way runs one more
   * look after it, so that nothing told in between is missed.
   */
  tick(): Promise<number[]> {
    if (this.#ticking) {
      this.#again = true;
      return this.#ticking;
    }
    const run = async (): Promise<number[]> => {
      const started: number[] = [];
      do {
        this.#again = false;
        started.push(...(await this.#look()));
      } while (this.#again);
      return started;
    };
    this.#ticking = run().finally(() => {
      this.#ticking = undefined;
    });
    return this.#ticking;
  }

  async #roaster(order: OrderOfRun): Promise<string | undefined> {
    if (order.roasterCode) return order.roasterCode;
    const workflow = order.order.workflowId
      ? await this.#d.workflows.workflow(order.order.workflowId)
      : undefined;
    return workflow && this.#d.plant.roasterOf(workflow.steps);
  }

  async #look(): Promise<number[]> {
    if (!(await this.enabled())) return [];
    const { repo, runs } = this.#d;
    const busy = new Set<string>();
    for (const order of await repo.activeRoastingOrders()) {
      const roaster = await this.#roaster(order);
      if (roaster) busy.add(roaster);
    }
    const started: number[] = [];
    for (const order of await repo.waitingRoastingOrders()) {
      const roaster = await this.#roaster(order);
      if (!roaster || busy.has(roaster)) continue;
      try {
        await runs.startOrder(order.order.id, SCHEDULER);
        busy.add(roaster);
        started.push(order.order.id);
        this.#told.delete(order.order.id);
      } catch (error) {
        // The order waits (beans to dump, a device in manual); a later order may use the roaster.
        const reason = error instanceof Error ? error.message : String(error);
        if (this.#told.get(order.order.id) !== reason) {
          this.#told.set(order.order.id, reason);
          await this.#d.warn(
            `Automatic order processing could not start order ${orderNumber(order.order.id)}: ${reason}`,
          );
        }
      }
    }
    return started;
  }
}
