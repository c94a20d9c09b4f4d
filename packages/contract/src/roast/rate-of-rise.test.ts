import { describe, expect, it } from 'vitest';
import { rateOfRise } from './rate-of-rise.ts';
import type { RoastSample } from './roast-samples.ts';

const line = (times: number[], fPerMin: (t: number) => number): RoastSample[] => {
  let bt = 200;
  let last = 0;
  return times.map((t) => {
    for (let s = last; s < t; s++) bt += fPerMin(s) / 60;
    last = t;
    return { t_s: t, bt_f: bt, et_f: bt + 40 };
  });
};
const seconds = (n: number) => Array.from({ length: n + 1 }, (_, i) => i);

describe('rate of rise', () => {
  it('reads a steady rise exactly, from the second reading on', () => {
    const rates = rateOfRise(line(seconds(120), () => 20));
    expect(rates[0]).toBeNull();
    for (const rate of rates.slice(1)) expect(rate).toBeCloseTo(20, 9);
  });

  it('reads a steady rise exactly from unevenly spaced readings', () => {
    const rates = rateOfRise(line([0, 1, 3, 4, 7, 8, 12, 13, 14, 20, 21, 29, 40, 41], () => 12));
    for (const rate of rates.slice(1)) expect(rate).toBeCloseTo(12, 9);
  });

  it('sees only the last 30 s: a change of slope is read in full 30 s later', () => {
    const rates = rateOfRise(line(seconds(200), (t) => (t < 100 ? 20 : 10)));
    expect(rates[99]).toBeCloseTo(20, 9);
    expect(rates[115]).toBeGreaterThan(10.5);
    expect(rates[131]).toBeCloseTo(10, 9);
  });

  it('follows the window it is given', () => {
    const rates = rateOfRise(
      line(seconds(200), (t) => (t < 100 ? 20 : 10)),
      10,
    );
    expect(rates[111]).toBeCloseTo(10, 9);
  });

  it('smooths a noisy probe: ±0.5 °F of noise moves the rate by under 1 °F/min', () => {
    const noisy = line(seconds(300), () => 15).map((s, i) => ({
      ...s,
      bt_f: s.bt_f + (i % 2 === 0 ? 0.5 : -0.5),
    }));
    const rates = rateOfRise(noisy).slice(30);
    for (const rate of rates) expect(Math.abs((rate ?? 0) - 15)).toBeLessThan(1);
    // A difference over two readings would be off by 60 °F/min.
    const raw = (noisy[31]!.bt_f - noisy[30]!.bt_f) * 60;
    expect(Math.abs(raw - 15)).toBeGreaterThan(50);
  });
});
