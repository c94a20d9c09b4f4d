import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GreenLot, RoastInputs, RoastState } from './roast-physics.ts';
import {
  MAX_SUB_STEP_MS,
  charge,
  coldRoaster,
  crackTemperaturesF,
  demoRoasterSpec,
  drop,
  preheatedRoaster,
  roastResult,
  step,
} from './roast-physics.ts';

const spec = demoRoasterSpec;

interface Stretch {
  seconds: number;
  inputs: RoastInputs;
}

const inputsArb = (burnerMin = 0): fc.Arbitrary<RoastInputs> =>
  fc.record({
    burnerPct: fc.integer({ min: burnerMin, max: 100 }),
    airflowPct: fc.integer({ min: burnerMin > 0 ? 10 : 0, max: 100 }),
    drumRunning: fc.boolean(),
  });

/** A random set-point schedule: up to 20 minutes of stretches of 10 s to 3 min. */
const scheduleArb = (burnerMin = 0): fc.Arbitrary<Stretch[]> =>
  fc.array(
    fc.record({ seconds: fc.integer({ min: 10, max: 180 }), inputs: inputsArb(burnerMin) }),
    { minLength: 1, maxLength: 8 },
  );

const lotArb: fc.Arbitrary<GreenLot> = fc.record({
  moisture: fc.double({ min: 0.08, max: 0.13, noNaN: true }),
  densityGPerL: fc.integer({ min: 620, max: 780 }),
});

const batchArb = fc.integer({ min: 50, max: 600 });

/** Preheated at any setting, or charged into a cold roaster. */
const startArb: fc.Arbitrary<RoastState> = fc.oneof(
  fc.constant(coldRoaster(spec)),
  inputsArb().map((inputs) => preheatedRoaster(spec, inputs)),
);

/** Every state of the roast after each `stepMs`, the charged state first. */
function roast(
  start: RoastState,
  lot: GreenLot,
  greenLbs: number,
  schedule: Stretch[],
  stepMs: number,
): RoastState[] {
  const states = [charge(spec, start, lot, greenLbs)];
  for (const { seconds, inputs } of schedule) {
    for (let ms = 0; ms < seconds * 1_000; ms += stepMs) {
      const last = states[states.length - 1]!;
      states.push(step(spec, last, inputs, stepMs));
    }
  }
  return states;
}

function temperatures(state: RoastState): number[] {
  return [state.inletF, state.etF, state.drumF, state.btF, state.batch?.beanF ?? spec.ambientF];
}

function batchOf(state: RoastState) {
  if (!state.batch) throw new Error('no batch');
  return state.batch;
}

