import { StandardCommand } from '@roastery/contract';
import { BaggerProcess } from './bagger-process.ts';
import { FeedbackEcho } from './feedback-echo.ts';
import type { FlowTopology } from './flow-topology.ts';
import { demoFlowTopology, fitTopology } from './flow-topology.ts';
import type { InitialValue } from './initial-values.ts';
import { applyInitialValues, demoInitialValues } from './initial-values.ts';
import { MaterialFlow } from './material-flow.ts';
import type { MaterialPort } from './material-port.ts';
import { registerPort } from './material-port.ts';
import { PlantConstants } from './plant-constants.ts';
import { Label } from './plant-labels.ts';
import type { RegisterStore } from './register-store.ts';
import { RoasterProcess, roasterRandom } from './roaster-process.ts';
import { TimerQueue } from './timer-queue.ts';
import { TransferConveyorProcess } from './transfer-conveyor-process.ts';

export interface PlantModelOptions {
  /** Seed of the green lots' jitter from batch to batch; the same seed gives the same run. */
  seed?: number;
  /** Longest stretch of plant time simulated in one step. */
  tickMs?: number;
  /** Delay before a feedback shows an app command. */
  echoDelayMs?: number;
  /** Delay before 'Manual Mode Active' shows a 'Manual Mode' write. */
  modeDelayMs?: number;
  /**
   * Which device feeds which and the transfer conveyors' route tables; paths and conveyors naming
   * devices the plant lacks are ignored.
   */
  topology?: FlowTopology;
  /** Set-points held at power-up; values for tags the plant lacks are ignored. */
  initialValues?: readonly InitialValue[];
}

/**
 * The plant behind the registers, advanced by a clock it does not own: `advance(ms)` moves plant
 * time on, whether a test calls it (manual clock) or a timer does (real clock). Every behaviour
 * keys on command labels (see plant-labels.ts), so any plant with those labels behaves alike.
 */
export class PlantModel {
  readonly store: RegisterStore;
  readonly tickMs: number;
  readonly #timers = new TimerQueue();
  readonly #roasters: RoasterProcess[] = [];
  readonly #baggers: BaggerProcess[] = [];
  readonly #conveyors: TransferConveyorProcess[] = [];
  readonly #dumpStations = new Set<string>();
  readonly #flow: MaterialFlow;
  #now = 0;

  constructor(store: RegisterStore, options: PlantModelOptions = {}) {
    this.store = store;
    this.tickMs = options.tickMs ?? PlantConstants.tickMs;
    if (!(this.tickMs > 0)) throw new RangeError('tickMs must be positive');
    const random = roasterRandom(options.seed ?? PlantConstants.seed);
    applyInitialValues(store, options.initialValues ?? demoInitialValues);

    const ports = new Map<string, MaterialPort>();
    const conveyorIds: string[] = [];
    for (const device of store.plant.devices) {
      const id = device.device_id;
      if (store.has(id, Label.Phase)) {
        const roaster = new RoasterProcess(store, id, random);
        this.#roasters.push(roaster);
        ports.set(id, roaster.port);
      } else if (store.has(id, Label.BagsPacked)) {
        const bagger = new BaggerProcess(store, id);
        this.#baggers.push(bagger);
        ports.set(id, bagger.port);
      } else if (store.has(id, Label.Occupancy)) {
        const capacity = device.capacity === undefined ? {} : { capacityLbs: device.capacity };
        ports.set(id, registerPort(store, id, Label.Occupancy, { ...capacity, receives: true }));
      } else if (store.has(id, Label.ScaleWeight)) {
        this.#dumpStations.add(id);
        ports.set(id, registerPort(store, id, Label.ScaleWeight, { receives: false }));
      } else if (store.has(id, Label.TransferState)) {
        conveyorIds.push(id);
      }
    }
    const topology = fitTopology(options.topology ?? demoFlowTopology, store);
    this.#flow = new MaterialFlow(store, topology, ports);
    for (const id of conveyorIds) {
      // Without a route table in the topology the PLC can run no route: every start is invalid.
      const conveyor = topology.conveyors?.find((candidate) => candidate.device_id === id);
      this.#conveyors.push(
        new TransferConveyorProcess(
          store,
          id,
          conveyor?.routes ?? [],
          conveyor?.lbsPerSecond ?? 0,
          ports,
        ),
      );
    }

    const echo = new FeedbackEcho(
      store,
      this.#timers,
      {
        echoDelayMs: options.echoDelayMs ?? PlantConstants.echoDelayMs,
        modeDelayMs: options.modeDelayMs ?? PlantConstants.modeDelayMs,
      },
      () => this.#now,
    );
    store.onWrite((tag, origin) => echo.onWrite(tag, origin));
  }

  /** Plant time in ms since the model started. */
  get now(): number {
    return this.#now;
  }

  /**
   * Moves plant time on by `ms`, in steps of at most tickMs, stopping exactly at every pending
   * echo so that a feedback shows precisely after its delay.
   */
  advance(ms: number): void {
    if (!(ms >= 0) || !Number.isFinite(ms)) throw new RangeError(`cannot advance by ${ms} ms`);
    const end = this.#now + ms;
    this.#timers.runDue(this.#now);
    while (this.#now < end) {
      let stepEnd = Math.min(end, this.#now + this.tickMs);
      const nextTimer = this.#timers.nextDue();
      if (nextTimer !== undefined && nextTimer > this.#now) stepEnd = Math.min(stepEnd, nextTimer);
      this.#step(stepEnd - this.#now);
      this.#now = stepEnd;
      this.#timers.runDue(this.#now);
    }
  }

  getValue(deviceId: string, label: string): number {
    return this.store.get(deviceId, label);
  }

  /**
   * Sets any tag as if its owner wrote it: an app command echoes to its feedback, an
   * 'Alarm Code' trips or releases the device, a weight changes what a silo holds.
   */
  setValue(deviceId: string, label: string, value: number | boolean): void {
    this.store.set(deviceId, label, value, 'api');
  }

  /** Raises alarm `code` (1-65535) on a device: its drives stop until the alarm clears. */
  injectAlarm(deviceId: string, code: number): void {
    if (!Number.isInteger(code) || code < 1 || code > 0xffff) {
      throw new RangeError(`alarm code must be 1-65535, got ${code}`);
    }
    this.setValue(deviceId, StandardCommand.AlarmCode, code);
  }

  clearAlarm(deviceId: string): void {
    this.setValue(deviceId, StandardCommand.AlarmCode, 0);
  }

  /** Bags dumped onto a dump station's scale; a running station drains them into a silo. */
  setDumpScaleWeight(deviceId: string, lbs: number): void {
    if (!this.#dumpStations.has(deviceId)) throw new Error(`${deviceId} is not a dump station`);
    if (!(lbs >= 0)) throw new RangeError(`scale weight must be 0 or more, got ${lbs}`);
    this.setValue(deviceId, Label.ScaleWeight, lbs);
  }

  #step(dtMs: number): void {
    for (const roaster of this.#roasters) roaster.updatePhase();
    for (const bagger of this.#baggers) bagger.beginStep(dtMs);
    this.#flow.step(dtMs);
    // Inside the baggers' step window, so any port a conveyor reaches is ready to take beans.
    for (const conveyor of this.#conveyors) conveyor.step(dtMs);
    for (const bagger of this.#baggers) bagger.endStep();
    for (const roaster of this.#roasters) roaster.updateTemperature(dtMs);
  }
}
