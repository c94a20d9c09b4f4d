import { z } from 'zod';
import { convertTemperature, type TemperatureUnit } from '@roastery/contract';
import { HttpError } from '../../lib/http-errors.ts';
import { parsePythonLiteral, printPythonLiteral, PythonLiteralError } from './python-literal.ts';
import type { PythonValue } from './python-literal.ts';

/**
 * Artisan's .alog roast profile (see docs/artisan-alog.md): read from either of its forms
 * (JSON, or the Python literal Artisan itself saves) and written back so that Artisan opens it.
 */

export type WeightUnit = 'g' | 'kg' | 'lb' | 'oz';

/** One reading; `t_s` counts from CHARGE, negative before it; null is a missing reading. */
export interface ProfilePoint {
  t_s: number;
  bt: number | null;
  et: number | null;
}

export interface ProfileEvent {
  t_s: number;
  bt: number | null;
}

/** Artisan's `timeindex` slots, in its order. */
export const PROFILE_EVENTS = [
  'charge',
  'dryEnd',
  'fcStart',
  'fcEnd',
  'scStart',
  'scEnd',
  'drop',
  'cool',
] as const;
export type ProfileEventName = (typeof PROFILE_EVENTS)[number];

const EVENT_LABELS = [
  'CHARGE',
  'DRY END',
  'FC start',
  'FC end',
  'SC start',
  'SC end',
  'DROP',
  'COOL',
];

export interface ArtisanProfile {
  title: string;
  beans: string;
  /** ISO 8601: the instant (UTC) when the file has one, else the calendar date. */
  roastDate: string | null;
  unit: TemperatureUnit;
  points: ProfilePoint[];
  events: Record<ProfileEventName, ProfileEvent | null>;
  weights: { green: number; roasted: number; unit: WeightUnit } | null;
  /** The green beans' moisture (%) and density (g/L) before the roast; null when not given. */
  greenMoisturePct: number | null;
  greenDensityGPerL: number | null;
  /** The roasted beans' moisture (%) after the roast; null when not given. */
  roastedMoisturePct: number | null;
}

/** A file that is not a profile the console can use; the message says why, for a 400 reply. */
export class AlogFormatError extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'AlogFormatError';
  }
}

/** Artisan writes -1 for a reading its probe did not deliver. */
const MISSING_READING = -1;
const CHARGE_NOT_SET = -1;
const EVENT_NOT_SET = 0;

const missingOr =
  (message: string) =>
  (issue: { input: unknown }): string =>
    issue.input === undefined ? 'is missing' : message;

const reading = z.custom<number | null>(
  (value) => value === null || typeof value === 'number',
  'must be a number (Artisan marks a missing reading with -1)',
);

const alogSchema = z.object({
  mode: z.enum(['C', 'F'], { error: missingOr("must be 'C' or 'F'") }),
  timex: z.array(z.number({ error: 'must be a number of seconds' }), {
    error: missingOr('must be a list of seconds'),
  }),
  temp1: z.array(reading, { error: missingOr('must be a list of temperatures') }),
  temp2: z.array(reading, { error: missingOr('must be a list of temperatures') }),
  timeindex: z
    .array(z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }), {
      error: missingOr('must be a list of 8 indices'),
    })
    .length(8, {
      error:
        'must hold 8 indices (CHARGE, DRY END, FC start, FC end, SC start, SC end, DROP, COOL)',
    }),
  // Descriptive fields of the wrong type are dropped, not refused: the curve is what matters.
  title: z.string().catch(''),
  beans: z.string().catch(''),
  roastisodate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  roastepoch: z.number().optional().catch(undefined),
  weight: z
    .tuple([z.number().nonnegative(), z.number().nonnegative(), z.string()])
    .rest(z.unknown())
    .optional()
    .catch(undefined),
  moisture_greens: z.number().nonnegative().optional().catch(undefined),
  moisture_roasted: z.number().nonnegative().optional().catch(undefined),
  /** `[weight, weight unit, volume, volume unit]`, e.g. `[710.0, 'g', 1.0, 'l']`. */
  density: z
    .tuple([z.number().nonnegative(), z.string(), z.number().positive(), z.string()])
    .rest(z.unknown())
    .optional()
    .catch(undefined),
});
type AlogDictionary = z.infer<typeof alogSchema>;

