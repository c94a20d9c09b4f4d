import type { SimulatorState } from '@roastery/contract';
import type { Simulator } from '@roastery/simulator';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import type { PlantSimulatorHost } from '../../plant/runtime/plant-simulator-host.ts';

const NOT_RUNNING = 'The plant simulator is not running: the console is connected to a real PLC.';

/** /alarm/sim: try alarms and values on the simulated plant; refused when a real PLC is used. */
export class SimulatorService {
  readonly #host: PlantSimulatorHost;
  readonly #catalog: () => PlantCatalog | undefined;

  constructor(host: PlantSimulatorHost, catalog: () => PlantCatalog | undefined) {
    this.#host = host;
    this.#catalog = catalog;
  }

  #require(): Simulator {
    const sim = this.#host.running;
    if (!sim)
      throw conflict('The plant simulator is not running: the console is connected to a real PLC.');
    return sim;
  }

  #device(sim: Simulator, code: string) {
    const device = sim.plant.devices.find(
      (d) => d.device_id.toLowerCase() === code.toLowerCase() && !d.virtual,
    );
    if (!device) throw notFound(`The simulated plant has no device ${code}.`);
    return device;
  }

  state(): SimulatorState {
    const sim = this.#host.running;
    if (!sim) return { running: false, message: NOT_RUNNING, port: null, devices: [] };
    const catalog = this.#catalog();
    return {
      running: true,
      message: null,
      port: sim.port,
      devices: sim.plant.devices
        .filter((d) => !d.virtual)
        .map((d) => {
          const tags = sim.store.tagsOf(d.device_id);
          const alarm = tags.find(
            (t) => catalog?.roleOf(t.command_kind, t.command_id) === 'alarm-code',
          );
          return {
            device_id: d.device_id,
            device_name: d.device_name,
            alarm_code: alarm ? sim.store.valueOf(alarm) : 0,
            values: tags.map((t) => ({
              label: t.label,
              kind: t.command_kind,
              owner: t.owner,
              value: sim.store.valueOf(t),
            })),
          };
        }),
    };
  }

  setAlarm(code: string, alarm: number): void {
    const sim = this.#require();
    const device = this.#device(sim, code);
    // A device whose type has no alarm code (its commands were changed) cannot show one.
    try {
      if (alarm === 0) sim.model.clearAlarm(device.device_id);
      else sim.model.injectAlarm(device.device_id, alarm);
    } catch (error) {
      throw unprocessable(error instanceof Error ? error.message : String(error));
    }
  }

  setValue(code: string, label: string, value: number): void {
    const sim = this.#require();
    const device = this.#device(sim, code);
    if (!sim.store.has(device.device_id, label))
      throw notFound(`${device.device_name} has no value '${label}'.`);
    try {
      sim.model.setValue(device.device_id, label, value);
    } catch (error) {
      throw unprocessable(error instanceof Error ? error.message : String(error));
    }
  }
}
