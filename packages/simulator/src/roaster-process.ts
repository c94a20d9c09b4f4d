import { RoasterPhase } from '@roastery/contract';
import type { MaterialPort } from './material-port.ts';
import { fromCentiLbs, toCentiLbs } from './material-port.ts';
import { PlantConstants } from './plant-constants.ts';
import { Label } from './plant-labels.ts';
import type { RegisterStore } from './register-store.ts';
import { deviceRegisters, type DeviceRegisters } from './device-registers.ts';

export interface RoastSettings {
  ambientF: number;
  heatRateFPerSecond: number;
  trayCoolingRateFPerSecond: number;
  naturalRateFPerSecond: number;
  roastLoss: number;
  roastLossJitter: number;
}

/**
 * One roaster's batch cycle, driven by its feedback coils as a PLC program would be:
 * idle -> charging while the charge gate is open (green beans arrive up to 'Batch Size')
 * -> roasting once the gate closes -> dropping when the drop door opens (the roasted weight is the
 * green weight less the roast loss, and lands in the cooling tray) -> cooling once the door closes
 * -> idle when the tray has discharged everything. One batch at a time: a charge gate opened in
 * any other phase than idle lets nothing in.
 */
export class RoasterProcess {
  readonly deviceId: string;
  readonly port: MaterialPort;
  readonly #io: DeviceRegisters;
  readonly #random: () => number;
  readonly #settings: RoastSettings;
  /** Green beans in the drum, hundredths of a lb. */
  #drum = 0;
  /** Roasted beans in the cooling tray, hundredths of a lb. */
  #tray = 0;
  /** Kept unrounded: the register's 0.1 °F steps would stall slow drifts. */
  #temperatureF: number;

  constructor(
    store: RegisterStore,
    deviceId: string,
    random: () => number,
    settings: RoastSettings = PlantConstants,
  ) {
    this.deviceId = deviceId;
    this.#io = deviceRegisters(store, deviceId);
    this.#random = random;
    this.#settings = settings;
    this.#temperatureF = settings.ambientF;
    this.#io.write(Label.BeanTemperature, settings.ambientF);
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
          // Cold beans engulf the probe: the reading falls to their temperature.
          this.#temperatureF = this.#settings.ambientF;
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

  updateTemperature(dtMs: number): void {
    const { ambientF, heatRateFPerSecond, trayCoolingRateFPerSecond, naturalRateFPerSecond } =
      this.#settings;
    const phase = this.#phase();
    const inTray = phase === RoasterPhase.Dropping || phase === RoasterPhase.Cooling;
    let target = ambientF;
    let rate = naturalRateFPerSecond;
    if (inTray) {
      if (this.#io.on(Label.CoolingTrayRunning)) rate = trayCoolingRateFPerSecond;
    } else if (this.#io.on(Label.BurnerOn) && this.#io.on(Label.DrumRunning)) {
      target = this.#io.read(Label.BurnerSetPoint);
      rate = heatRateFPerSecond;
    }
    const step = (rate * dtMs) / 1000;
    const gap = target - this.#temperatureF;
    this.#temperatureF =
      Math.abs(gap) <= step ? target : this.#temperatureF + Math.sign(gap) * step;
    this.#io.write(Label.BeanTemperature, Math.round(this.#temperatureF * 10) / 10);
  }

  #drop(): void {
    const { roastLoss, roastLossJitter } = this.#settings;
    const loss = roastLoss + (this.#random() * 2 - 1) * roastLossJitter;
    const roasted = Math.round(this.#drum * (1 - loss));
    this.#tray += roasted;
    this.#drum = 0;
    this.#io.write(Label.RoastedWeight, fromCentiLbs(roasted));
    this.#setPhase(RoasterPhase.Dropping);
  }

  #phase(): number {
    return this.#io.read(Label.Phase);
  }

  #setPhase(phase: number): void {
    this.#io.write(Label.Phase, phase);
  }
}
