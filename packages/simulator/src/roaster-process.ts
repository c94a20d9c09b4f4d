import { BurnerControl, RoasterPhase, demoRoasterBatchLbs } from '@roastery/contract';
import type { MaterialPort } from './material-port.ts';
import { fromCentiLbs, toCentiLbs } from './material-port.ts';
import { PlantConstants } from './plant-constants.ts';
import { Label } from './plant-labels.ts';
import type { RegisterStore } from './register-store.ts';
import { deviceRegisters, type DeviceRegisters } from './device-registers.ts';
import { demoPreheat } from './roast-demo-profile.ts';
import type { GreenLot, RoastInputs, RoastState, RoasterSpec } from './roast-physics.ts';
import {
  addBeans,
  colourOf,
  demoRoasterSpec,
  drop,
  preheatedRoaster,
  scaledRoasterSpec,
  step,
  typicalGreenLot,
} from './roast-physics.ts';
import { seededRandom } from './seeded-random.ts';
import { plcBurner, restingController, type BurnerControllerState } from './roaster-burner.ts';

/** Airflow of a roaster whose plant has no 'Airflow' register. */
const DEFAULT_AIRFLOW_PCT = 50;

/**
 * A roaster's seeded draws: its batches' green lots, and its moisture meter's spread, each from
 * its own generator so that one never shifts the other's sequence.
 */
export interface RoasterRandom {
  lots: () => number;
  meter: () => number;
}

/** Both of a plant's roaster generators on one seed: the meter's is seeded apart from the lots'. */
export function roasterRandom(seed: number): RoasterRandom {
  return { lots: seededRandom(seed), meter: seededRandom(seed ^ 0x5bd1e995) };
}

/** The demo roaster built for this device's batch size; the 500 lb demo roaster otherwise. */
export function roasterSpecOf(deviceId: string): RoasterSpec {
  // Own keys only: a device named 'constructor' found Object's function and roasted NaN.
  const batchLbs = Object.hasOwn(demoRoasterBatchLbs, deviceId)
    ? demoRoasterBatchLbs[deviceId]
    : undefined;
  return batchLbs === undefined ? demoRoasterSpec : scaledRoasterSpec(demoRoasterSpec, batchLbs);
}

/**
 * One roaster's batch cycle, driven by its feedback coils as a PLC program would be:
 * idle -> charging while the charge gate is open (green beans arrive up to 'Batch Size')
 * -> roasting once the gate closes -> dropping when the drop door opens (the roasted weight is
 * what the roast left of the green weight, and lands in the cooling tray) -> cooling once the door
 * closes -> idle when the tray has discharged everything. One batch at a time: a charge gate
 * opened in any other phase than idle lets nothing in.
 *
 * Underneath, the heat-transfer model (roast-physics.ts) runs every step, batch or not: the burner
 * heats the empty drum between batches, the beans join the batch as they arrive and come out,
 * roasted as far as the model took it, when the drop door opens. The roaster powers up hot from
 * the demo preheat, as a roastery's first batch of the day follows one. Burner Control says who
 * sets the burner: the PLC's set-point controller (roaster-burner.ts) or the console's power.
 */
export class RoasterProcess {
  readonly deviceId: string;
  readonly port: MaterialPort;
  readonly #io: DeviceRegisters;
  readonly #random: RoasterRandom;
  readonly #spec: RoasterSpec;
  readonly #lot: GreenLot;
  /** Green beans in the drum, hundredths of a lb. */
  #drum = 0;
  /** Roasted beans in the cooling tray, hundredths of a lb. */
  #tray = 0;
  #state: RoastState;
  /** The green lot of the batch being charged. */
  #batchLot: GreenLot;
  /** The PLC's burner controller, at rest whenever it stops driving the burner. */
  #controller: BurnerControllerState = restingController;

