import { describe, expect, it } from 'vitest';
import { demoPlant, historianTagKeyOf, RoasterPhase } from '@roastery/contract';
import { PlantCatalog, type CommandRole } from '../../plant/catalog/plant-catalog.ts';
import { RoastHistory } from './roast-history.ts';

const catalog = new PlantCatalog(demoPlant);

/** A historian holding, for Roaster R1, the samples each role is given, epoch ms. */
function historian(samples: Partial<Record<CommandRole, [number, number | null][]>>) {
  const byKey = new Map(
    Object.entries(samples).map(([role, points]) => {
      const ref = catalog.refOf('R1', role as CommandRole)!;
      const key = historianTagKeyOf({ ...ref, kind: ref.command_kind });
      return [key, points.map(([at, value]) => ({ at, value }))];
    }),
  );
  return new RoastHistory(
    {
      rawSamples: (refs, from, to) =>
        Promise.resolve(
          new Map(
            refs.map((ref) => {
              const key = historianTagKeyOf(ref);
              const kept = (byKey.get(key) ?? []).filter((p) => p.at >= from && p.at < to);
              return [key, kept];
            }),
          ),
        ),
    },
    () => catalog,
    () => 100_000,
  );
}

/** The roast clock counts from the first beans at 1 s; the gate closes at 21 s (clock 20). */
const roastClock = (untilS: number): [number, number][] =>
  Array.from({ length: untilS + 1 }, (_, k) => [1_000 + k * 1_000, k]);
/** BT and ET scanned just after each second of the roast clock. */
const probe = (untilS: number, offset: number): [number, number][] =>
  Array.from({ length: untilS + 1 }, (_, k) => [1_005 + k * 1_000, offset + k]);

describe('a roast under way read back from the historian', () => {
  it('lines each second up on the roaster’s roast clock from the charge', async () => {
    const history = historian({
      'roaster-phase': [
        [0, RoasterPhase.Idle],
        [1_003, RoasterPhase.Charging],
        [21_003, RoasterPhase.Roasting],
        [22_003, RoasterPhase.Roasting],
        // The console stopped: the PLC's values were no longer known.
        [51_500, null],
      ],
      'roast-time': roastClock(50),
      'bean-temperature': probe(50, 300),
      'environment-temperature': probe(50, 400),
      'first-crack': [[45_005, 1]],
    });
    const elapsed = await history.elapsed('R1');
    expect(elapsed).toMatchObject({ chargeS: 20, chargedAtMs: 21_003 });
    const samples = elapsed!.samples;
    expect(samples.map(([t]) => t)).toEqual(Array.from({ length: 31 }, (_, t) => t));
    expect(samples[0]).toEqual([0, 320, 420, null, null, null, 0]);
    expect(samples[30]).toEqual([30, 350, 450, null, null, null, 1]);
    expect(samples.findIndex((s) => s[6] === 1)).toBe(24);
  });

  it('fills the seconds between ticks that skip one with the readings then', async () => {
    const history = historian({
      'roaster-phase': [
        [1_003, RoasterPhase.Charging],
        [21_003, RoasterPhase.Roasting],
      ],
      'roast-time': [
        [21_000, 20],
        [22_000, 22],
        [23_000, 24],
      ],
      'bean-temperature': [
        [21_005, 320],
        [22_005, 322],
        [23_005, 324],
      ],
      'environment-temperature': [[21_005, 420]],
    });
    const elapsed = await history.elapsed('R1');
    expect(elapsed!.samples.map(([t, bt]) => [t, bt])).toEqual([
      [0, 320],
      [1, 320],
      [2, 322],
      [3, 322],
      [4, 324],
    ]);
  });

  it('finds none for a roast that ended, nor for one whose charge it does not hold', async () => {
    const ended = historian({
      'roaster-phase': [
        [1_003, RoasterPhase.Charging],
        [21_003, RoasterPhase.Roasting],
        [60_003, RoasterPhase.Dropping],
      ],
      'roast-time': roastClock(60),
      'bean-temperature': probe(60, 300),
      'environment-temperature': probe(60, 400),
    });
    expect(await ended.elapsed('R1')).toBeUndefined();
    const uncharged = historian({
      'roaster-phase': [[21_003, RoasterPhase.Roasting]],
      'roast-time': roastClock(30),
    });
    expect(await uncharged.elapsed('R1')).toBeUndefined();
  });
});
