import type { FlowPath, FlowTopology } from './flow-topology.ts';
import type { MaterialPort } from './material-port.ts';
import type { RegisterStore } from './register-store.ts';

/**
 * Moves beans along every path whose conditions hold, in topology order, each limited by its
 * rate, by what its source holds and by the room its destination has. Nothing is created: what
 * a source loses, its destination (and the divert target) gains.
 */
export class MaterialFlow {
  readonly #store: RegisterStore;
  readonly #paths: readonly FlowPath[];
  readonly #ports: ReadonlyMap<string, MaterialPort>;
  /** Fractions of a hundredth diverted but not yet moved, per path, so the share stays exact. */
  readonly #divertCarry = new Map<FlowPath, number>();

  constructor(
    store: RegisterStore,
    topology: FlowTopology,
    ports: ReadonlyMap<string, MaterialPort>,
  ) {
    this.#store = store;
    this.#ports = ports;
    this.#paths = topology.paths.filter((path) =>
      [path.from, path.to, ...(path.divert ? [path.divert.to] : [])].every((id) => ports.has(id)),
    );
  }

  step(dtMs: number): void {
    for (const path of this.#paths) {
      if (path.when.every(({ device_id, label }) => this.#store.isOn(device_id, label))) {
        this.#move(path, dtMs);
      }
    }
  }

  #move(path: FlowPath, dtMs: number): void {
    const from = this.#port(path.from);
    const to = this.#port(path.to);
    const byRate = Math.round((path.lbsPerSecond * dtMs) / 10);
    const fraction = path.divert?.fraction ?? 0;
    const room = to.room();
    // The destination's room bounds what arrives, which is what left minus the diverted share.
    const byRoom = fraction > 0 ? Math.floor(room / (1 - fraction)) : room;
    const amount = Math.min(byRate, from.available(), byRoom);
    if (amount <= 0) return;
    const owed = amount * fraction + (this.#divertCarry.get(path) ?? 0);
    const diverted = Math.min(Math.floor(owed), amount);
    const arriving = Math.min(amount - diverted, room);
    const leaving = arriving + diverted;
    if (path.divert) {
      // A full waste bin stops the cleaner rather than losing beans.
      const target = this.#port(path.divert.to);
      if (target.room() < diverted) return;
      target.put(diverted);
      this.#divertCarry.set(path, owed - diverted);
    }
    from.take(leaving);
    to.put(arriving);
  }

  #port(deviceId: string): MaterialPort {
    const port = this.#ports.get(deviceId);
    if (!port) throw new Error(`no material port for ${deviceId}`);
    return port;
  }
}
