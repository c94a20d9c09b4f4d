import type { RoastSample } from './roast-samples.ts';

/** What first crack does to a test curve's rate of rise, from `t_s` on. */
export interface CrackSignature {
  t_s: number;
  /** A dip that recovers over 60 s, or a lasting lift of the falling RoR. */
  kind: 'dip' | 'flattening';
  fPerMin: number;
}

export interface TestCurve {
  durationS: number;
  /** Samples every this many seconds. */
  everyS?: number;
  crack?: CrackSignature;
  /** Each reading off by up to this much, from a fixed pseudo-random sequence. */
  noiseF?: number;
}

/**
 * A roast curve shaped like a production roast's, for the analysis tests: BT falls from 400 °F
 * to its turning point, 208 °F at 70 s, then rises with a rate of rise that peaks near 30 °F/min
 * and falls off steadily: dry end (300 °F) about 4:45, 390 °F about 9:00, 420 °F about 11:00.
 */
export function testCurve(curve: TestCurve): RoastSample[] {
  const { durationS, everyS = 1, noiseF = 0 } = curve;
  const samples: RoastSample[] = [];
  let bt = 208;
  let seed = 7;
  for (let t = 0; t <= durationS; t += 1) {
    if (t <= 70) bt = 208 + 192 * ((70 - t) / 70) ** 2;
    else bt += rorAt(t, curve.crack) / 60;
    seed = (seed * 16_807) % 2_147_483_647;
    const noise = noiseF * (2 * (seed / 2_147_483_647) - 1);
    if (t % everyS === 0) samples.push({ t_s: t, bt_f: bt + noise, et_f: bt + 40 + noise });
  }
  return samples;
}

function rorAt(t: number, crack: CrackSignature | undefined): number {
  const u = t - 70;
  const base = 35 * (1 - Math.exp(-u / 30)) - 0.04 * u;
  if (!crack || t < crack.t_s) return base;
  const since = t - crack.t_s;
  if (crack.kind === 'flattening') return base + crack.fPerMin * Math.min(since / 20, 1);
  return base - (since < 60 ? crack.fPerMin * Math.sin((Math.PI * since) / 60) : 0);
}