describe('roast physics invariants', () => {
  it('with the burner on, every temperature rises from ambient and none ever falls below it', () => {
    fc.assert(
      fc.property(lotArb, batchArb, scheduleArb(10), (lot, lbs, schedule) => {
        const states = roast(coldRoaster(spec), lot, lbs, schedule, 1_000);
        for (const state of states) {
          for (const t of temperatures(state)) expect(t).toBeGreaterThanOrEqual(spec.ambientF);
        }
        for (const t of temperatures(states[states.length - 1]!)) {
          expect(t).toBeGreaterThan(spec.ambientF);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('more burner at every moment never gives a cooler ET or BT', () => {
    fc.assert(
      fc.property(
        lotArb,
        batchArb,
        scheduleArb(),
        fc.integer({ min: 1, max: 50 }),
        (lot, lbs, schedule, extra) => {
          const hotter = schedule.map(({ seconds, inputs }) => ({
            seconds,
            inputs: { ...inputs, burnerPct: Math.min(100, inputs.burnerPct + extra) },
          }));
          const start = coldRoaster(spec);
          const base = roast(start, lot, lbs, schedule, 1_000);
          const more = roast(start, lot, lbs, hotter, 1_000);
          base.forEach((state, i) => {
            expect(more[i]!.etF).toBeGreaterThanOrEqual(state.etF - 1e-9);
            expect(more[i]!.btF).toBeGreaterThanOrEqual(state.btF - 1e-9);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('before first crack, BT and the bean mass once at or below ET stay there through every sub-step in which ET does not fall', () => {
    fc.assert(
      fc.property(startArb, lotArb, batchArb, scheduleArb(), (start, lot, lbs, schedule) => {
        const states = roast(start, lot, lbs, schedule, MAX_SUB_STEP_MS);
        for (let i = 1; i < states.length; i++) {
          const before = states[i - 1]!;
          const after = states[i]!;
          const below = (s: RoastState) => s.btF <= s.etF && batchOf(s).beanF <= s.etF;
          if (batchOf(before).firstCrackMs !== null || after.etF < before.etF) continue;
          if (below(before)) expect(below(after)).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('no first crack before the beans reach 385 °F, no second crack before 430 °F, none missed', () => {
    fc.assert(
      fc.property(startArb, lotArb, batchArb, scheduleArb(40), (start, lot, lbs, schedule) => {
        const cracks = crackTemperaturesF(lot);
        expect(cracks.first).toBeGreaterThanOrEqual(385);
        expect(cracks.second).toBeGreaterThanOrEqual(430);
        const states = roast(start, lot, lbs, schedule, 1_000);
        let hottest = -Infinity;
        for (const state of states) {
          const batch = batchOf(state);
          hottest = Math.max(hottest, batch.beanF);
          expect(batch.firstCrackMs !== null).toBe(hottest >= cracks.first);
          expect(batch.secondCrackMs !== null).toBe(hottest >= cracks.second);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('roasted weight never rises, stays within 75-100 % of green, and colour never rises', () => {
    fc.assert(
      fc.property(startArb, lotArb, batchArb, scheduleArb(), (start, lot, lbs, schedule) => {
        const results = roast(start, lot, lbs, schedule, 1_000).map((s) =>
          roastResult(batchOf(s), s.btF),
        );
        results.forEach((result, i) => {
          expect(result.roastedLbs).toBeLessThanOrEqual(lbs);
          expect(result.roastedLbs).toBeGreaterThanOrEqual(0.75 * lbs);
          const previous = results[i - 1];
          if (!previous) return;
          expect(result.roastedLbs).toBeLessThanOrEqual(previous.roastedLbs);
          expect(result.colour).toBeLessThanOrEqual(previous.colour);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('under the same heat, a wetter or denser lot is never warmer before first crack, and a wetter one never holds less water', () => {
    // As often the same density as a denser one, so that the water is compared half the time.
    const heavierArb = fc.record({
      water: fc.double({ min: 0, max: 0.04, noNaN: true }),
      density: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 120 })),
    });
    fc.assert(
      fc.property(
        lotArb,
        heavierArb,
        batchArb,
        scheduleArb(40),
        (lot, { water, density }, lbs, schedule) => {
          const heavier = {
            moisture: lot.moisture + water,
            densityGPerL: lot.densityGPerL + density,
          };
          const start = preheatedRoaster(spec, schedule[0]!.inputs);
          const light = roast(start, lot, lbs, schedule, 1_000);
          const heavy = roast(start, heavier, lbs, schedule, 1_000);
          light.forEach((state, i) => {
            const a = batchOf(state);
            const b = batchOf(heavy[i]!);
            if (a.firstCrackMs === null) expect(b.beanF).toBeLessThanOrEqual(a.beanF + 1e-9);
            if (density === 0) expect(b.waterLbs).toBeGreaterThanOrEqual(a.waterLbs - 1e-9);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a long, hot roast still keeps at least 75 % of the green weight', () => {
    const hot: Stretch = {
      seconds: 40 * 60,
      inputs: { burnerPct: 100, airflowPct: 100, drumRunning: true },
    };
    const lot = { moisture: 0.13, densityGPerL: 650 };
    const states = roast(coldRoaster(spec), lot, 500, [hot], 1_000);
    const { result } = drop(states[states.length - 1]!);
    expect(result.roastedLbs).toBeGreaterThanOrEqual(375);
  });
});

describe('roast physics integration', () => {
  it('is deterministic: the same inputs give the same states', () => {
    fc.assert(
      fc.property(startArb, lotArb, batchArb, scheduleArb(), (start, lot, lbs, schedule) => {
        expect(roast(start, lot, lbs, schedule, 1_000)).toEqual(
          roast(start, lot, lbs, schedule, 1_000),
        );
      }),
      { numRuns: 20 },
    );
  });

  it('one 1 s step equals ten 100 ms steps, and 100 ms agrees with 10 ms within 0.5 °F', () => {
    fc.assert(
      fc.property(startArb, lotArb, batchArb, scheduleArb(), (start, lot, lbs, schedule) => {
        const seconds = roast(start, lot, lbs, schedule, 1_000);
        const tenths = roast(start, lot, lbs, schedule, 100);
        const hundredths = roast(start, lot, lbs, schedule, 10);
        seconds.forEach((state, i) => {
          const fine = tenths[i * 10]!;
          const finest = hundredths[i * 100]!;
          temperatures(state).forEach((t, k) => {
            expect(t).toBeCloseTo(temperatures(fine)[k]!, 9);
            expect(Math.abs(t - temperatures(finest)[k]!)).toBeLessThanOrEqual(0.5);
          });
        });
      }),
      { numRuns: 10 },
    );
  });
});
