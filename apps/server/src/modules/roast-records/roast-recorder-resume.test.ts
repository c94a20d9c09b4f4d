import { describe, expect, it } from 'vitest';
import { RoasterPhase } from '@roastery/contract';
import type { StoredRoastSample } from '@roastery/db';
import type { ElapsedRoast } from './roast-history.ts';
import { RoastRecorder, type FinishedRoast } from './roast-recorder.ts';

const CHARGED_AT = Date.UTC(2026, 10, 28, 9, 0, 0);

/** The first 30 s of a roast charged at roast clock 20 s, as the historian kept them. */
const kept: StoredRoastSample[] = Array.from({ length: 31 }, (_, t) => [
  t,
  300 + t,
  400 + t,
  null,
  60,
  50,
  0,
]);

/** A recorder started while R1 roasts, on a clock the test moves, and what it finished. */
function startedMidRoast(elapsed: ElapsedRoast | undefined) {
  let ms = 200_000;
  const finished: FinishedRoast[] = [];
  const asked: string[] = [];
  const recorder = new RoastRecorder(
    { clock: () => ms, now: () => new Date(CHARGED_AT + ms) },
    (roast) => finished.push(roast),
    {
      elapsedOf: (roaster) => {
        asked.push(roaster);
        return Promise.resolve(elapsed);
      },
      onError: (err) => {
        throw err;
      },
    },
  );
  const value = (role: Parameters<RoastRecorder['onValue']>[1], v: number) =>
    recorder.onValue('R1', role, v);
  const at = (s: number) => {
    ms = s * 1_000;
  };
  return { recorder, finished, asked, value, at };
}

describe('the roast recorder after a restart', () => {
  it('takes a roast under way up with what the historian kept, and goes on from the roast clock', async () => {
    const h = startedMidRoast({ chargeS: 20, chargedAtMs: CHARGED_AT, samples: kept });
    // The console starts 40 s after the charge (the roaster's clock at 60 s).
    h.value('bean-temperature', 350);
    h.value('environment-temperature', 450);
    h.value('roast-time', 60);
    h.value('roaster-phase', RoasterPhase.Roasting);
    expect(h.asked).toEqual(['R1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.recorder.roasting).toEqual(['R1']);
    h.at(205);
    h.recorder.tick();
    h.at(205.5);
    h.value('roaster-phase', RoasterPhase.Dropping);
    h.value('roaster-phase', RoasterPhase.Cooling);

    expect(h.finished).toHaveLength(1);
    const roast = h.finished[0]!;
    // The seconds the console was down are a gap; none is made up.
    const times = roast.samples.map(([t]) => t);
    expect(times).toEqual([...Array.from({ length: 31 }, (_, t) => t), 40, 41, 42, 43, 44, 45]);
    expect(roast.samples.at(-1)).toEqual([45, 350, 450, null, null, null, 0]);
    expect(roast.roastS).toBe(45.5);
    expect(roast.chargedAt).toEqual(new Date(CHARGED_AT));
  });

  it('records nothing of a roast whose charge the historian does not hold', async () => {
    const h = startedMidRoast(undefined);
    h.value('bean-temperature', 350);
    h.value('environment-temperature', 450);
    h.value('roast-time', 60);
    h.value('roaster-phase', RoasterPhase.Roasting);
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.recorder.roasting).toEqual([]);
    h.at(210);
    h.value('roaster-phase', RoasterPhase.Dropping);
    h.value('roaster-phase', RoasterPhase.Cooling);
    expect(h.finished).toEqual([]);
  });
});
