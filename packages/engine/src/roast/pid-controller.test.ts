import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PidInput, PidState, PidTuning } from './pid-controller.ts';
import { bumplessPid, idlePid, pidStep } from './pid-controller.ts';

const tuning: PidTuning = {
  kp: 2,
  ki: 0.1,
  kd: 10,
  derivativeFilterS: 0,
  outputMin: 0,
  outputMax: 100,
};

/** Runs the readings in order and gives each output. */
function run(t: PidTuning, inputs: PidInput[], from: PidState = idlePid) {
  let state = from;
  return inputs.map((input) => {
    const result = pidStep(t, state, input);
    state = result.state;
    return result;
  });
}

describe('the PID controller', () => {
  it('adds the feed-forward to the proportional term, within the output limits', () => {
    const p = { ...tuning, ki: 0, kd: 0 };
    expect(
      pidStep(p, idlePid, { t_s: 0, setpoint: 300, measurement: 290, feedForward: 50 }).output,
    ).toBe(70);
    expect(
      pidStep(p, idlePid, { t_s: 0, setpoint: 300, measurement: 200, feedForward: 50 }).output,
    ).toBe(100);
    expect(pidStep(p, idlePid, { t_s: 0, setpoint: 300, measurement: 400 }).output).toBe(0);
  });

  it('integrates the error over the time between readings, not per call', () => {
    const i = { ...tuning, kp: 0, kd: 0 };
    const at = (t_s: number): PidInput => ({ t_s, setpoint: 300, measurement: 295 });
    const everySecond = run(i, [0, 1, 2, 3, 4, 5].map(at));
    const once = run(i, [0, 5].map(at));
    expect(everySecond.at(-1)!.output).toBeCloseTo(2.5, 9);
    expect(once.at(-1)!.output).toBeCloseTo(2.5, 9);
  });

  it('acts on the measurement’s rate, so a step of the setpoint gives no derivative kick', () => {
    const d = { ...tuning, ki: 0 };
    const [, setpointStep] = run(d, [
      { t_s: 0, setpoint: 300, measurement: 300 },
      { t_s: 1, setpoint: 310, measurement: 300 },
    ]);
    expect(setpointStep!.terms.d).toBeCloseTo(0, 12);
    expect(setpointStep!.output).toBe(20);
    const [, rising] = run(d, [
      { t_s: 0, setpoint: 300, measurement: 300 },
      { t_s: 2, setpoint: 300, measurement: 301 },
    ]);
    expect(rising!.terms.d).toBeCloseTo(-5, 9);
  });

  it('filters the derivative over its time constant', () => {
    const filtered = { ...tuning, ki: 0, kp: 0, derivativeFilterS: 10 };
    const results = run(
      filtered,
      Array.from({ length: 31 }, (_, t) => ({ t_s: t, setpoint: 300, measurement: 300 - t })),
    );
    expect(results[1]!.terms.d).toBeCloseTo(10 * (1 - Math.exp(-0.1)), 9);
    expect(results[30]!.terms.d).toBeCloseTo(10 * (1 - Math.exp(-3)), 9);
  });

  it('leaves a limit at once when the error turns, however long it was held there', () => {
    const hold: PidInput[] = Array.from({ length: 600 }, (_, t) => ({
      t_s: t,
      setpoint: 400,
      measurement: 300,
      feedForward: 40,
    }));
    const saturated = run(tuning, hold);
    expect(saturated.every((r) => r.output === 100)).toBe(true);
    const last = saturated.at(-1)!;
    // Integrating 100 °F for 10 min would have added 6,000 %: the integral stayed where it was.
    expect(last.state.integral).toBe(0);
    const [turned] = run(
      tuning,
      [{ t_s: 600, setpoint: 400, measurement: 401, feedForward: 40 }],
      last.state,
    );
    expect(turned!.output).toBeLessThan(100);
  });

  it('takes over from a given output without a bump', () => {
    const input = { t_s: 90, setpoint: 210, measurement: 215, feedForward: 70 };
    const state = bumplessPid(tuning, input, 75, 0.2);
    expect(pidStep(tuning, state, input).output).toBeCloseTo(75, 9);
    expect(pidStep(tuning, state, { ...input, t_s: 91, measurement: 215.2 }).output).toBeCloseTo(
      75 - 2 * 0.2 - 0.1 * 5.2,
      9,
    );
  });
});

const arbitraryTuning = fc.record({
  kp: fc.double({ min: 0, max: 20, noNaN: true }),
  ki: fc.double({ min: 0, max: 2, noNaN: true }),
  kd: fc.double({ min: 0, max: 200, noNaN: true }),
  derivativeFilterS: fc.double({ min: 0, max: 30, noNaN: true }),
  outputMin: fc.constant(0),
  outputMax: fc.constant(100),
});
const arbitraryReadings = fc.array(
  fc.record({
    dt: fc.double({ min: 0, max: 10, noNaN: true }),
    setpoint: fc.double({ min: 100, max: 500, noNaN: true }),
    measurement: fc.double({ min: 50, max: 550, noNaN: true }),
    feedForward: fc.option(fc.double({ min: -50, max: 150, noNaN: true }), { nil: undefined }),
  }),
  { minLength: 1, maxLength: 200 },
);

describe('the PID controller, for any tuning and readings', () => {
  it('keeps its output within the limits', () => {
    fc.assert(
      fc.property(arbitraryTuning, arbitraryReadings, (t, readings) => {
        let state = idlePid;
        let t_s = 0;
        for (const r of readings) {
          t_s += r.dt;
          const result = pidStep(t, state, { ...r, t_s });
          expect(result.output).toBeGreaterThanOrEqual(t.outputMin);
          expect(result.output).toBeLessThanOrEqual(t.outputMax);
          state = result.state;
        }
      }),
    );
  });

  it('never winds its integral beyond what some reading needed to reach a limit', () => {
    fc.assert(
      fc.property(arbitraryTuning, arbitraryReadings, (t, readings) => {
        let state = idlePid;
        let t_s = 0;
        // What the integral may be: between 0 and the most any reading's other terms left for it
        // to reach either limit.
        let lowest = 0;
        let highest = 0;
        for (const r of readings) {
          t_s += r.dt;
          const result = pidStep(t, state, { ...r, t_s });
          const rest = result.terms.ff + result.terms.p + result.terms.d;
          lowest = Math.min(lowest, t.outputMin - rest);
          highest = Math.max(highest, t.outputMax - rest);
          const i = result.state.integral;
          expect(i).toBeGreaterThanOrEqual(lowest - 1e-9);
          expect(i).toBeLessThanOrEqual(highest + 1e-9);
          // And at a limit, the integral did not move further past it.
          if (result.output === t.outputMax)
            expect(i).toBeLessThanOrEqual(Math.max(state.integral, t.outputMax - rest) + 1e-9);
          if (result.output === t.outputMin)
            expect(i).toBeGreaterThanOrEqual(Math.min(state.integral, t.outputMin - rest) - 1e-9);
          state = result.state;
        }
      }),
    );
  });
});
