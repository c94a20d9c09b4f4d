import { ROR_WINDOW_S, rateOfRise } from './rate-of-rise.ts';
import type {
  RoastEvent,
  RoastEventMarks,
  RoastEventName,
  RoastEvents,
  RoastSample,
} from './roast-samples.ts';
import { btAt } from './roast-samples.ts';

/** How events are read off the curve; the defaults suit a 1 s logger on a production roaster. */
export interface EventDetection {
  /** The profile's dry end: BT reaching it after the turning point. */
  dryEndF: number;
  /** BT must have stayed at least this far above its lowest reading for `turnSustainS`. */
  turnRiseF?: number;
  turnSustainS?: number;
  /** First crack is looked for from this BT on. */
  crackSearchFromF?: number;
  /** How far the rate of rise must leave its recent trend, °F/min, to count as the crack. */
  crackDepartureFPerMin?: number;
}

const TURN_RISE_F = 1;
const TURN_SUSTAIN_S = 10;
const CRACK_SEARCH_FROM_F = 370;
const CRACK_DEPARTURE_F_PER_MIN = 1.5;
/** The rate of rise's trend is fitted over this stretch, ending `TREND_GAP_S` before the reading. */
const TREND_S = 60;
const TREND_GAP_S = 20;

/**
 * The roast's events from its samples since charge, as far as they go: live, each call with the
 * samples so far gives the events seen so far. An operator's mark replaces the event it names;
 * first crack comes from the crack detector when the roaster has one, else from the curve.
 */
export function detectRoastEvents(
  samples: readonly RoastSample[],
  detection: EventDetection,
  marks: RoastEventMarks = {},
): RoastEvents {
  const turningPoint =
    marked(samples, marks, 'turning_point') ?? detectTurningPoint(samples, detection);
  const afterTurn = turningPoint ? samples.filter((s) => s.t_s > turningPoint.t_s) : [];
  const dryEnd =
    marked(samples, marks, 'dry_end') ??
    curveEvent(afterTurn.find((s) => s.bt_f >= detection.dryEndF));
  const firstCrack =
    marked(samples, marks, 'first_crack') ??
    sensorCrack(afterTurn) ??
    (turningPoint ? detectCrack(samples, turningPoint.t_s, detection) : null);
  return {
    turning_point: turningPoint,
    dry_end: dryEnd,
    first_crack: firstCrack,
    drop: marked(samples, marks, 'drop'),
  };
}

function marked(
  samples: readonly RoastSample[],
  marks: RoastEventMarks,
  name: RoastEventName,
): RoastEvent | null {
  const t_s = marks[name];
  if (t_s === undefined) return null;
  const bt_f = btAt(samples, t_s);
  return bt_f === null ? null : { t_s, bt_f, source: 'operator' };
}

function curveEvent(sample: RoastSample | undefined): RoastEvent | null {
  return sample ? { t_s: sample.t_s, bt_f: sample.bt_f, source: 'curve' } : null;
}

function sensorCrack(afterTurn: readonly RoastSample[]): RoastEvent | null {
  const heard = afterTurn.find((s) => s.crack_heard);
  return heard ? { t_s: heard.t_s, bt_f: heard.bt_f, source: 'sensor' } : null;
}

/**
 * The lowest BT before a sustained rise: the probe, hot from the preheated drum, falls towards the
 * cold beans and turns once they warm faster than it cools. A rise counts once every reading of
 * the last `turnSustainS` seconds stands `turnRiseF` above the lowest, so one noisy reading does
 * not turn the roast.
 */
function detectTurningPoint(
  samples: readonly RoastSample[],
  detection: EventDetection,
): RoastEvent | null {
  const riseF = detection.turnRiseF ?? TURN_RISE_F;
  const sustainS = detection.turnSustainS ?? TURN_SUSTAIN_S;
  let lowest: RoastSample | undefined;
  let lowestSince: RoastSample | undefined;
  for (const sample of samples) {
    if (!lowest || sample.bt_f <= lowest.bt_f) {
      lowest = sample;
      lowestSince = undefined;
      continue;
    }
    if (sample.bt_f < lowest.bt_f + riseF) lowestSince = undefined;
    else if (!lowestSince) lowestSince = sample;
    else if (sample.t_s - lowestSince.t_s >= sustainS) return curveEvent(lowest);
  }
  return null;
}

/**
 * First crack from the rate of rise: once BT passes `crackSearchFromF`, the RoR, falling steadily
 * towards the crack, leaves its trend, either dipping (the beans' moisture flashing off) or
 * flattening (the roast turning exothermic). The trend is the straight line through the RoR of
 * the minute before, ending a little earlier so the departure itself does not bend it. The crack
 * is placed half a RoR window before the reading that shows the departure: the fitted slope
 * describes the middle of its window. A burner cut just before the crack also bends the RoR,
 * which is why a crack detector's flag or the operator's mark takes precedence.
 */
function detectCrack(
  samples: readonly RoastSample[],
  turnS: number,
  detection: EventDetection,
): RoastEvent | null {
  const fromF = detection.crackSearchFromF ?? CRACK_SEARCH_FROM_F;
  const departure = detection.crackDepartureFPerMin ?? CRACK_DEPARTURE_F_PER_MIN;
  const rates = rateOfRise(samples);
  const trend = new SlidingLine();
  let enter = 0;
  let leave = 0;
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i];
    const rate = rates[i];
    if (!sample) continue;
    const end = sample.t_s - TREND_GAP_S;
    const start = Math.max(turnS, end - TREND_S);
    for (let s = samples[enter]; s && s.t_s <= end; s = samples[++enter]) {
      trend.add(s.t_s, rates[enter] ?? null);
    }
    for (let s = samples[leave]; s && leave < enter && s.t_s < start; s = samples[++leave]) {
      trend.remove(s.t_s, rates[leave] ?? null);
    }
    if (rate === undefined || rate === null || sample.bt_f < fromF || end - start < TREND_S) {
      continue;
    }
    const expected = trend.valueAt(sample.t_s);
    if (expected === null || Math.abs(rate - expected) < departure) continue;
    const t_s = Math.max(turnS, sample.t_s - ROR_WINDOW_S / 2);
    return { t_s, bt_f: btAt(samples, t_s) ?? sample.bt_f, source: 'curve' };
  }
  return null;
}

/** A least-squares line through points entering and leaving a window, times kept small. */
class SlidingLine {
  #origin: number | null = null;
  #n = 0;
  #sumT = 0;
  #sumV = 0;
  #sumTT = 0;
  #sumTV = 0;

  add(t_s: number, value: number | null): void {
    this.#update(t_s, value, 1);
  }

  remove(t_s: number, value: number | null): void {
    this.#update(t_s, value, -1);
  }

  /** The line's value at `t_s`, null while fewer than three points define it. */
  valueAt(t_s: number): number | null {
    const n = this.#n;
    const spread = n * this.#sumTT - this.#sumT * this.#sumT;
    if (n < 3 || spread <= 0 || this.#origin === null) return null;
    const slope = (n * this.#sumTV - this.#sumT * this.#sumV) / spread;
    const meanT = this.#sumT / n;
    return this.#sumV / n + slope * (t_s - this.#origin - meanT);
  }

  #update(t_s: number, value: number | null, sign: 1 | -1): void {
    if (value === null) return;
    this.#origin ??= t_s;
    const t = t_s - this.#origin;
    this.#n += sign;
    this.#sumT += sign * t;
    this.#sumV += sign * value;
    this.#sumTT += sign * t * t;
    this.#sumTV += sign * t * value;
  }
}
