import type {
  AlogPreview,
  EndCondition,
  PowerStep,
  ReferencePoint,
  RoastProfileSettings,
  RoastProfileVersion,
  TemperatureUnit,
} from '@roastery/contract';
import { formatPointTime, parsePointTime } from './point-time.ts';
import { keptTemperature, shownTemperature } from '../../../lib/temperature-fields.ts';

/** A row of the reference table as typed: its time as m:ss text, its BT in the plant's unit. */
export interface PointRow {
  time: string;
  bt: number | null;
}

/**
 * A profile's settings as its form holds them, temperatures in the plant's unit (a drop
 * temperature as the end's value too); a field cleared by the user holds null.
 */
export interface SettingsValues {
  charge_temperature: number | null;
  batch_min_lbs: number | null;
  batch_max_lbs: number | null;
  end_kind: EndCondition['kind'];
  end_value: number | null;
  dry_end: number | null;
  notes: string;
  reference: PointRow[];
}

/** The contract's default dry end, °F. */
const DRY_END_F = 300;

/** A new profile's form: the contract's default dry end, and the end left to be chosen. */
export const blankSettings = (unit: TemperatureUnit): SettingsValues => ({
  charge_temperature: null,
  batch_min_lbs: null,
  batch_max_lbs: null,
  end_kind: 'drop_temperature',
  end_value: null,
  dry_end: shownTemperature(DRY_END_F, unit),
  notes: '',
  reference: [
    { time: '0:00', bt: null },
    { time: '1:00', bt: null },
  ],
});

const pointRowOf = (point: ReferencePoint, unit: TemperatureUnit): PointRow => ({
  time: formatPointTime(point.t_s),
  bt: shownTemperature(point.bt_f, unit),
});

/** The end's value as its field shows it: a drop temperature in the plant's unit. */
const shownEnd = (end: EndCondition, unit: TemperatureUnit): number =>
  end.kind === 'drop_temperature' ? shownTemperature(end.value, unit) : end.value;

export function settingsValues(
  settings: RoastProfileVersion['settings'],
  unit: TemperatureUnit,
): SettingsValues {
  return {
    charge_temperature: shownTemperature(settings.charge_temperature_f, unit),
    batch_min_lbs: settings.batch_min_lbs,
    batch_max_lbs: settings.batch_max_lbs,
    end_kind: settings.end.kind,
    end_value: shownEnd(settings.end, unit),
    dry_end: shownTemperature(settings.dry_end_f, unit),
    notes: settings.notes,
    reference: settings.reference.map((point) => pointRowOf(point, unit)),
  };
}

/** A point the chart draws, BT in the plant's unit, with the table row it came from. */
export interface CurvePoint {
  t_s: number;
  bt: number;
  row: number;
}

/** The rows that read as a point so far, for the chart to draw while the table is typed in. */
export function readablePoints(rows: readonly (PointRow | undefined)[] | undefined): CurvePoint[] {
  return (rows ?? []).flatMap((row, index) => {
    const t_s = row ? parsePointTime(row.time) : undefined;
    return row && t_s !== undefined && typeof row.bt === 'number'
      ? [{ t_s, bt: row.bt, row: index }]
      : [];
  });
}

/**
 * The settings the contract takes, in °F, from a form its rules have passed. A value that is
 * still missing goes as NaN, for the server to refuse with the field's message. Given the
 * version the form started from, a temperature left as it was shown keeps its stored °F.
 */
export function settingsOf(
  values: SettingsValues,
  power: PowerStep[],
  unit: TemperatureUnit,
  previous?: RoastProfileSettings,
): RoastProfileSettings {
  const number = (value: number | null) => value ?? Number.NaN;
  const degrees = (value: number | null, previousF: number | undefined) =>
    value === null ? Number.NaN : keptTemperature(value, unit, previousF);
  const before = new Map(previous?.reference.map((p) => [p.t_s, p.bt_f]));
  const previousEnd = previous?.end.kind === values.end_kind ? previous.end.value : undefined;
  const endValue =
    values.end_kind === 'drop_temperature'
      ? degrees(values.end_value, previousEnd)
      : number(values.end_value);
  return {
    charge_temperature_f: degrees(values.charge_temperature, previous?.charge_temperature_f),
    batch_min_lbs: number(values.batch_min_lbs),
    batch_max_lbs: number(values.batch_max_lbs),
    reference: values.reference.map((row) => {
      const t_s = parsePointTime(row.time) ?? Number.NaN;
      return { t_s, bt_f: degrees(row.bt, before.get(t_s)) };
    }),
    power,
    // The kind and its value are one field of the contract, checked together by its rules.
    end: { kind: values.end_kind, value: endValue } as EndCondition,
    dry_end_f: degrees(values.dry_end, previous?.dry_end_f),
    notes: values.notes.trim(),
  };
}

const tenths = (value: number) => Math.round(value * 10) / 10;

/**
 * What an Artisan file fills in, in the plant's unit: its curve, its charge temperature and,
 * when it was dropped, the drop temperature as the end. The rest of the form stays as the user
 * left it.
 */
export function valuesFromAlog(
  preview: AlogPreview,
  unit: TemperatureUnit,
): Partial<SettingsValues> {
  const shown = (valueF: number) => tenths(shownTemperature(valueF, unit));
  const filled: Partial<SettingsValues> = {
    reference: preview.reference.map((point) => ({
      time: formatPointTime(point.t_s),
      bt: shown(point.bt_f),
    })),
  };
  if (preview.charge_temperature_f !== null) {
    filled.charge_temperature = shown(preview.charge_temperature_f);
  }
  const dropF = preview.events.drop?.bt_f;
  if (dropF !== null && dropF !== undefined) {
    filled.end_kind = 'drop_temperature';
    filled.end_value = shown(dropF);
  }
  return filled;
}
