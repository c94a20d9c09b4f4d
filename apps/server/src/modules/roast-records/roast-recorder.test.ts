import { describe, expect, it } from 'vitest';
import { RoasterPhase } from '@roastery/contract';
import { RoastRecorder, type FinishedRoast } from './roast-recorder.ts';
import { analyseRoast, marksProblem } from './roast-analysis.ts';

/** A recorder on a clock the test moves, and what it finished. */
function bench() {
  let ms = 0;
  const finished: FinishedRoast[] = [];
  const recorder = new RoastRecorder(
    { clock: () => ms, now: () => new Date(1_800_000_000_000 + ms) },
    (roast) => finished.push(roast),
  );
  const value = (role: Parameters<RoastRecorder['onValue']>[1], v: number | null) =>
    recorder.onValue('R1', role, v);
  const at = (s: number) => {
    ms = s * 1_000;
  };
  return { recorder, finished, value, at };
}

describe('the roast recorder', () => {
  it('samples each second from charge to drop, holding each reading until it changes', () => {
    const { recorder, finished, value, at } = bench();
    value('bean-temperature', 420);
    value('environment-temperature', 440);
    value('roaster-phase', RoasterPhase.Charging);
    value('green-weight', 100);
    at(5);
    value('roaster-phase', RoasterPhase.Roasting);
    at(7.5);
    // Seconds 1 and 2 had 420 °F; the change at 7.5 s shows from second 3.
    value('bean-temperature', 300);
    at(10);
    recorder.tick();
    expect(recorder.roasting).toEqual(['R1']);
    value('first-crack', 1);
    value('roaster-phase', RoasterPhase.Dropping);
    // Written at the drop, the roasted weight, colour and moisture may reach the console after
    // the phase.
    value('roasted-weight', 86);
    value('bean-colour', 60.5);
    value('roasted-moisture', 2.3);
    expect(finished).toEqual([]);
    value('roaster-phase', RoasterPhase.Cooling);

    expect(finished).toHaveLength(1);
    const roast = finished[0]!;
    expect(roast.roastS).toBe(5);
    expect(roast.samples.map((s) => [s[0], s[1]])).toEqual([
      [0, 420],
      [1, 420],
      [2, 420],
      [3, 300],
      [4, 300],
      [5, 300],
    ]);
    expect(roast.samples.at(-1)?.[6]).toBe(0);
    expect(roast).toMatchObject({
      endBtF: 300,
      greenLbs: 100,
      roastedLbs: 86,
      colour: 60.5,
      roastedMoisturePct: 2.3,
    });
    expect(roast.droppedAt.getTime() - roast.chargedAt.getTime()).toBe(5_000);
  });

  it('records nothing for a charge that let no beans in, nor for a roast it saw no charge of', () => {
    const { finished, value, at } = bench();
    value('bean-temperature', 420);
    value('environment-temperature', 440);
    value('roaster-phase', RoasterPhase.Charging);
    value('roaster-phase', RoasterPhase.Idle);
    at(60);
    value('roaster-phase', RoasterPhase.Roasting);
    value('roaster-phase', RoasterPhase.Dropping);
    value('roaster-phase', RoasterPhase.Cooling);
    expect(finished).toEqual([]);
  });

  it('keeps the green lot the roaster was told of at charge, whatever the next batch writes', () => {
    const { finished, value, at } = bench();
    const roast = (moisture: number, density: number) => {
      value('bean-temperature', 420);
      value('environment-temperature', 440);
      value('green-moisture', moisture);
      value('green-density', density);
      value('roaster-phase', RoasterPhase.Charging);
      value('roaster-phase', RoasterPhase.Roasting);
      at(60);
      value('roaster-phase', RoasterPhase.Dropping);
      // The next batch may tell the roaster of its lot before this one is handed over.
      value('green-moisture', 9.5);
      value('roaster-phase', RoasterPhase.Cooling);
    };
    roast(12.5, 720);
    roast(0, 0);
    expect(finished.map((r) => [r.greenMoisturePct, r.greenDensityGPerL])).toEqual([
      [12.5, 720],
      [null, null],
    ]);
  });
});

describe('marks', () => {
  it('must fall within the roast and in the roast’s order', () => {
    expect(marksProblem({ turning_point: 60, first_crack: 500 }, 600)).toBeNull();
    expect(marksProblem({ drop: 700 }, 600)).toMatch(/after the roast ended/);
    expect(marksProblem({ dry_end: 300, first_crack: 250 }, 600)).toMatch(
      /first crack mark must come after the dry end/,
    );
  });

  it('replace what the curve says, and the phases follow', () => {
    // BT falls to 200 °F at 60 s, then rises 0.5 °F/s.
    const samples = Array.from({ length: 601 }, (_, t) => {
      const bt = t <= 60 ? 400 - (200 * t) / 60 : 200 + 0.5 * (t - 60);
      return [t, bt, bt + 30, null, null, null, 0] as [number, number, number, null, null, null, 0];
    });
    const input = { samples, roastS: 600, endBtF: 470, dryEndF: 300, reference: null };
    const read = analyseRoast({ ...input, marks: {} });
    expect(read.events.turning_point).toMatchObject({ t_s: 60, source: 'curve' });
    expect(read.events.dry_end).toMatchObject({ t_s: 260, source: 'curve' });
    expect(read.events.drop).toEqual({ t_s: 600, bt_f: 470, source: 'sensor' });
    const marked = analyseRoast({ ...input, marks: { first_crack: 480, drop: 580 } });
    expect(marked.events.first_crack).toEqual({ t_s: 480, bt_f: 410, source: 'operator' });
    expect(marked.phases.total_s).toBe(580);
    expect(marked.phases.development.s).toBe(100);
    expect(marked.phases.development_ratio_pct).toBeCloseTo((100 / 580) * 100, 6);
  });
});
