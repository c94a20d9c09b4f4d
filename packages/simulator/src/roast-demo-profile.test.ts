import { describe, expect, it } from 'vitest';
import type { RoastCurve } from './roast-curve.ts';
import { roastCurve } from './roast-curve.ts';
import { demoDropBtF, demoPreheat, demoProfile, profileInputs } from './roast-demo-profile.ts';
import { demoRoasterSpec, typicalGreenLot, type GreenLot } from './roast-physics.ts';

function demoRoast(
  greenLbs = demoRoasterSpec.capacityLbs,
  dropBtF = demoDropBtF,
  lot: GreenLot = typicalGreenLot,
): RoastCurve {
  return roastCurve(demoRoasterSpec, {
    lot,
    greenLbs,
    preheat: demoPreheat,
    inputsAt: (ms) => profileInputs(demoProfile, ms),
    dropBtF,
  });
}

const MINUTE = 60_000;

describe('the demo profile on a full batch of a typical lot', () => {
  const curve = demoRoast();

  it('charges after a preheat to 400-420 °F ET', () => {
    expect(curve.chargeEtF).toBeGreaterThanOrEqual(400);
    expect(curve.chargeEtF).toBeLessThanOrEqual(420);
  });

  it('turns near 200 °F at 1:00-1:30', () => {
    expect(curve.turningPoint.ms).toBeGreaterThanOrEqual(1 * MINUTE);
    expect(curve.turningPoint.ms).toBeLessThanOrEqual(1.5 * MINUTE);
    expect(curve.turningPoint.btF).toBeGreaterThanOrEqual(180);
    expect(curve.turningPoint.btF).toBeLessThanOrEqual(220);
  });

  it('dries (300 °F) at 4:30-5:30', () => {
    expect(curve.dryEnd?.ms).toBeGreaterThanOrEqual(4.5 * MINUTE);
    expect(curve.dryEnd?.ms).toBeLessThanOrEqual(5.5 * MINUTE);
  });

  it('starts first crack at 385-400 °F BT, 8:30-10:00', () => {
    expect(curve.firstCrack?.ms).toBeGreaterThanOrEqual(8.5 * MINUTE);
    expect(curve.firstCrack?.ms).toBeLessThanOrEqual(10 * MINUTE);
    expect(curve.firstCrack?.btF).toBeGreaterThanOrEqual(385);
    expect(curve.firstCrack?.btF).toBeLessThanOrEqual(400);
  });

  it('drops at 11-14 min with a development time ratio of 15-25 %, before second crack', () => {
    expect(curve.drop.ms).toBeGreaterThanOrEqual(11 * MINUTE);
    expect(curve.drop.ms).toBeLessThanOrEqual(14 * MINUTE);
    const ratio = curve.result.developmentMs / curve.result.roastMs;
    expect(ratio).toBeGreaterThanOrEqual(0.15);
    expect(ratio).toBeLessThanOrEqual(0.25);
    expect(curve.secondCrack).toBeNull();
  });

  it('loses 13-15 % (most of it water) and reads medium, 55-65', () => {
    const { result } = curve;
    expect(result.loss).toBeGreaterThanOrEqual(0.13);
    expect(result.loss).toBeLessThanOrEqual(0.15);
    expect(result.waterLossLbs / result.greenLbs).toBeGreaterThanOrEqual(0.09);
    expect(result.waterLossLbs / result.greenLbs).toBeLessThanOrEqual(typicalGreenLot.moisture);
    expect(result.colour).toBeGreaterThanOrEqual(55);
    expect(result.colour).toBeLessThanOrEqual(65);
  });
});

describe('the same profile on other batches', () => {
  it('brings a 300 lb batch to first crack sooner than a 500 lb one', () => {
    const small = demoRoast(300);
    const full = demoRoast(500);
    expect(small.firstCrack?.ms).toBeLessThan(full.firstCrack?.ms ?? 0);
  });

  it('loses more and reads darker the later it drops', () => {
    const light = demoRoast(500, 410);
    const medium = demoRoast(500, 420);
    const dark = demoRoast(500, 435);
    expect(light.result.loss).toBeLessThan(medium.result.loss);
    expect(medium.result.loss).toBeLessThan(dark.result.loss);
    expect(light.result.colour).toBeGreaterThan(medium.result.colour);
    expect(medium.result.colour).toBeGreaterThan(dark.result.colour);
    // A dark roast by the reference's figures: into second crack, 16-20 % lost, 35-45 colour.
    expect(dark.secondCrack).not.toBeNull();
    expect(dark.result.loss).toBeGreaterThanOrEqual(0.16);
    expect(dark.result.loss).toBeLessThanOrEqual(0.2);
    expect(dark.result.colour).toBeGreaterThanOrEqual(35);
    expect(dark.result.colour).toBeLessThanOrEqual(45);
  });
});

describe('the same profile on other lots', () => {
  const lot = (moisture: number, densityGPerL = 700) =>
    demoRoast(500, demoDropBtF, { moisture, densityGPerL });

  it('dries a wetter lot longer, and it loses more by the same drop temperature', () => {
    const dry = lot(0.095);
    const wet = lot(0.125);
    expect(wet.dryEnd!.ms - dry.dryEnd!.ms).toBeGreaterThanOrEqual(20_000);
    expect(wet.result.loss - dry.result.loss).toBeGreaterThanOrEqual(0.02);
    expect(wet.result.waterLossLbs).toBeGreaterThan(dry.result.waterLossLbs);
  });

  it('heats a denser lot slower, and it cracks hotter', () => {
    const light = lot(0.11, 620);
    const dense = lot(0.11, 780);
    expect(dense.dryEnd!.ms).toBeGreaterThan(light.dryEnd!.ms);
    expect(dense.firstCrack!.ms).toBeGreaterThan(light.firstCrack!.ms);
    expect(dense.firstCrack!.btF).toBeGreaterThan(light.firstCrack!.btF);
  });
});
