import {
  createDeviceBody,
  DEFAULT_ROAST_LIMITS,
  type RoastSafeAction,
  type TemperatureUnit,
} from '@roastery/contract';
import {
  keptTemperature,
  limitInUnit,
  shownTemperature,
  type TemperatureKind,
  type TemperatureLimit,
} from '../../../lib/temperature-fields.ts';

/**
 * A roaster's roast alarm limits as the form holds them, the temperatures in the plant's unit
 * under the API's names; empty ones take the defaults.
 */
export interface RoastLimitValues {
  et_high_limit_f?: number | null;
  et_reset_f?: number | null;
  et_safe_action?: RoastSafeAction | null;
  band_f?: number | null;
  band_s?: number | null;
}

/** The limits a device holds, temperatures in °F, as the API sends them. */
export type StoredRoastLimits = Readonly<Record<TemperatureField, number | null>>;

/** Each temperature field with what it holds: the ET limits are readings, the band a distance. */
const TEMPERATURE_KINDS = {
  et_high_limit_f: 'absolute',
  et_reset_f: 'absolute',
  band_f: 'difference',
} as const satisfies Record<string, TemperatureKind>;

export type TemperatureField = keyof typeof TEMPERATURE_KINDS;
export const TEMPERATURE_FIELDS = Object.keys(TEMPERATURE_KINDS) as TemperatureField[];

/** What the contract's messages call each, for a range stated in the plant's unit. */
const SUBJECTS: Record<TemperatureField, string> = {
  et_high_limit_f: 'ET High Limit',
  et_reset_f: 'ET Reset',
  band_f: 'Band',
};

const shown = (valueF: number | null, unit: TemperatureUnit, field: TemperatureField) =>
  valueF === null ? null : shownTemperature(valueF, unit, TEMPERATURE_KINDS[field]);

/** A device's limits as the form shows them, in the plant's unit. */
export function roastLimitValuesOf(
  device: StoredRoastLimits & Pick<RoastLimitValues, 'et_safe_action' | 'band_s'>,
  unit: TemperatureUnit,
): RoastLimitValues {
  return {
    et_high_limit_f: shown(device.et_high_limit_f, unit, 'et_high_limit_f'),
    et_reset_f: shown(device.et_reset_f, unit, 'et_reset_f'),
    et_safe_action: device.et_safe_action,
    band_f: shown(device.band_f, unit, 'band_f'),
    band_s: device.band_s,
  };
}

/** The default a field takes when left empty, as its placeholder shows it in the plant's unit. */
export const defaultShown = (field: TemperatureField, unit: TemperatureUnit): number =>
  shownTemperature(DEFAULT_ROAST_LIMITS[field], unit, TEMPERATURE_KINDS[field]);

/**
 * The contract's °F range of a field in the plant's unit, with its message: the bounds rounded
 * inwards to the tenth, so that what the field lets through the server takes.
 */
export function temperatureLimit(field: TemperatureField, unit: TemperatureUnit): TemperatureLimit {
  const schema = createDeviceBody.shape[field].unwrap().unwrap();
  const min = schema.minValue ?? Number.NEGATIVE_INFINITY;
  const max = schema.maxValue ?? Number.POSITIVE_INFINITY;
  const message = `${SUBJECTS[field]} must be between ${min} and ${max} °F.`;
  return limitInUnit({ min, max, message }, unit, TEMPERATURE_KINDS[field]);
}

/**
 * The limits the body sends, temperatures back in °F: a roaster's as entered (null: the
 * default), null for others. Given the limits the form was shown from, a temperature left as
 * shown keeps its stored °F rather than coming back from a rounded °C.
 */
export function roastLimitsOf(
  values: RoastLimitValues,
  roasting: boolean,
  unit: TemperatureUnit,
  previous?: StoredRoastLimits,
) {
  const or = <T>(v: T | null | undefined) => (roasting ? (v ?? null) : null);
  const degrees = (field: TemperatureField) => {
    const value = or(values[field]);
    return value === null
      ? null
      : keptTemperature(value, unit, previous?.[field] ?? undefined, TEMPERATURE_KINDS[field]);
  };
  return {
    et_high_limit_f: degrees('et_high_limit_f'),
    et_reset_f: degrees('et_reset_f'),
    et_safe_action: or(values.et_safe_action),
    band_f: degrees('band_f'),
    band_s: or(values.band_s),
  };
}
