import { BurnerControl, RoasterPhase, demoPlant } from '@roastery/contract';
import { describe, expect, it } from 'vitest';
import { toCentiLbs } from './material-port.ts';
import { Label } from './plant-labels.ts';
import { RegisterStore } from './register-store.ts';
import { demoDropBtF, demoPreheat, demoProfile, profileInputs } from './roast-demo-profile.ts';
import { demoRoasterSpec } from './roast-physics.ts';
import { RoasterProcess, roasterRandom, roasterSpecOf } from './roaster-process.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

interface Event {
  ms: number;
  btF: number;
}

/** One roaster over the demo plant's registers, its coils set as the PLC's feedbacks show them. */
class Bench {
  readonly store = new RegisterStore(demoPlant);
  readonly deviceId: string;
  readonly roaster: RoasterProcess;

  constructor(deviceId: string, seed = 1) {
    this.deviceId = deviceId;
    this.roaster = new RoasterProcess(this.store, deviceId, roasterRandom(seed));
    this.set(Label.Airflow, 50);
  }

  get(label: string): number {
    return this.store.get(this.deviceId, label);
  }

  set(label: string, value: number): void {
    this.store.set(this.deviceId, label, value, 'plant');
  }

  run(ms: number, each: (elapsedMs: number) => void = () => undefined): void {
    for (let t = 0; t < ms; t += SECOND) {
      each(t);
      this.roaster.updatePhase();
      this.roaster.updateTemperature(SECOND);
    }
  }

  /** Burner and drum on, the batch in through the charge gate, the gate closed again. */
  charge(greenLbs: number): void {
    this.set('Burner On', 1);
    this.set('Drum Running', 1);
    this.set(Label.BatchSize, greenLbs);
    this.set(Label.ChargeGateOpened, 1);
    this.run(SECOND);
    this.roaster.port.put(toCentiLbs(greenLbs));
    this.set(Label.ChargeGateOpened, 0);
    this.run(SECOND);
    expect(this.get(Label.Phase)).toBe(RoasterPhase.Roasting);
  }

  /** Roasts until BT reads `dropBtF` after the turning point, marking events as a logger would. */
  roast(dropBtF: number, inputsAt?: (ms: number) => void) {
    let lowest: Event = { ms: 0, btF: this.get(Label.BeanTemperature) };
    let turningPoint: Event | null = null;
    let dryEnd: Event | null = null;
    let firstCrack: Event | null = null;
    for (let ms = 0; ms < 20 * MINUTE; ms += SECOND) {
      inputsAt?.(ms);
      this.run(SECOND);
      const now = { ms: ms + SECOND, btF: this.get(Label.BeanTemperature) };
      if (!turningPoint) {
        if (now.btF <= lowest.btF) lowest = now;
        else turningPoint = lowest;
      } else if (!dryEnd && now.btF >= 300) dryEnd = now;
      if (!firstCrack && this.get(Label.FirstCrack) === 1) firstCrack = now;
      if (turningPoint && now.btF >= dropBtF) {
        const green = this.get(Label.GreenWeight);
        this.set(Label.DropDoorOpened, 1);
        this.run(SECOND);
        expect(this.get(Label.Phase)).toBe(RoasterPhase.Dropping);
        const roasted = this.get(Label.RoastedWeight);
        // The roast timer counts from the first beans in, a second before `ms` began, and holds.
        expect(this.get(Label.RoastTime)).toBe(now.ms / SECOND + 1);
        return {
          turningPoint,
          dryEnd,
          firstCrack,
          drop: now,
          loss: 1 - roasted / green,
          roasted,
          colour: this.get(Label.BeanColour),
          moisture: this.get(Label.RoastedMoisture),
        };
      }
    }
    throw new Error(`BT never reached ${dropBtF} °F`);
  }

  /** The console drives the burner and airflow along the demo profile. */
  byProfile(): (ms: number) => void {
    this.set(Label.BurnerControl, BurnerControl.Console);
    return (ms) => {
      const inputs = profileInputs(demoProfile, ms);
      this.set(Label.BurnerPower, inputs.burnerPct);
      this.set(Label.Airflow, inputs.airflowPct);
    };
  }
}