const WEIGHT_UNITS = new Map<string, WeightUnit>([
  ['g', 'g'],
  ['kg', 'kg'],
  ['lb', 'lb'],
  ['lbs', 'lb'],
  ['oz', 'oz'],
]);
/** Artisan looks the unit up in its list ['g', 'Kg', 'lb', 'oz'], spelled so. */
const ARTISAN_WEIGHT_UNITS: Record<WeightUnit, string> = { g: 'g', kg: 'Kg', lb: 'lb', oz: 'oz' };
const GRAMS_PER: Record<WeightUnit, number> = { g: 1, kg: 1000, lb: 453.59237, oz: 28.349523125 };
/** Artisan's volume units ['l', 'gal', 'qt', 'pt', 'cup', 'ml'], US measures, in litres. */
const LITRES_PER = new Map<string, number>([
  ['l', 1],
  ['gal', 3.785411784],
  ['qt', 0.946352946],
  ['pt', 0.473176473],
  ['cup', 0.2365882365],
  ['ml', 0.001],
]);

export function parseAlog(text: string, options: { unit?: TemperatureUnit } = {}): ArtisanProfile {
  const parsed = alogSchema.safeParse(readDictionary(text));
  if (!parsed.success) throw new AlogFormatError(describeIssue(parsed.error.issues[0]));
  const alog = parsed.data;
  checkReadings(alog);
  checkTimeindex(alog);

  const unit = options.unit ?? alog.mode;
  const temperature = (value: number | null): number | null =>
    value === null || value === MISSING_READING || !Number.isFinite(value)
      ? null
      : convertTemperature(value, alog.mode, unit);
  const chargeIndex = alog.timeindex[0] ?? CHARGE_NOT_SET;
  const origin = chargeIndex === CHARGE_NOT_SET ? 0 : (alog.timex[chargeIndex] ?? 0);
  const points = alog.timex.map((time, i) => ({
    t_s: toMilliseconds(time - origin),
    bt: temperature(alog.temp2[i] ?? null),
    et: temperature(alog.temp1[i] ?? null),
  }));

  const events = {} as ArtisanProfile['events'];
  PROFILE_EVENTS.forEach((name, slot) => {
    const index = alog.timeindex[slot] ?? EVENT_NOT_SET;
    const point = isSet(slot, index) ? points[index] : undefined;
    events[name] = point ? { t_s: point.t_s, bt: point.bt } : null;
  });

  return {
    title: alog.title,
    beans: alog.beans,
    roastDate: roastDateOf(alog),
    unit,
    points,
    events,
    weights: weightsOf(alog.weight),
    // Artisan writes 0 for a moisture or density nobody entered.
    greenMoisturePct: alog.moisture_greens || null,
    greenDensityGPerL: densityOf(alog.density),
    roastedMoisturePct: alog.moisture_roasted || null,
  };
}

export function writeAlog(record: ArtisanProfile, options: { form: 'json' | 'python' }): string {
  const dictionary = alogDictionary(record);
  return options.form === 'json' ? JSON.stringify(dictionary) : printPythonLiteral(dictionary);
}

function readDictionary(text: string): unknown {
  const source = text.replace(/^\uFEFF/, '');
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    try {
      value = parsePythonLiteral(source);
    } catch (error) {
      if (error instanceof PythonLiteralError) {
        throw new AlogFormatError(`This is not an Artisan profile: ${error.message}.`);
      }
      throw error;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AlogFormatError(
      'This is not an Artisan profile: an .alog file holds one dictionary ({...}).',
    );
  }
  return value;
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'This is not an Artisan profile.';
  const path = issue.path
    .map((part, i) =>
      typeof part === 'number' ? `[${part}]` : `${i > 0 ? '.' : ''}${String(part)}`,
    )
    .join('');
  return `The profile's ${path} ${issue.message}.`;
}

function checkReadings(alog: AlogDictionary): void {
  if (alog.timex.length === 0)
    throw new AlogFormatError('The profile has no readings: timex is empty.');
  for (const [field, probe] of [
    ['temp1', 'ET'],
    ['temp2', 'BT'],
  ] as const) {
    if (alog[field].length !== alog.timex.length) {
      throw new AlogFormatError(
        `The profile's ${field} (${probe}) has ${alog[field].length} readings for ${alog.timex.length} times in timex: each time needs one.`,
      );
    }
  }
}

function checkTimeindex(alog: AlogDictionary): void {
  const last = alog.timex.length - 1;
  alog.timeindex.forEach((index, slot) => {
    const unset = slot === 0 ? CHARGE_NOT_SET : EVENT_NOT_SET;
    if (index < unset || index > last) {
      throw new AlogFormatError(
        `The profile's timeindex[${slot}] (${EVENT_LABELS[slot]}) is ${index}: it must be ${unset} (not set) or an index into timex (0 to ${last}).`,
      );
    }
  });
}

