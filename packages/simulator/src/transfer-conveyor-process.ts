import { StandardCommand, TransferState } from '@roastery/contract';
import type { MaterialPort } from './material-port.ts';
import { fromCentiLbs, toCentiLbs } from './material-port.ts';
import { PlantConstants } from './plant-constants.ts';
import { Label } from './plant-labels.ts';
import type { RegisterStore } from './register-store.ts';
import { deviceRegisters, type DeviceRegisters } from './device-registers.ts';

interface Route {
  from: MaterialPort;
  to: MaterialPort;
}

/**
 * The PLC program of a route-selecting transfer conveyor. The console sets 'Transfer Source' and
 * 'Transfer Target' as route numbers (n is the n-th device of the conveyor's route table) and
 * 'Transfer Weight', then starts it. When 'Running' comes on, the program zeroes 'Transferred
 * Weight' and takes the route and the weight as they are then; a route it cannot run (a number
 * out of range, the same device twice, a device the plant lacks or one without a weight
 * register) shows InvalidRoute and moves nothing. Otherwise beans move at the conveyor's rate
 * until the weight is across (Done). A source that runs empty or a target that fills shows NoFlow once that has lasted
 * transferNoFlowMs, and Running again as soon as beans move. 'Start' written 0 ends the transfer
 * (Idle); 'Transferred Weight' keeps its value for operators to read until the next start.
 *
 * An alarm trips 'Running' as it trips every drive (see FeedbackEcho) while 'Start' stays on: the
 * transfer then holds, state and count unchanged, and carries on when the alarm has cleared and
 * 'Running' returns; starting afresh then would move the whole weight a second time. 'Start'
 * written 0 while tripped ends it.
 */
export class TransferConveyorProcess {
  readonly deviceId: string;
  readonly #io: DeviceRegisters;
  readonly #routes: readonly string[];
  readonly #lbsPerSecond: number;
  readonly #ports: ReadonlyMap<string, MaterialPort>;
  #wasRunning = false;
  #held = false;
  /** The route taken at the start; none after an invalid route or once the transfer ended. */
  #route: Route | undefined;
  /** Hundredths of a lb, like the ports. */
  #weight = 0;
  #transferred = 0;
  #stalledMs = 0;

  constructor(
    store: RegisterStore,
    deviceId: string,
    routes: readonly string[],
    lbsPerSecond: number,
    ports: ReadonlyMap<string, MaterialPort>,
  ) {
    this.deviceId = deviceId;
    this.#io = deviceRegisters(store, deviceId);
    this.#routes = routes;
    this.#lbsPerSecond = lbsPerSecond;
    this.#ports = ports;
  }

  step(dtMs: number): void {
    const running = this.#io.on(Label.Running);
    if (running !== this.#wasRunning) {
      this.#wasRunning = running;
      if (!running) {
        if (this.#tripped()) this.#held = true;
        else this.#end();
      } else if (this.#held) {
        this.#held = false;
      } else {
        this.#start();
      }
    }
    if (this.#held && !this.#io.on(Label.Start)) {
      this.#held = false;
      this.#end();
    }
    const state = this.#io.read(Label.TransferState);
    const active = state === TransferState.Running || state === TransferState.NoFlow;
    if (running && active && this.#route) this.#move(this.#route, dtMs);
  }

  #start(): void {
    this.#transferred = 0;
    this.#stalledMs = 0;
    this.#io.write(Label.TransferredWeight, 0);
    this.#weight = toCentiLbs(this.#io.read(Label.TransferWeight));
    this.#route = this.#routeOf(
      this.#io.read(Label.TransferSource),
      this.#io.read(Label.TransferTarget),
    );
    this.#setState(this.#route ? TransferState.Running : TransferState.InvalidRoute);
  }

  #end(): void {
    this.#route = undefined;
    this.#setState(TransferState.Idle);
  }

  #routeOf(source: number, target: number): Route | undefined {
    const sourceId = this.#routes[source - 1];
    const targetId = this.#routes[target - 1];
    if (sourceId === undefined || targetId === undefined || sourceId === targetId) return undefined;
    const from = this.#ports.get(sourceId);
    const to = this.#ports.get(targetId);
    return from && to ? { from, to } : undefined;
  }

  #move({ from, to }: Route, dtMs: number): void {
    const remaining = this.#weight - this.#transferred;
    if (remaining <= 0) {
      this.#setState(TransferState.Done);
      return;
    }
    const flowing = Math.min(from.available(), to.room());
    if (flowing <= 0) {
      this.#stalledMs += dtMs;
      if (this.#stalledMs >= PlantConstants.transferNoFlowMs) {
        this.#setState(TransferState.NoFlow);
      }
      return;
    }
    this.#stalledMs = 0;
    const byRate = Math.round((this.#lbsPerSecond * dtMs) / 10);
    const amount = Math.min(byRate, remaining, flowing);
    if (amount <= 0) return;
    from.take(amount);
    to.put(amount);
    this.#transferred += amount;
    this.#io.write(Label.TransferredWeight, fromCentiLbs(this.#transferred));
    this.#setState(this.#transferred >= this.#weight ? TransferState.Done : TransferState.Running);
  }

  #tripped(): boolean {
    return (
      this.#io.has(StandardCommand.AlarmCode) && this.#io.read(StandardCommand.AlarmCode) !== 0
    );
  }

  #setState(state: number): void {
    if (this.#io.read(Label.TransferState) !== state) this.#io.write(Label.TransferState, state);
  }
}
