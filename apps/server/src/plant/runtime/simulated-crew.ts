import type { PlantRuntime } from './plant-runtime.ts';

/**
 * On the simulated plant the people are simulated too: when a dump is acknowledged, the crew has
 * tipped its bags onto the scale of the station its workflow drains, as they would at a real
 * station. A scale that already holds bags (put there on the Simulator page or by a test) is
 * left as it is. Against a real PLC this does nothing.
 */
export class SimulatedCrew {
  readonly #runtime: PlantRuntime;

  constructor(runtime: PlantRuntime) {
    this.#runtime = runtime;
  }

  tipBags(workflowDevices: string[], lbs: number): void {
    const sim = this.#runtime.simulator.running;
    const catalog = this.#runtime.catalog();
    const scale = catalog?.commandFor('scale-weight');
    if (!sim || !catalog || !scale) return;
    const station = workflowDevices.find((device) => catalog.refOf(device, 'scale-weight'));
    if (!station || sim.model.getValue(station, scale.label) > 0) return;
    sim.model.setDumpScaleWeight(station, lbs);
  }
}