describe.each([
  ['R1', 500],
  ['R2', 250],
])('%s roasting a full %d lb batch on the demo profile to a city roast', (deviceId, lbs) => {
  const bench = new Bench(deviceId);
  const profile = bench.byProfile();
  bench.set(Label.BurnerPower, demoPreheat.burnerPct);
  bench.set(Label.BurnerOn, 1);
  bench.run(10 * MINUTE);
  const chargeEtF = bench.get(Label.EnvironmentTemperature);
  bench.charge(lbs);
  const roast = bench.roast(demoDropBtF, profile);

  it('charges into a drum preheated to 380-430 °F ET', () => {
    expect(chargeEtF).toBeGreaterThanOrEqual(380);
    expect(chargeEtF).toBeLessThanOrEqual(430);
  });

  it('turns near 200 °F at 1:00-1:30 and dries (300 °F) at 4:30-5:30', () => {
    expect(roast.turningPoint.ms).toBeGreaterThanOrEqual(1 * MINUTE);
    expect(roast.turningPoint.ms).toBeLessThanOrEqual(1.5 * MINUTE);
    expect(roast.turningPoint.btF).toBeGreaterThanOrEqual(180);
    expect(roast.turningPoint.btF).toBeLessThanOrEqual(220);
    expect(roast.dryEnd?.ms).toBeGreaterThanOrEqual(4.5 * MINUTE);
    expect(roast.dryEnd?.ms).toBeLessThanOrEqual(5.5 * MINUTE);
  });

  it("raises 'First Crack' at 8:30-10:00 and drops at 11-14 min", () => {
    expect(roast.firstCrack?.ms).toBeGreaterThanOrEqual(8.5 * MINUTE);
    expect(roast.firstCrack?.ms).toBeLessThanOrEqual(10 * MINUTE);
    expect(roast.drop.ms).toBeGreaterThanOrEqual(11 * MINUTE);
    expect(roast.drop.ms).toBeLessThanOrEqual(14 * MINUTE);
  });

  it('loses 13-15 % of the green weight and reads a medium colour', () => {
    expect(roast.loss).toBeGreaterThanOrEqual(0.13);
    expect(roast.loss).toBeLessThanOrEqual(0.15);
    expect(roast.colour).toBeGreaterThanOrEqual(50);
    expect(roast.colour).toBeLessThanOrEqual(70);
  });

  it("reads the water the roast left as 'Roasted Moisture' at the drop, % of the roasted weight", () => {
    // The model dries a typical 11 % lot to about 1.3 % of its roasted weight by a city roast.
    expect(roast.moisture).toBeGreaterThanOrEqual(1);
    expect(roast.moisture).toBeLessThanOrEqual(2);
  });
});

describe('the PLC holding the burner set-point', () => {
  it('preheats the empty drum to the set-point with the burner on', () => {
    const bench = new Bench('R1');
    bench.set(Label.BurnerSetPoint, 430);
    bench.set(Label.BurnerOn, 1);
    bench.set(Label.DrumRunning, 1);
    bench.run(20 * MINUTE);
    expect(bench.get(Label.BeanTemperature)).toBeCloseTo(430, -1);
    expect(bench.get(Label.EnvironmentTemperature)).toBeCloseTo(430, -1);
    expect(bench.get(Label.InletTemperature)).toBeGreaterThan(430);
    expect(bench.get(Label.BurnerOutput)).toBeGreaterThan(0);
  });

  it('roasts a batch through first crack to 400 °F BT, as the demo workflow does', () => {
    const bench = new Bench('R1');
    bench.set(Label.BurnerSetPoint, 430);
    bench.set(Label.BurnerOn, 1);
    bench.run(10 * MINUTE);
    bench.charge(500);
    const roast = bench.roast(400);
    expect(roast.turningPoint.btF).toBeGreaterThanOrEqual(180);
    expect(roast.turningPoint.btF).toBeLessThanOrEqual(220);
    expect(roast.firstCrack?.ms).toBeGreaterThanOrEqual(8 * MINUTE);
    expect(roast.firstCrack?.ms).toBeLessThan(roast.drop.ms);
    expect(roast.drop.ms).toBeLessThanOrEqual(11 * MINUTE);
    // Dropped a minute into first crack: a light roast, less loss and a lighter colour.
    expect(roast.loss).toBeGreaterThanOrEqual(0.1);
    expect(roast.loss).toBeLessThan(0.13);
    expect(roast.colour).toBeGreaterThan(70);
    expect(roast.roasted).toBeCloseTo(500 * (1 - roast.loss), 2);
  });

  it('lets the console fire the burner instead once Burner Control is Console', () => {
    const bench = new Bench('R1');
    bench.set(Label.BurnerSetPoint, 430);
    bench.set(Label.BurnerOn, 1);
    bench.set(Label.BurnerControl, BurnerControl.Console);
    bench.set(Label.BurnerPower, 12.5);
    bench.run(5 * SECOND);
    expect(bench.get(Label.BurnerOutput)).toBe(12.5);
    bench.set(Label.BurnerOn, 0);
    bench.run(SECOND);
    expect(bench.get(Label.BurnerOutput)).toBe(0);
  });

  it('lets the drum cool with the burner off', () => {
    const bench = new Bench('R1');
    const before = bench.get(Label.EnvironmentTemperature);
    bench.run(5 * MINUTE);
    expect(bench.get(Label.EnvironmentTemperature)).toBeLessThan(before - 50);
    expect(bench.get(Label.BurnerOutput)).toBe(0);
  });
});

