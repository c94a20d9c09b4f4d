/**
 * In-flight (preact) compensation of a blend's silo switches. A silo's gate closes a PLC scan or
 * two after the roaster weighs the silo's cumulative target, and what leaves the silo meanwhile
 * still lands in the drum: without compensation the earlier silo gives too much and the last,
 * capped by the roaster's batch size, too little. Each silo but the last is therefore closed
 * early by the weight it is expected to have in flight, learned from the charges it made before.
 */

/** One silo's share of a finished batch, as its record holds it. */
export interface RecordedDraw {
  device_id: string;
  planned_centi: number;
  measured_centi: number | null;
  /** How early its gate was told to close; absent on batches charged before compensation. */
  preact_centi?: number;
}

/** A finished batch of the roaster: its draws in charging order and its drum's green weight. */
export interface RecordedBatch {
  draws: readonly RecordedDraw[];
  greenCenti: number | null;
}

/** How many of a silo's latest observations the estimate rests on. */
export const IN_FLIGHT_WINDOW = 5;

/** The most a silo's gate closes early, as a share of what it is planned to give. */
export const MAX_PREACT_SHARE = 0.9;

/**
 * What each silo but the last of a finished batch had in flight when its gate was told to close,
 * hundredths, by silo. What reached the drum from each silo is its measured draw scaled to the
 * drum's green weight (the cleaner takes its share of every silo alike); silo i's gate was told
 * to close when the drum weighed its cumulative target less its preact, so what the drum got
 * beyond that, up to and including silo i, was in flight. The last silo is stopped by the
 * roaster's batch size, not by its target, and teaches nothing.
 */
export function inFlightObservations(batch: RecordedBatch): Map<string, number> {
  const seen = new Map<string, number>();
  const given = batch.draws.reduce((sum, d) => sum + (d.measured_centi ?? 0), 0);
  if (batch.greenCenti === null || given <= 0 || batch.draws.length < 2) return seen;
  if (batch.draws.some((d) => d.measured_centi === null)) return seen;
  const green = batch.greenCenti;
  let delivered = 0;
  let target = 0;
  for (const draw of batch.draws.slice(0, -1)) {
    delivered += ((draw.measured_centi ?? 0) * green) / given;
    target += draw.planned_centi;
    seen.set(draw.device_id, Math.round(delivered - (target - (draw.preact_centi ?? 0))));
  }
  return seen;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : Math.round(((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2);
}

/**
 * Expected in-flight weight per silo from a roaster's finished batches, newest first: the median
 * of each silo's latest observations (one slow scan does not move it), never below zero. A silo
 * not seen yet has none: it starts at zero and learns from its first charge.
 */
export function learnInFlight(batches: readonly RecordedBatch[]): Map<string, number> {
  const observations = new Map<string, number[]>();
  for (const batch of batches) {
    for (const [silo, centi] of inFlightObservations(batch)) {
      const list = observations.get(silo) ?? [];
      if (list.length < IN_FLIGHT_WINDOW) observations.set(silo, [...list, centi]);
    }
  }
  return new Map([...observations].map(([silo, list]) => [silo, Math.max(0, median(list))]));
}

/**
 * How early each planned silo's gate closes, hundredths, in charging order: its expected
 * in-flight weight, at most MAX_PREACT_SHARE of what it is planned to give; the last silo none,
 * since it tops the batch up to the roaster's batch size and absorbs what the others missed.
 */
export function preacts(
  draws: readonly { deviceCode: string; plannedCenti: number }[],
  inFlight: ReadonlyMap<string, number>,
): number[] {
  return draws.map((draw, i) =>
    i === draws.length - 1
      ? 0
      : Math.min(
          inFlight.get(draw.deviceCode) ?? 0,
          Math.floor(draw.plannedCenti * MAX_PREACT_SHARE),
        ),
  );
}
