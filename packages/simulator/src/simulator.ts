import type { PlantDefinition } from '@roastery/contract';
import { demoPlant } from '@roastery/contract';
import type { FlowTopology } from './flow-topology.ts';
import type { InitialValue } from './initial-values.ts';
import { startModbusServer } from './modbus-server.ts';
import { PlantModel } from './plant-model.ts';
import { RegisterStore } from './register-store.ts';

export interface SimulatorOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  host?: string;
  /** The plant to serve; the demo plant by default. */
  plant?: PlantDefinition;
  /** 'real' advances the plant with wall time; 'manual' only when `model.advance(ms)` is called. */
  clock?: 'real' | 'manual';
  /** Seed of the plant's randomness (each batch's green lot). */
  seed?: number;
  /** Step of the plant clock in ms. */
  tickMs?: number;
  echoDelayMs?: number;
  modeDelayMs?: number;
  /** With the real clock: plant seconds per wall second, to run a demo faster than life. */
  timeScale?: number;
  /** Which device feeds which; the demo plant's routes by default. */
  topology?: FlowTopology;
  /** What the registers hold at power-up; the demo plant's set-points by default. */
  initialValues?: readonly InitialValue[];
  /**
   * Time the Modbus server takes to answer each request, as a PLC answers at the end of its
   * scan: 0 is the fast path for benchmarks. Unset, modbus-serial's server answers (about 1 ms
   * per request of a connection, from a timer).
   */
  requestDelayMs?: number;
}

export interface Simulator {
  host: string;
  port: number;
  plant: PlantDefinition;
  store: RegisterStore;
  model: PlantModel;
  /** The Modbus server's delay per request; undefined when the library's server answers. */
  requestDelayMs: number | undefined;
  /**
   * Stops the wall clock: from now on the plant's time moves only by `model.advance`, for a
   * caller that drives it (a test keeping the plant in step with the console).
   */
  takeClock(): void;
  /** Stops the clock and the server; the port is free again when this resolves. */
  stop(): Promise<void>;
}

/** Advances the model with wall time until stopped. */
function runRealClock(model: PlantModel, tickMs: number, timeScale: number): () => void {
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    model.advance((now - last) * timeScale);
    last = now;
  }, tickMs);
  // The open server keeps a standalone simulator alive; the clock alone must not keep a test up.
  timer.unref();
  return () => clearInterval(timer);
}

/** Starts the plant model and its Modbus TCP server in this process. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const timeScale = options.timeScale ?? 1;
  if (!(timeScale > 0)) throw new RangeError('timeScale must be positive');
  const plant = options.plant ?? demoPlant;
  const store = new RegisterStore(plant);
  const model = new PlantModel(store, {
    seed: options.seed,
    tickMs: options.tickMs,
    echoDelayMs: options.echoDelayMs,
    modeDelayMs: options.modeDelayMs,
    topology: options.topology,
    initialValues: options.initialValues,
  });
  const server = await startModbusServer(store, {
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    unitId: plant.unitId,
    requestDelayMs: options.requestDelayMs,
  });
  let stopClock =
    options.clock === 'manual' ? () => undefined : runRealClock(model, model.tickMs, timeScale);
  const takeClock = () => {
    stopClock();
    stopClock = () => undefined;
  };

  return {
    host: server.host,
    port: server.port,
    plant,
    store,
    model,
    requestDelayMs: options.requestDelayMs,
    takeClock,
    stop: async () => {
      takeClock();
      await server.close();
    },
  };
}
