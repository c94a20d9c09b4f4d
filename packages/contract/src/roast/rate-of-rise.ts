import type { RoastSample } from './roast-samples.ts';

/** The window of BT readings each rate of rise is fitted to, seconds. */
export const ROR_WINDOW_S = 30;

/**
 * BT's rate of rise, °F/min, at every sample: the slope of the least-squares line through the
 * readings of the last `windowS` seconds, null until the window holds two readings.
 *
 * Artisan takes BT's difference over a "delta span" and then smooths the result; its "optimal
 * smoothing" fits a polynomial instead. A trailing straight line does both in one pass: every
 * reading of the window weighs the same (one noisy reading moves the slope by 1/n of its error, not
 * all of it as at either end of a difference), uneven sample spacing is handled, and the window
 * only looks back, so the figure shown live is the one stored afterwards. 30 s is the span the
 * roaster physics' documentation measures its curve with.
 */
export function rateOfRise(
  samples: readonly RoastSample[],
  windowS: number = ROR_WINDOW_S,
): (number | null)[] {
  const rates: (number | null)[] = [];
  // Running sums over the window, with times taken from the first sample to keep them small.
  const origin = samples[0]?.t_s ?? 0;
  let n = 0;
  let sumT = 0;
  let sumB = 0;
  let sumTT = 0;
  let sumTB = 0;
  let start = 0;
  for (const sample of samples) {
    const t = sample.t_s - origin;
    n += 1;
    sumT += t;
    sumB += sample.bt_f;
    sumTT += t * t;
    sumTB += t * sample.bt_f;
    for (let old = samples[start]; old && old.t_s < sample.t_s - windowS; old = samples[start]) {
      const to = old.t_s - origin;
      n -= 1;
      sumT -= to;
      sumB -= old.bt_f;
      sumTT -= to * to;
      sumTB -= to * old.bt_f;
      start += 1;
    }
    const spread = n * sumTT - sumT * sumT;
    rates.push(n < 2 || spread <= 0 ? null : (60 * (n * sumTB - sumT * sumB)) / spread);
  }
  return rates;
}