  constructor(
    store: RegisterStore,
    deviceId: string,
    random: RoasterRandom,
    spec: RoasterSpec = roasterSpecOf(deviceId),
    lot: GreenLot = typicalGreenLot,
  ) {
    this.deviceId = deviceId;
    this.#io = deviceRegisters(store, deviceId);
    this.#random = random;
    this.#spec = spec;
    this.#lot = lot;
    this.#batchLot = lot;
    this.#state = preheatedRoaster(spec, demoPreheat);
    this.#writeReadings(0);
    this.port = {
      available: () => this.#tray,
      room: () =>
        this.#phase() === RoasterPhase.Charging
          ? Math.max(0, toCentiLbs(this.#io.read(Label.BatchSize)) - this.#drum)
          : 0,
      take: (centiLbs) => {
        this.#tray -= centiLbs;
      },
      put: (centiLbs) => {
        this.#drum += centiLbs;
        this.#io.write(Label.GreenWeight, fromCentiLbs(this.#drum));
        this.#state = addBeans(this.#spec, this.#state, this.#batchLot, fromCentiLbs(centiLbs));
      },
    };
  }

  /** Phase changes come before the flows of a step, so a gate that opens lets beans in at once. */
  updatePhase(): void {
    switch (this.#phase()) {
      case RoasterPhase.Idle:
        if (this.#io.on(Label.ChargeGateOpened)) {
          this.#drum = 0;
          this.#io.write(Label.GreenWeight, 0);
          this.#io.write(Label.RoastedWeight, 0);
          this.#io.write(Label.FirstCrack, 0);
          this.#io.write(Label.RoastTime, 0);
          this.#batchLot = this.#drawLot();
          this.#setPhase(RoasterPhase.Charging);
        }
        break;
      case RoasterPhase.Charging:
        if (!this.#io.on(Label.ChargeGateOpened)) {
          this.#setPhase(this.#drum > 0 ? RoasterPhase.Roasting : RoasterPhase.Idle);
        }
        break;
      case RoasterPhase.Roasting:
        if (this.#io.on(Label.DropDoorOpened)) this.#drop();
        break;
      case RoasterPhase.Dropping:
        if (!this.#io.on(Label.DropDoorOpened)) this.#setPhase(RoasterPhase.Cooling);
        break;
      case RoasterPhase.Cooling:
        if (this.#tray === 0) this.#setPhase(RoasterPhase.Idle);
        break;
    }
  }

  /** Runs the model for `dtMs` under what the registers ask for, then writes its readings. */
  updateTemperature(dtMs: number): void {
    const inputs = this.#inputs(dtMs);
    this.#state = step(this.#spec, this.#state, inputs, dtMs);
    this.#writeReadings(inputs.burnerPct);
  }

  #inputs(dtMs: number): RoastInputs {
    const airflowPct = this.#io.has(Label.Airflow)
      ? this.#io.read(Label.Airflow)
      : DEFAULT_AIRFLOW_PCT;
    const drumRunning = this.#io.on(Label.DrumRunning);
    const byConsole = this.#io.read(Label.BurnerControl) === BurnerControl.Console;
    if (!this.#io.on(Label.BurnerOn) || byConsole) {
      this.#controller = restingController;
      const burnerPct = this.#io.on(Label.BurnerOn) ? this.#io.read(Label.BurnerPower) : 0;
      return { burnerPct, airflowPct, drumRunning };
    }
    const held = plcBurner(this.#spec, this.#controller, {
      setPointF: this.#io.read(Label.BurnerSetPoint),
      btF: this.#state.btF,
      airflowPct,
      dtMs,
    });
    this.#controller = held.state;
    return { burnerPct: held.burnerPct, airflowPct, drumRunning };
  }

  #writeReadings(burnerPct: number): void {
    const { btF, etF, inletF, batch } = this.#state;
    this.#io.write(Label.BeanTemperature, tenths(btF));
    this.#io.write(Label.EnvironmentTemperature, tenths(etF));
    this.#io.write(Label.InletTemperature, tenths(inletF));
    this.#io.write(Label.BurnerOutput, tenths(burnerPct));
    if (!batch) return;
    this.#io.write(Label.RoastTime, Math.floor(batch.elapsedMs / 1_000));
    this.#io.write(Label.BeanColour, tenths(colourOf(batch.degree)));
    if (batch.firstCrackMs !== null) this.#io.write(Label.FirstCrack, 1);
  }

  /**
   * The lot of the batch being charged: what the console wrote of it ('Green Moisture' in %,
   * 'Green Density' in g/L) within a measurement's spread, else a lot like the roaster's usual
   * one within the seeded jitter of one lot against another; each figure on its own.
   */
  #drawLot(): GreenLot {
    const c = PlantConstants;
    const moisturePct = this.#io.read(Label.GreenMoisture);
    const densityGPerL = this.#io.read(Label.GreenDensity);
    // Both drawn whatever is known, so that a batch's jitter never depends on another's lot.
    const [moistureJitter, densityJitter] = [jitter(this.#random.lots), jitter(this.#random.lots)];
    return {
      moisture:
        moisturePct > 0
          ? moisturePct / 100 + moistureJitter * c.measuredMoistureJitter
          : this.#lot.moisture + moistureJitter * c.lotMoistureJitter,
      densityGPerL:
        densityGPerL > 0
          ? densityGPerL + densityJitter * c.measuredDensityJitterGPerL
          : this.#lot.densityGPerL + densityJitter * c.lotDensityJitterGPerL,
    };
  }

  #drop(): void {
    const { state, result } = drop(this.#state);
    this.#state = state;
    const roasted = Math.round(this.#drum * (1 - result.loss));
    this.#tray += roasted;
    this.#drum = 0;
    this.#io.write(Label.RoastedWeight, fromCentiLbs(roasted));
    this.#io.write(Label.BeanColour, tenths(result.colour));
    const moisturePct =
      result.roastedMoisture * 100 +
      jitter(this.#random.meter) * PlantConstants.roastedMoistureJitterPct;
    this.#io.write(Label.RoastedMoisture, tenths(Math.max(0, moisturePct)));
    this.#setPhase(RoasterPhase.Dropping);
  }

  #phase(): number {
    return this.#io.read(Label.Phase);
  }

  #setPhase(phase: number): void {
    this.#io.write(Label.Phase, phase);
  }
}

/** A draw spread evenly over -1..1. */
function jitter(random: () => number): number {
  return random() * 2 - 1;
}

/** A register's 0.1 steps; the model keeps its own values unrounded. */
function tenths(value: number): number {
  return Math.round(value * 10) / 10;
}