/** CHARGE's 0 is the first reading; for every other event 0 means "not set". */
function isSet(slot: number, index: number): boolean {
  return slot === 0 ? index !== CHARGE_NOT_SET : index !== EVENT_NOT_SET;
}

function roastDateOf(alog: AlogDictionary): string | null {
  if (alog.roastepoch !== undefined && Number.isFinite(alog.roastepoch)) {
    const instant = new Date(alog.roastepoch * 1000);
    if (!Number.isNaN(instant.getTime())) return instant.toISOString();
  }
  return alog.roastisodate ?? null;
}

function weightsOf(weight: AlogDictionary['weight']): ArtisanProfile['weights'] {
  if (!weight) return null;
  const [green, roasted, unitName] = weight;
  const unit = WEIGHT_UNITS.get(unitName.toLowerCase());
  // Artisan writes [0, 0, unit] when nothing was weighed.
  if (!unit || (green === 0 && roasted === 0)) return null;
  return { green, roasted, unit };
}

/** g/L to the hundredth, from any of Artisan's weight and volume units; null when not given. */
function densityOf(density: AlogDictionary['density']): number | null {
  if (!density) return null;
  const [weight, weightName, volume, volumeName] = density;
  const weightUnit = WEIGHT_UNITS.get(weightName.toLowerCase());
  const litres = LITRES_PER.get(volumeName.toLowerCase());
  if (!weightUnit || litres === undefined || weight === 0) return null;
  return Math.round(((weight * GRAMS_PER[weightUnit]) / (volume * litres)) * 100) / 100;
}

function toMilliseconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** The Artisan release whose file layout this follows; Artisan's loader does not check it. */
const ARTISAN_VERSION = '3.0.0';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function alogDictionary(record: ArtisanProfile): { [key: string]: PythonValue } {
  if (record.points.length === 0) throw new AlogFormatError('The batch has no readings to export.');
  // timex starts at the first reading, never below 0; CHARGE's index marks t = 0.
  const start = record.points.reduce((min, point) => Math.min(min, point.t_s), 0);
  const timeindex = PROFILE_EVENTS.map((name, slot) => {
    const event = record.events[name];
    if (!event) return slot === 0 ? CHARGE_NOT_SET : EVENT_NOT_SET;
    return nearestIndex(record.points, event.t_s);
  });
  return {
    version: ARTISAN_VERSION,
    revision: '',
    build: '',
    mode: record.unit,
    timeindex,
    title: record.title,
    beans: record.beans,
    weight: record.weights
      ? [record.weights.green, record.weights.roasted, ARTISAN_WEIGHT_UNITS[record.weights.unit]]
      : [0, 0, ARTISAN_WEIGHT_UNITS.lb],
    // As Artisan writes them, 0 for not given.
    density: [record.greenDensityGPerL ?? 0, 'g', 1, 'l'],
    moisture_greens: record.greenMoisturePct ?? 0,
    moisture_roasted: record.roastedMoisturePct ?? 0,
    ...dateFields(record.roastDate),
    timex: record.points.map((point) => toMilliseconds(point.t_s - start)),
    temp1: record.points.map((point) => point.et ?? MISSING_READING),
    temp2: record.points.map((point) => point.bt ?? MISSING_READING),
  };
}

function nearestIndex(points: ProfilePoint[], t_s: number): number {
  let nearest = 0;
  points.forEach((point, i) => {
    const best = points[nearest]?.t_s ?? 0;
    if (Math.abs(point.t_s - t_s) < Math.abs(best - t_s)) nearest = i;
  });
  return nearest;
}

/**
 * Artisan reads roastdate (Qt's English text date, for its old versions), then roastisodate and
 * roasttime, then roastepoch, each overriding the one before; written in UTC with offset 0.
 */
function dateFields(roastDate: string | null): { [key: string]: PythonValue } {
  if (roastDate === null) return {};
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(roastDate);
  const instant = new Date(dateOnly ? `${roastDate}T00:00:00Z` : roastDate);
  if (Number.isNaN(instant.getTime())) return {};
  const iso = instant.toISOString();
  const textDate = `${WEEKDAYS[instant.getUTCDay()]} ${MONTHS[instant.getUTCMonth()]} ${instant.getUTCDate()} ${instant.getUTCFullYear()}`;
  if (dateOnly) return { roastdate: textDate, roastisodate: iso.slice(0, 10) };
  return {
    roastdate: textDate,
    roastisodate: iso.slice(0, 10),
    roasttime: iso.slice(11, 19),
    roastepoch: Math.floor(instant.getTime() / 1000),
    roasttzoffset: 0,
  };
}
