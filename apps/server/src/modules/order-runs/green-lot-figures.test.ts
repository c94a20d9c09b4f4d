import { describe, expect, it } from 'vitest';
import { chargedGreenLot, type GreenPortion } from './green-lot-figures.ts';

const portion = (
  deviceCode: string,
  lbs: number,
  lot: [moisture: number | null, density: number | null],
  typical: [moisture: number | null, density: number | null] = [null, null],
): GreenPortion => ({
  deviceCode,
  centiLbs: lbs * 100,
  moisturePct: lot[0],
  densityGPerL: lot[1],
  typicalMoisturePct: typical[0],
  typicalDensityGPerL: typical[1],
});

describe('the green lot a batch charges', () => {
  it("weighs each silo's oldest lots first, up to what is planned from it", () => {
    const portions = [
      portion('GS1', 100, [12.5, 720]),
      portion('GS2', 500, [9.0, 650]),
      portion('GS1', 400, [9.5, 680]),
    ];
    // 300 lbs from GS1: its first 100 at 12.5 %, then 200 of the next lot at 9.5 %.
    expect(chargedGreenLot([{ deviceCode: 'GS1', plannedCenti: 30_000 }], portions)).toEqual({
      moisturePct: 10.5,
      densityGPerL: 693,
    });
    // And 100 lbs from GS2 too.
    expect(
      chargedGreenLot(
        [
          { deviceCode: 'GS1', plannedCenti: 30_000 },
          { deviceCode: 'GS2', plannedCenti: 10_000 },
        ],
        portions,
      ),
    ).toEqual({ moisturePct: 10.1, densityGPerL: 683 });
  });

  it("takes the bean's typical figures for a lot without its own, and leaves out what nobody knows", () => {
    const portions = [
      portion('GS1', 100, [null, 700], [11, 690]),
      portion('GS1', 100, [13, null], [null, null]),
      portion('GS1', 100, [null, null]),
    ];
    expect(chargedGreenLot([{ deviceCode: 'GS1', plannedCenti: 30_000 }], portions)).toEqual({
      moisturePct: 12,
      densityGPerL: 700,
    });
    expect(
      chargedGreenLot(
        [{ deviceCode: 'GS1', plannedCenti: 10_000 }],
        [portion('GS1', 100, [null, null])],
      ),
    ).toEqual({ moisturePct: null, densityGPerL: null });
    expect(chargedGreenLot([{ deviceCode: 'GS3', plannedCenti: 10_000 }], portions)).toEqual({
      moisturePct: null,
      densityGPerL: null,
    });
  });
});
