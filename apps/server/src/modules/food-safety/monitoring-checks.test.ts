import { describe, expect, it } from 'vitest';
import { secondsAtOrAbove } from './monitoring-checks.ts';

const sample = (t_s: number, bt_f: number) => ({ t_s, bt_f });

describe('seconds at or above a critical limit', () => {
  it('counts the stretch from where the straight line between samples crosses the limit', () => {
    // 390 °F at 100 s to 410 °F at 110 s crosses 400 °F at 105 s; held to 160 s: 55 s.
    const curve = [sample(100, 390), sample(110, 410), sample(160, 425)];
    expect(secondsAtOrAbove(curve, 400)).toBe(55);
  });

  it('keeps the longest stretch when BT falls below the limit and rises again', () => {
    const curve = [
      sample(0, 405),
      sample(20, 405),
      sample(30, 395),
      sample(40, 405),
      sample(100, 410),
    ];
    // 0-25 s (25 s), then 35-100 s (65 s).
    expect(secondsAtOrAbove(curve, 400)).toBe(65);
  });

  it('leaves out what comes before the turning point: the probe in the hot drum at charge', () => {
    const curve = [sample(0, 430), sample(60, 200), sample(600, 420)];
    // From 60 s only: 200 to 420 °F crosses 400 °F at 60 + 540 * 200 / 220 = 550.9 s.
    expect(secondsAtOrAbove(curve, 400, 60)).toBe(49.1);
    expect(secondsAtOrAbove(curve, 400)).toBe(49.1);
    expect(secondsAtOrAbove(curve, 500, 60)).toBe(0);
  });
});
