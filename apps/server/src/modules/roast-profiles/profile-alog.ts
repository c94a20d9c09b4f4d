import {
  convertTemperature,
  type AlogPreview,
  type ReferencePoint,
  type TemperatureUnit,
} from '@roastery/contract';
import {
  parseAlog,
  PROFILE_EVENTS,
  type ArtisanProfile,
  type ProfileEvent,
  type WeightUnit,
} from './artisan-alog.ts';

/**
 * Between an Artisan file and a profile's reference curve (docs/roast-profiles.md): what a file
 * gives a profile's form, and the file a version's curve is written back as.
 */

/** The reference curve's spacing: a file's readings (every 1-3 s) are more than a profile needs. */
export const REFERENCE_STEP_S = 5;

const LBS_PER: Record<WeightUnit, number> = {
  g: 1 / 453.59237,
  kg: 2.2046226218,
  lb: 1,
  oz: 1 / 16,
};

const tenth = (n: number) => Math.round(n * 10) / 10;

interface Reading {
  t_s: number;
  value: number;
}

/**
 * The readings on a grid of whole seconds every `REFERENCE_STEP_S` from the first reading, and
 * the last reading at its own (rounded) second, each interpolated between the readings around it.
 */
export function resample(readings: readonly Reading[]): Reading[] {
  const first = readings[0];
  const last = readings.at(-1);
  if (!first || !last) return [];
  const out: Reading[] = [];
  let i = 0;
  const at = (t: number): number => {
    while (i < readings.length - 2 && (readings[i + 1]?.t_s ?? Infinity) < t) i += 1;
    const a = readings[i] ?? first;
    const b = readings[i + 1] ?? a;
    if (b.t_s === a.t_s) return a.value;
    return a.value + ((b.value - a.value) * (t - a.t_s)) / (b.t_s - a.t_s);
  };
  const start = Math.ceil(first.t_s / REFERENCE_STEP_S) * REFERENCE_STEP_S;
  for (let t = start; t <= last.t_s; t += REFERENCE_STEP_S)
    out.push({ t_s: t, value: tenth(at(t)) });
  const end = Math.round(last.t_s);
  if (end > (out.at(-1)?.t_s ?? -Infinity)) out.push({ t_s: end, value: tenth(last.value) });
  return out;
}

/**
 * What an Artisan file gives a profile: its BT curve from CHARGE to DROP (to the end without a
 * DROP), resampled, in °F whatever the file's unit; its ET alike; its events from CHARGE.
 * Missing readings are skipped. A file that is no profile throws the parser's 400.
 */
export function previewAlog(text: string): AlogPreview {
  const file = parseAlog(text);
  const f = (value: number) => tenth(convertTemperature(value, file.unit, 'F'));
  const dropAt = file.events.drop?.t_s ?? Infinity;
  const roast = file.points.filter((p) => p.t_s >= 0 && p.t_s <= dropAt);
  const curve = (pick: (p: (typeof roast)[number]) => number | null): Reading[] =>
    resample(
      roast.flatMap((p) => {
        const value = pick(p);
        return value === null
          ? []
          : [{ t_s: p.t_s, value: convertTemperature(value, file.unit, 'F') }];
      }),
    );
  const event = (e: ProfileEvent | null) =>
    e && { t_s: Math.round(e.t_s), bt_f: e.bt === null ? null : f(e.bt) };
  const charge = event(file.events.charge);
  const lbs = (n: number | undefined) =>
    file.weights && n !== undefined ? Math.round(n * LBS_PER[file.weights.unit] * 100) / 100 : null;
  return {
    title: file.title,
    beans: file.beans,
    roast_date: file.roastDate,
    unit: file.unit,
    reference: curve((p) => p.bt).map((r) => ({ t_s: r.t_s, bt_f: r.value })),
    et: curve((p) => p.et).map((r) => ({ t_s: r.t_s, et_f: r.value })),
    charge_temperature_f: charge?.bt_f ?? null,
    events: {
      charge,
      dry_end: event(file.events.dryEnd),
      first_crack: event(file.events.fcStart),
      drop: event(file.events.drop),
    },
    green_lbs: lbs(file.weights?.green),
    roasted_lbs: lbs(file.weights?.roasted),
  };
}

/**
 * A version's reference curve as an Artisan profile in °F (see inUnit for the plant's): BT only (ET missing), CHARGE at its
 * first point (t = 0), DROP at its last.
 */
export function alogRecord(
  curve: readonly ReferencePoint[],
  names: { title: string; beans: string; roastDate: string },
): ArtisanProfile {
  const first = curve[0];
  const last = curve.at(-1);
  return {
    title: names.title,
    beans: names.beans,
    roastDate: names.roastDate,
    unit: 'F',
    points: curve.map((p) => ({ t_s: p.t_s, bt: p.bt_f, et: null })),
    events: {
      charge: first ? { t_s: first.t_s, bt: first.bt_f } : null,
      dryEnd: null,
      fcStart: null,
      fcEnd: null,
      scStart: null,
      scEnd: null,
      drop: last ? { t_s: last.t_s, bt: last.bt_f } : null,
      cool: null,
    },
    weights: null,
    greenMoisturePct: null,
    greenDensityGPerL: null,
    roastedMoisturePct: null,
  };
}

/**
 * A profile in the plant's unit, as its .alog is downloaded: Artisan reads a file by its mode,
 * so the file says what the plant's screens say. Hundredths of a °C are finer than the tenth of
 * a °F the PLC reads, so a file read back gives the same °F.
 */
export function inUnit(profile: ArtisanProfile, unit: TemperatureUnit): ArtisanProfile {
  if (profile.unit === unit) return profile;
  const to = (value: number | null) =>
    value === null ? null : Math.round(convertTemperature(value, profile.unit, unit) * 100) / 100;
  const events = { ...profile.events };
  for (const name of PROFILE_EVENTS) {
    const event = profile.events[name];
    events[name] = event && { t_s: event.t_s, bt: to(event.bt) };
  }
  return {
    ...profile,
    unit,
    points: profile.points.map((p) => ({ t_s: p.t_s, bt: to(p.bt), et: to(p.et) })),
    events,
  };
}

/**
 * A download's file name: what a file system and a header take (no path separators, quotes
 * or control characters; ASCII for the plain `filename`, the full name in `filename*`).
 */
export function alogDisposition(name: string): string {
  const safe = name.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').trim() || 'profile';
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}.alog"; filename*=UTF-8''${encodeURIComponent(`${safe}.alog`)}`;
}