describe('the lot the console writes before the charge', () => {
  /** R2's 250 lbs on the PLC's set-point, charged with these registers written (or none). */
  function roastWith(lot: { moisturePct: number; densityGPerL: number } | null, seed = 1) {
    const bench = new Bench('R2', seed);
    bench.set(Label.BurnerSetPoint, 430);
    bench.set(Label.BurnerOn, 1);
    bench.run(10 * MINUTE);
    if (lot) {
      bench.set(Label.GreenMoisture, lot.moisturePct);
      bench.set(Label.GreenDensity, lot.densityGPerL);
    }
    bench.charge(250);
    return bench.roast(400);
  }

  it('dries a 12.5 % lot longer than a 9.5 % one, and it loses more', () => {
    const dry = roastWith({ moisturePct: 9.5, densityGPerL: 700 });
    const wet = roastWith({ moisturePct: 12.5, densityGPerL: 700 });
    expect(wet.dryEnd!.ms).toBeGreaterThan(dry.dryEnd!.ms + 20 * SECOND);
    expect(wet.loss).toBeGreaterThan(dry.loss + 0.02);
    // Its roasted beans keep more of its water, beyond the moisture meter's ± 0.1 %.
    expect(wet.moisture).toBeGreaterThan(dry.moisture + 0.2);
  });

  it("reads a written lot's roasted moisture within the meter's spread, seed by seed", () => {
    const lot = { moisturePct: 11, densityGPerL: 700 };
    const readings = [1, 2, 3, 4, 5].map((seed) => roastWith(lot, seed).moisture);
    expect(Math.max(...readings) - Math.min(...readings)).toBeLessThanOrEqual(0.3);
    expect(new Set(readings).size).toBeGreaterThan(1);
  });

  it('heats a denser lot slower', () => {
    const light = roastWith({ moisturePct: 11, densityGPerL: 620 });
    const dense = roastWith({ moisturePct: 11, densityGPerL: 780 });
    expect(dense.dryEnd!.ms).toBeGreaterThan(light.dryEnd!.ms);
  });

  it("varies a written lot by a measurement's spread only, and reads 0 as not known", () => {
    const spread = (lot: { moisturePct: number; densityGPerL: number }) => {
      const losses = [1, 2, 3, 4, 5].map((seed) => roastWith(lot, seed).loss);
      return Math.max(...losses) - Math.min(...losses);
    };
    const unknown = { moisturePct: 0, densityGPerL: 0 };
    expect(spread({ moisturePct: 11, densityGPerL: 700 })).toBeLessThan(spread(unknown) / 2);
    // Not known: the roaster's typical lot, as if nothing had been written.
    expect(roastWith(unknown)).toEqual(roastWith(null));
  });
});

describe('the seed', () => {
  function roastedWeight(seed: number): number {
    const bench = new Bench('R2', seed);
    bench.set(Label.BurnerSetPoint, 430);
    bench.set(Label.BurnerOn, 1);
    bench.charge(250);
    return bench.roast(400).roasted;
  }

  it('gives the same batch the same roast, another seed a slightly different lot', () => {
    const first = roastedWeight(7);
    expect(roastedWeight(7)).toBe(first);
    expect(roastedWeight(8)).not.toBe(first);
  });
});

describe('a roaster the demo does not size', () => {
  it('is the 500 lb demo roaster, whatever its name, Object.prototype keys included', () => {
    for (const deviceId of ['R9', 'constructor', 'toString', '__proto__']) {
      expect(roasterSpecOf(deviceId), deviceId).toBe(demoRoasterSpec);
    }
    expect(roasterSpecOf('R2')).not.toBe(demoRoasterSpec);
  });
});
