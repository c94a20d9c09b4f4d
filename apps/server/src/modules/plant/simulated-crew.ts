import type { PlantSimulatorHost } from './plant-simulator-host.ts';

const SCALE = 'Scale Weight';

/**
 * On the simulated plant the people are simulated too: when a dump is acknowledged, the crew has
 * tipped its bags onto the scale of the station its workflow drains, as they would at a real
 * station. A scale that already holds bags (put there on the Simulator page or by a test) is
 * left as it is. Against a real PLC this does nothing.
 */
export class SimulatedCrew {
  readonly #host: PlantSimulatorHost;

  constructor(host: PlantSimulatorHost) {
    this.#host = host;
  }

  tipBags(workflowDevices: string[], lbs: number): void {
    const sim = this.#host.running;
    if (!sim) return;
    const station = workflowDevices.find((device) => sim.store.has(device, SCALE));
    if (!station || sim.model.getValue(station, SCALE) > 0) return;
    sim.model.setDumpScaleWeight(station, lbs);
  }
}
