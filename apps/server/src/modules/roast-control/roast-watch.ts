import {
  rateOfRise,
  type RoastEvents,
  type RoastLimits,
  type RoastSample,
} from '@roastery/contract';
import { clock, degrees, degreesApart, rate, rateUnit, type Wording } from './roast-texts.ts';

/** Where the roast alarms go. */
export interface RoastAlarmPort {
  /** Raises an alarm of a lasting condition, once until it is cleared. */
  alarm(roaster: string, source: string, text: Wording): void;
  /** The condition behind an alarm ended. */
  clear(source: string): void;
}

/**
 * The roast alarms' limits every roaster shares; the band and the ET limit are each roaster's
 * (`RoastLimits`, its device settings).
 */
export const ROAST_ALARM_LIMITS = {
  /**
   * From the turning point the PID has this long before the band counts: a lot turns earlier or
   * later than the reference's, and the reference may still be falling while BT climbs.
   */
  graceS: 60,
  /**
   * After first crack, the rate of rise should ease steadily to the drop. A crash: it falls by
   * `crashFPerMin` within `rorSpanS` (the beans stall and bake). A flick: it climbs
   * `flickFPerMin` above its lowest since the crack (the beans scorch late).
   */
  rorSpanS: 30,
  crashFPerMin: 5,
  flickFPerMin: 2,
} as const;

/** What one roast's alarms have seen so far. */
export interface RoastWatch {
  limits: RoastLimits;
  /** When the PID took over at the turning point; null before it. */
  turnedS: number | null;
  /** Since when BT has been off the reference by more than the band; null while within it. */
  offSince: number | null;
  offRaised: boolean;
  etHigh: boolean;
  /** The lowest rate of rise since first crack; null before it. */
  lowestRor: number | null;
  crashRaised: boolean;
  flickRaised: boolean;
}

export function newWatch(limits: RoastLimits): RoastWatch {
  return {
    limits,
    turnedS: null,
    offSince: null,
    offRaised: false,
    etHigh: false,
    lowestRor: null,
    crashRaised: false,
    flickRaised: false,
  };
}

const bandSource = (roaster: string) => `roast-band:${roaster}`;
const etSource = (roaster: string) => `roast-et-high:${roaster}`;
const rorSource = (roaster: string, kind: 'crash' | 'flick') => `roast-ror-${kind}:${roaster}`;

/** An alarm once BT has been off the reference by more than the band for long enough. */
export function watchBand(
  port: RoastAlarmPort,
  roaster: string,
  w: RoastWatch,
  reading: { t_s: number; bt: number; reference: number | null },
): void {
  const { t_s, bt, reference } = reading;
  const { band_f: bandF, band_s: bandS } = w.limits;
  if (reference !== null) w.turnedS ??= t_s;
  const counts = w.turnedS !== null && t_s - w.turnedS >= ROAST_ALARM_LIMITS.graceS;
  if (reference === null || !counts || Math.abs(bt - reference) <= bandF) {
    w.offSince = null;
    if (w.offRaised) port.clear(bandSource(roaster));
    w.offRaised = false;
    return;
  }
  w.offSince ??= t_s;
  if (w.offRaised || t_s - w.offSince < bandS) return;
  w.offRaised = true;
  const side = bt > reference ? 'above' : 'below';
  const apart = Math.abs(bt - reference);
  port.alarm(
    roaster,
    bandSource(roaster),
    (unit) =>
      `${roaster}: bean temperature ${degrees(bt, unit)} is ${degreesApart(apart, unit)} ${side} the profile's reference (${degrees(reference, unit)}) for ${bandS} s, at ${clock(t_s)} of the roast.`,
  );
}

/** An alarm, once a roast, for a rate of rise that crashes or flicks after first crack. */
export function watchRor(
  port: RoastAlarmPort,
  roaster: string,
  w: RoastWatch,
  samples: readonly RoastSample[],
  events: RoastEvents,
): void {
  const latest = samples.at(-1);
  if (!events.first_crack || !latest || (w.crashRaised && w.flickRaised)) return;
  const { rorSpanS, crashFPerMin, flickFPerMin } = ROAST_ALARM_LIMITS;
  const rates = rateOfRise(samples);
  const now = rates.at(-1);
  if (now == null) return;
  const at = (i: number) => samples[i]?.t_s ?? -Infinity;
  let back = samples.length - 1;
  while (back > 0 && at(back) > latest.t_s - rorSpanS) back -= 1;
  const before = at(back) <= latest.t_s - rorSpanS ? rates[back] : null;
  if (!w.crashRaised && before != null && before - now > crashFPerMin) {
    w.crashRaised = true;
    port.alarm(
      roaster,
      rorSource(roaster, 'crash'),
      (unit) =>
        `${roaster}: the rate of rise crashed after first crack, from ${rate(before, unit)} to ${rate(now, unit)} ${rateUnit(unit)} in ${rorSpanS} s, at ${clock(latest.t_s)} of the roast.`,
    );
  }
  const lowest = w.lowestRor;
  if (!w.flickRaised && lowest !== null && now - lowest > flickFPerMin) {
    w.flickRaised = true;
    port.alarm(
      roaster,
      rorSource(roaster, 'flick'),
      (unit) =>
        `${roaster}: the rate of rise flicked up after first crack, from ${rate(lowest, unit)} to ${rate(now, unit)} ${rateUnit(unit)}, at ${clock(latest.t_s)} of the roast.`,
    );
  }
  w.lowestRor = lowest === null ? now : Math.min(lowest, now);
}

/**
 * Whether ET is over the roaster's high limit, and whether it just went over (the alarm is raised
 * then, saying what the safe action did: `action`, after the burner going off).
 */
export function watchEt(
  port: RoastAlarmPort,
  roaster: string,
  w: RoastWatch,
  et: number,
  action: string,
): { over: boolean; raised: boolean } {
  const { et_high_limit_f: limit, et_reset_f: reset } = w.limits;
  if (!w.etHigh && et >= limit) {
    w.etHigh = true;
    port.alarm(
      roaster,
      etSource(roaster),
      (unit) =>
        `${roaster}: environment temperature ${degrees(et, unit)} is over its ${degrees(limit, unit)} limit; the burner is off until it falls below ${degrees(reset, unit)}${action}.`,
    );
    return { over: true, raised: true };
  }
  if (w.etHigh && et < reset) {
    w.etHigh = false;
    port.clear(etSource(roaster));
  }
  return { over: w.etHigh, raised: false };
}

/** The roast ended: the conditions its alarms stood for end with it. */
export function clearWatch(port: RoastAlarmPort, roaster: string, w: RoastWatch): void {
  if (w.offRaised) port.clear(bandSource(roaster));
  if (w.etHigh) port.clear(etSource(roaster));
  if (w.crashRaised) port.clear(rorSource(roaster, 'crash'));
  if (w.flickRaised) port.clear(rorSource(roaster, 'flick'));
}
