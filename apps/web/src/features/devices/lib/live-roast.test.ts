import { describe, expect, test } from 'vitest';
import { RoasterPhase } from '@roastery/contract';
import { NO_ROAST, nextLiveRoast, type LiveRoast, type RoasterReading } from './live-roast.ts';

const reading = (roastTimeS: number, btF: number, phase: number = RoasterPhase.Roasting) =>
  ({
    phase,
    roastTimeS,
    btF,
    etF: 400,
    burnerPct: 60,
    airflowPct: null,
    crackHeard: false,
  }) satisfies RoasterReading;

const play = (readings: RoasterReading[]): LiveRoast => readings.reduce(nextLiveRoast, NO_ROAST);

describe('the live roast on the roaster screen', () => {
  test('keeps one sample a second, the latest values of that second', () => {
    const roast = play([reading(10, 300), reading(10, 290), reading(11, 285), reading(12, 282)]);
    expect(roast.state).toBe('roasting');
    expect(roast.samples.map((s) => [s.t_s, s.bt_f])).toEqual([
      [10, 290],
      [11, 285],
      [12, 282],
    ]);
    expect(roast.samples[0]).toMatchObject({ et_f: 400, burner_pct: 60 });
    expect(roast.samples[0]).not.toHaveProperty('airflow_pct');
  });

  test('is dropped when the phase leaves Roasting, and keeps the curve until the next charge', () => {
    const dropped = play([
      reading(100, 390),
      reading(101, 391),
      reading(101, 391, RoasterPhase.Dropping),
      reading(101, 391, RoasterPhase.Cooling),
    ]);
    expect(dropped.state).toBe('dropped');
    expect(dropped.samples).toHaveLength(2);
    const next = nextLiveRoast(dropped, reading(0, 420));
    expect(next).toMatchObject({ state: 'roasting', charges: 2, samples: [{ t_s: 0, bt_f: 420 }] });
  });

  test('starts again when the roast time goes back, and waits while idle', () => {
    expect(play([reading(0, 70, RoasterPhase.Idle)])).toBe(NO_ROAST);
    const again = play([reading(300, 350), reading(2, 410)]);
    expect(again.samples.map((s) => s.t_s)).toEqual([2]);
    expect(again.charges).toBe(2);
    expect(nextLiveRoast(again, null)).toBe(again);
  });
});
