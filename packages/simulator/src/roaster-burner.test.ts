import { BurnerControl, RoasterPhase, demoPlant } from '@roastery/contract';
import { describe, expect, it } from 'vitest';
import { toCentiLbs } from './material-port.ts';
import { Label } from './plant-labels.ts';
import { RegisterStore } from './register-store.ts';
import { demoDropBtF, demoPreheat, demoProfile, profileInputs } from './roast-demo-profile.ts';
import { RoasterProcess, roasterRandom } from './roaster-process.ts';

const SECOND = 1_000;
const ROASTER = 'R2';
const LBS = 250;

/** R2 over the demo plant's registers, preheated, charged and roasting, a second at a time. */
function roasting(control: number, setPointF: number) {
  const store = new RegisterStore(demoPlant);
  const roaster = new RoasterProcess(store, ROASTER, roasterRandom(1));
  const set = (label: string, value: number) => store.set(ROASTER, label, value, 'plant');
  const get = (label: string) => store.get(ROASTER, label);
  const second = () => {
    roaster.updatePhase();
    roaster.updateTemperature(SECOND);
  };
  set(Label.BurnerControl, control);
  set(Label.BurnerPower, demoPreheat.burnerPct);
  set(Label.BurnerSetPoint, setPointF);
  set(Label.Airflow, demoPreheat.airflowPct);
  set(Label.BurnerOn, 1);
  set(Label.DrumRunning, 1);
  for (let s = 0; s < 600; s++) second();
  set(Label.BatchSize, LBS);
  set(Label.ChargeGateOpened, 1);
  second();
  roaster.port.put(toCentiLbs(LBS));
  set(Label.ChargeGateOpened, 0);
  second();
  expect(get(Label.Phase)).toBe(RoasterPhase.Roasting);
  return { set, get, second };
}

/** The demo profile's roast through the console's burner power: BT each second until the drop. */
function referenceRoast(): { chargeF: number; bt: number[] } {
  const plc = roasting(BurnerControl.Console, 430);
  const chargeF = plc.get(Label.BeanTemperature);
  const bt: number[] = [];
  for (let s = 0; bt.at(-1) === undefined || bt.at(-1)! < demoDropBtF; s++) {
    const inputs = profileInputs(demoProfile, s * SECOND);
    plc.set(Label.BurnerPower, inputs.burnerPct);
    plc.set(Label.Airflow, inputs.airflowPct);
    plc.second();
    bt.push(plc.get(Label.BeanTemperature));
  }
  return { chargeF, bt };
}

describe("the PLC's burner controller led along a curve", () => {
  it('follows a roast profile written a second at a time as its set-point, within 3 °F RMS', () => {
    const reference = referenceRoast();
    const turningS = reference.bt.indexOf(Math.min(...reference.bt));
    // As a console leads it: the charge temperature until it knows the turning point (BT has
    // stayed above its lowest for 10 s), then the reference in the register's whole degrees,
    // with the profile's airflow. Measured from the turning point on, as a roast record is.
    const knownS = turningS + 10;
    const plc = roasting(BurnerControl.SetPoint, Math.round(reference.chargeF));
    const off: number[] = [];
    let highest = 0;
    reference.bt.forEach((bt, s) => {
      const setPoint = s < knownS ? reference.chargeF : bt;
      plc.set(Label.BurnerSetPoint, Math.round(setPoint));
      plc.set(Label.Airflow, profileInputs(demoProfile, s * SECOND).airflowPct);
      plc.second();
      if (s >= turningS) off.push(plc.get(Label.BeanTemperature) - bt);
      highest = Math.max(highest, plc.get(Label.BurnerOutput));
    });
    const rms = Math.sqrt(off.reduce((sum, f) => sum + f * f, 0) / off.length);
    expect(rms).toBeLessThanOrEqual(3);
    expect(Math.max(...off.map(Math.abs))).toBeLessThanOrEqual(8);
    // The profile fires at 75 % for its first minutes: above the holding law's cap.
    expect(highest).toBeGreaterThan(70);
  });

  it('holds a set-point that stands still as before: the curve PID only while it moves', () => {
    const plc = roasting(BurnerControl.SetPoint, 430);
    const outputs: number[] = [];
    for (let s = 0; s < 120; s++) {
      plc.second();
      outputs.push(plc.get(Label.BurnerOutput));
    }
    // Far below 430 °F with a fresh charge, the holding law fires at its cap.
    expect(Math.max(...outputs)).toBe(70);
  });
});
