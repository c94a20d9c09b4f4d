import type { FastifyBaseLogger } from 'fastify';
import {
  demoInitialValues,
  startSimulator,
  type InitialValue,
  type Simulator,
} from '@roastery/simulator';
import type { PlcConfig } from '../../config.ts';
import type { PlantRepository } from './plant-repository.ts';

/**
 * Runs the plant simulator in this process when no PLC is configured. It serves the address
 * map the database holds, on a loopback port, and the gateway talks to it over TCP exactly as
 * it would to a real PLC. Each start powers it up with the levels the console's books hold, as a
 * real plant's level sensors would read what is in its silos: the simulated levels and the
 * ledger agree from the first scan, after a restart of the console as after the first start.
 */
export class PlantSimulatorHost {
  readonly #plant: PlantRepository;
  readonly #config: PlcConfig;
  readonly #logger: FastifyBaseLogger;
  readonly #levels: () => Promise<InitialValue[]>;
  #simulator: Simulator | undefined;
  /** The port it served on first: the gateway keeps talking to it across stops and starts. */
  #port: number | undefined;

  constructor(
    plant: PlantRepository,
    config: PlcConfig,
    logger: FastifyBaseLogger,
    /** The level of each silo and bin at power-up, by its level command. */
    levels: () => Promise<InitialValue[]>,
  ) {
    this.#plant = plant;
    this.#config = config;
    this.#logger = logger;
    this.#levels = levels;
  }

  get running(): Simulator | undefined {
    return this.#simulator;
  }

  /** Starts it (once) and returns its port, the same port on every start. */
  async start(): Promise<number> {
    if (this.#simulator) return this.#simulator.port;
    const plant = await this.#plant.definition(this.#config.unitId);
    const levels = await this.#levels();
    this.#simulator = await startSimulator({
      host: '127.0.0.1',
      port: this.#port ?? this.#config.simulatorPort,
      timeScale: this.#config.simulatorTimeScale,
      plant,
      initialValues: [...demoInitialValues, ...levels],
    });
    this.#port = this.#simulator.port;
    this.#logger.info(
      { port: this.#simulator.port, devices: plant.devices.length, stocked: levels.length },
      'plant simulator serving Modbus TCP on loopback',
    );
    return this.#simulator.port;
  }

  async stop(): Promise<void> {
    const simulator = this.#simulator;
    this.#simulator = undefined;
    await simulator?.stop();
  }

  /** Serves a changed address map; the simulated plant starts again from its initial state. */
  async reload(): Promise<void> {
    if (!this.#simulator) return;
    await this.stop();
  }
}
