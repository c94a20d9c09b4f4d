import { describe, expect, it } from 'vitest';
import {
  IN_FLIGHT_WINDOW,
  inFlightObservations,
  learnInFlight,
  preacts,
  type RecordedBatch,
} from './in-flight.ts';

/** A 50 lb batch of 60 / 40 from GS1 then GS2. */
const batch = (
  gs1: number,
  gs2: number,
  green: number | null = 5_000,
  preact?: number,
): RecordedBatch => ({
  draws: [
    { device_id: 'GS1', planned_centi: 3_000, measured_centi: gs1, preact_centi: preact },
    { device_id: 'GS2', planned_centi: 2_000, measured_centi: gs2 },
  ],
  greenCenti: green,
});

describe('in-flight compensation', () => {
  it('observes what reached the drum beyond the point the gate was told to close', () => {
    // No preact: GS1 gave 40 lbs for a 30 lb target, GS2 the 10 lbs left.
    expect(inFlightObservations(batch(4_000, 1_000))).toEqual(new Map([['GS1', 1_000]]));
    // Told to close at 20 lbs (a 10 lb preact), the drum got 31 lbs from GS1: 11 lbs in flight.
    expect(inFlightObservations(batch(3_100, 1_900, 5_000, 1_000))).toEqual(
      new Map([['GS1', 1_100]]),
    );
  });

  it("shares the cleaner's waste over the silos before it compares with the drum", () => {
    // The silos gave 50.25 lbs for a 50 lb drum: GS1's 40.2 lbs put 40 lbs in it.
    expect(inFlightObservations(batch(4_020, 1_005))).toEqual(new Map([['GS1', 1_000]]));
  });

  it('accumulates over several silos, each against its own cumulative target', () => {
    const three: RecordedBatch = {
      draws: [
        { device_id: 'GS1', planned_centi: 2_000, measured_centi: 2_900, preact_centi: 0 },
        { device_id: 'GS3', planned_centi: 1_000, measured_centi: 800, preact_centi: 500 },
        { device_id: 'GS2', planned_centi: 2_000, measured_centi: 1_300 },
      ],
      greenCenti: 5_000,
    };
    // GS1 9 lbs over 20; GS3 told to close at 25 lbs, the drum at 37 lbs after it: 12 lbs.
    expect(inFlightObservations(three)).toEqual(
      new Map([
        ['GS1', 900],
        ['GS3', 1_200],
      ]),
    );
  });

  it('learns nothing from a single-silo batch or one without its weights', () => {
    expect(
      inFlightObservations({
        draws: [{ device_id: 'GS1', planned_centi: 5_000, measured_centi: 5_020 }],
        greenCenti: 5_000,
      }).size,
    ).toBe(0);
    expect(inFlightObservations(batch(4_000, 1_000, null)).size).toBe(0);
    expect(
      inFlightObservations({
        draws: [
          { device_id: 'GS1', planned_centi: 3_000, measured_centi: null },
          { device_id: 'GS2', planned_centi: 2_000, measured_centi: 1_000 },
        ],
        greenCenti: 5_000,
      }).size,
    ).toBe(0);
  });

  it("takes the median of a silo's latest observations, newest first, never below zero", () => {
    const history = [
      batch(3_100, 1_900, 5_000, 1_000), // 11 lbs
      batch(3_000, 2_000, 5_000, 1_000), // 10 lbs
      batch(4_000, 1_000), // 10 lbs
      batch(3_900, 1_100), // 9 lbs
      batch(5_000, 0), // 20 lbs: a slow scan
      batch(3_000, 2_000), // beyond the window
    ];
    expect(IN_FLIGHT_WINDOW).toBe(5);
    expect(learnInFlight(history)).toEqual(new Map([['GS1', 1_000]]));
    expect(learnInFlight([batch(2_900, 2_100)])).toEqual(new Map([['GS1', 0]]));
    expect(learnInFlight([])).toEqual(new Map());
  });

  it('closes each silo but the last early by its in-flight weight, at most 90% of its draw', () => {
    const draws = [
      { deviceCode: 'GS1', plannedCenti: 3_000 },
      { deviceCode: 'GS3', plannedCenti: 1_000 },
      { deviceCode: 'GS4', plannedCenti: 500 },
      { deviceCode: 'GS2', plannedCenti: 2_000 },
    ];
    const learned = new Map([
      ['GS1', 1_000],
      ['GS3', 950],
      ['GS2', 900],
    ]);
    // GS3 is capped at 9 of its 10 lbs; GS4 has not been seen; GS2, last, tops the batch up.
    expect(preacts(draws, learned)).toEqual([1_000, 900, 0, 0]);
  });
});
