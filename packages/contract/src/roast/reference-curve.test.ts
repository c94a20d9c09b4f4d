import { describe, expect, it } from 'vitest';
import { curveDeviation, referenceBtAt } from './reference-curve.ts';
import type { RoastSample } from './roast-samples.ts';

const reference = [
  { t_s: 0, bt_f: 400 },
  { t_s: 60, bt_f: 210 },
  { t_s: 300, bt_f: 300 },
  { t_s: 600, bt_f: 400 },
];

const following = (offset: (t: number) => number): RoastSample[] =>
  Array.from({ length: 601 }, (_, t) => {
    const bt_f = referenceBtAt(reference, t) + offset(t);
    return { t_s: t, bt_f, et_f: bt_f + 30 };
  });

describe('the reference curve', () => {
  it('is linear between its points and extends its end segments', () => {
    expect(referenceBtAt(reference, 60)).toBe(210);
    expect(referenceBtAt(reference, 180)).toBe(255);
    expect(referenceBtAt(reference, 450)).toBeCloseTo(350, 9);
    expect(referenceBtAt(reference, 660)).toBeCloseTo(420, 9);
    expect(() => referenceBtAt([{ t_s: 0, bt_f: 1 }], 0)).toThrow();
  });
});

describe('deviation from the reference', () => {
  it('is the RMS and the largest distance, with its sign and time', () => {
    const wavy = following((t) => (t === 400 ? -5 : t % 2 === 0 ? 2 : -2));
    const deviation = curveDeviation(wavy, reference, 60, 600);
    expect(deviation?.samples).toBe(541);
    expect(deviation?.max_abs_f).toBe(5);
    expect(deviation?.signed_max_f).toBe(-5);
    expect(deviation?.signed_max_t_s).toBe(400);
    expect(deviation?.rms_f).toBeCloseTo(Math.sqrt((540 * 4 + 25) / 541), 9);
  });

  it('counts only from the turning point to drop, within the reference', () => {
    const early = following((t) => (t < 60 ? 50 : 1));
    expect(curveDeviation(early, reference, 60, 600)?.rms_f).toBeCloseTo(1, 9);
    const late = [...following(() => 0), { t_s: 700, bt_f: 300, et_f: 330 }];
    expect(curveDeviation(late, reference, 60, 800)?.max_abs_f).toBeCloseTo(0, 9);
    expect(curveDeviation(late, reference, 650, 800)).toBeNull();
  });
});
