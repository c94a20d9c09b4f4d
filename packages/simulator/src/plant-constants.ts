/**
 * The simulated plant's behaviour in numbers, in one place so the README, the tests and the model
 * agree. Times are in milliseconds, weights in lbs, temperatures in °F.
 */
export const PlantConstants = {
  /** How long a device takes to confirm an app command on its feedback (a contactor, a gate). */
  echoDelayMs: 300,
  /** How long the PLC takes to confirm a switch between Auto and Manual. */
  modeDelayMs: 1_000,
  /** Step of the real clock; the manual clock also never simulates more than this at once. */
  tickMs: 100,
  /** Seed of the plant's randomness when none is given, so every run is reproducible. */
  seed: 1,
  /**
   * How far a batch's green lot may differ from the roaster's typical lot, drawn per batch from
   * the seeded generator: moisture as a share of green weight, density in g/L.
   */
  lotMoistureJitter: 0.005,
  lotDensityJitterGPerL: 15,
  /**
   * How far a batch's lot may differ from what the console wrote of it ('Green Moisture', 'Green
   * Density'): only the spread of measuring a lot, a meter's repeatability and a lot's
   * unevenness, not that of one lot against another.
   */
  measuredMoistureJitter: 0.001,
  measuredDensityJitterGPerL: 3,
  /**
   * The NIR moisture meter's repeatability on roasted beans ('Roasted Moisture'), % of the
   * roasted weight, drawn per drop from a generator of its own so that the lots' draws stay
   * what they were before the roasters had the meter.
   */
  roastedMoistureJitterPct: 0.1,
  /**
   * How long a transfer conveyor must find its source empty or its target full before 'Transfer
   * State' shows NoFlow, so that a brief gap in the flow does not flicker the state.
   */
  transferNoFlowMs: 2_000,
} as const;
