import type {
  BatchOfOrder,
  CheckBeansReply,
  Dump,
  FillSiloBody,
  OrderPaths,
  StartWithDevicesBody,
} from '@roastery/contract';
import { ENDED_RUN_STATES } from '../../plant/hub/plant-events.ts';
import type { Principal } from '../auth/auth-service.ts';
import { batchesOf } from './batches-of-order.ts';
import { beanMatch, checkBeans, pathsFor, requestDump } from './before-start.ts';
import { fillSilo } from './fill-silo.ts';
import { advanceOrder } from './order-advance.ts';
import type { OrderRunServiceDeps, StartOptions, StartOrder } from './order-run-context.ts';
import { startOrder } from './order-start.ts';
import { KeyedSerial } from './serial.ts';
import { startWithDevices } from './start-with-devices.ts';

/**
 * Starting roasting orders and moving them on: the checks before a start (modes, beans), the
 * dump requests for what is missing, the start itself, and after every batch the next one, or
 * the end of the order. Pausing holds the next batch until the order is resumed. Each use case
 * is a module of its own; this holds what they share: one change at a time per order, and the
 * orders waiting for devices.
 */
export class OrderRunService {
  readonly #d: OrderRunServiceDeps;
  readonly #serial = new KeyedSerial();
  /** Orders whose next batch waits for devices another run drives; tried again as runs end. */
  readonly #waitingForDevices = new Set<number>();
  #unsubscribe: (() => void) | undefined;
  /** The start the other use cases end with, one at a time per order as a person's. */
  readonly #start: StartOrder = (orderId, who, options) => this.startOrder(orderId, who, options);

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

  checkBeans(orderId: number, startDevice?: string): Promise<CheckBeansReply> {
    return checkBeans(this.#d, orderId, startDevice);
  }

  pathsFor(orderId: number): Promise<OrderPaths> {
    return pathsFor(this.#d, orderId);
  }

  beanMatch(orderId: number, startDevice: string): Promise<{ same_bean: boolean }> {
    return beanMatch(this.#d, orderId, startDevice);
  }

  requestDump(orderId: number, deviceId: string, who: Principal): Promise<Dump> {
    return requestDump(this.#d, orderId, deviceId, who);
  }

  /** Starts a roasting order once no other change of it is under way. */
  startOrder(
    orderId: number,
    who: Pick<Principal, 'fullName'>,
    options: StartOptions = {},
  ): Promise<{ workflowId: number; message: string }> {
    return this.#serial.run(orderId, () => startOrder(this.#d, orderId, who, options));
  }

  startWithDevices(body: StartWithDevicesBody, who: Principal): Promise<{ message: string }> {
    return startWithDevices(this.#d, body, who, this.#start);
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
    return this.#serial.run(orderId, () => advanceOrder(this.#d, this.#waitingForDevices, orderId));
  }

  fillSilo(body: FillSiloBody, who: Principal): Promise<{ order_id: number; message: string }> {
    return fillSilo(this.#d, body, who, this.#start);
  }

  /**
   * The profile version the batch roasting on this roaster follows, if it follows one, with the
   * id of the batch's workflow run.
   */
  async profileRoastingOn(
    roaster: string,
  ): Promise<{ id: number; version: number; runId: string } | undefined> {
    const { repo } = this.#d;
    const ref = (await repo.deviceRefs([roaster])).get(roaster);
    if (ref === undefined) return undefined;
    const batch = (await repo.runningBatches('roasting')).find((b) => b.roasterDevice === ref);
    const { roastProfileId: id, roastProfileVersion: version, runId } = batch ?? {};
    if (id == null || version == null || runId == null) return undefined;
    return { id, version, runId };
  }

  batchesOf(orderId: number): Promise<BatchOfOrder[]> {
    return batchesOf(this.#d, orderId);
  }
}
