import { describe, expect, it } from 'vitest';
import type { RoastResult } from './roast-physics.ts';
import { roastCurve } from './roast-curve.ts';
import { demoPreheat, demoProfile, profileInputs, type ProfileStep } from './roast-demo-profile.ts';
import { demoRoasterSpec, typicalGreenLot } from './roast-physics.ts';

/** A full batch on the demo profile (or another), dropped when BT reads `dropBtF`. */
function roasted(
  dropBtF: number,
  moisture = typicalGreenLot.moisture,
  profile: readonly ProfileStep[] = demoProfile,
): RoastResult {
  return roastCurve(demoRoasterSpec, {
    lot: { ...typicalGreenLot, moisture },
    greenLbs: demoRoasterSpec.capacityLbs,
    preheat: demoPreheat,
    inputsAt: (ms) => profileInputs(profile, ms),
    dropBtF,
  }).result;
}

/** Roasted moisture in %, as the 'Roasted Moisture' register reads it. */
const moisturePct = (result: RoastResult) => result.roastedMoisture * 100;

describe('the roasted moisture and colour at the drop follow the roast', () => {
  const drops = [400, 410, 420, 435, 445];
  const byDrop = drops.map((dropBtF) => roasted(dropBtF));
  const [light, , city, dark, darker] = byDrop;

  it('dries the beans further the hotter they drop, within each roast degree’s usual range', () => {
    const moistures = byDrop.map(moisturePct);
    for (let i = 1; i < moistures.length; i++)
      expect(moistures[i]).toBeLessThan(moistures[i - 1]! - 0.1);
    // Whole beans after the drop: light about 1.5-3.5 %, medium 1-2 %, dark 0.5-1.5 %.
    expect(moisturePct(light!)).toBeGreaterThanOrEqual(1.5);
    expect(moisturePct(light!)).toBeLessThanOrEqual(3.5);
    expect(moisturePct(city!)).toBeGreaterThanOrEqual(1);
    expect(moisturePct(city!)).toBeLessThanOrEqual(2);
    for (const r of [dark!, darker!]) {
      expect(moisturePct(r)).toBeGreaterThanOrEqual(0.5);
      expect(moisturePct(r)).toBeLessThanOrEqual(1.5);
    }
  });

  it('reads darker the hotter the beans drop: light 70-85, medium 55-70, dark 35-45', () => {
    const colours = byDrop.map((r) => r.colour);
    for (let i = 1; i < colours.length; i++) expect(colours[i]).toBeLessThan(colours[i - 1]!);
    expect(light!.colour).toBeGreaterThanOrEqual(70);
    expect(light!.colour).toBeLessThanOrEqual(85);
    expect(city!.colour).toBeGreaterThanOrEqual(55);
    expect(city!.colour).toBeLessThanOrEqual(70);
    expect(dark!.colour).toBeGreaterThanOrEqual(35);
    expect(dark!.colour).toBeLessThanOrEqual(45);
  });

  it('leaves a wetter green lot wetter by the same light or city drop', () => {
    for (const dropBtF of [400, 420]) {
      const [dry, typical, wet] = [0.095, 0.11, 0.125].map((m) => moisturePct(roasted(dropBtF, m)));
      expect(typical).toBeGreaterThan(dry! + 0.1);
      expect(wet).toBeGreaterThan(typical! + 0.1);
    }
    // Dropped dark, the wetter lot reaches 445 °F later and darker: the lots end alike.
    const [dry, wet] = [0.095, 0.125].map((m) => moisturePct(roasted(445, m)));
    expect(Math.abs(wet! - dry!)).toBeLessThanOrEqual(0.05);
  });

  it('dries the beans further the longer they take from first crack to the same drop', () => {
    const finishing = (burnerPct: number) => [
      ...demoProfile.slice(0, -1),
      { ...demoProfile.at(-1)!, burnerPct },
    ];
    const quick = roasted(420, typicalGreenLot.moisture, finishing(65));
    const slow = roasted(420, typicalGreenLot.moisture, finishing(55));
    expect(slow.developmentMs).toBeGreaterThan(quick.developmentMs + 60_000);
    expect(moisturePct(slow)).toBeLessThan(moisturePct(quick) - 0.1);
  });
});
