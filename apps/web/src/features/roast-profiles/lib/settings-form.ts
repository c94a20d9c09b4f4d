import type {
  AlogPreview,
  EndCondition,
  PowerStep,
  ReferencePoint,
  RoastProfileSettings,
  RoastProfileVersion,
} from '@roastery/contract';
import { formatPointTime, parsePointTime } from './point-time.ts';

/** A row of the reference table as typed: its time as m:ss text, its temperature in °F. */
export interface PointRow {
  time: string;
  bt_f: number | null;
}

/** A profile's settings as its form holds them; a field cleared by the user holds null. */
export interface SettingsValues {
  charge_temperature_f: number | null;
  batch_min_lbs: number | null;
  batch_max_lbs: number | null;
  end_kind: EndCondition['kind'];
  end_value: number | null;
  dry_end_f: number | null;
  notes: string;
  reference: PointRow[];
}

/** A new profile's form: the contract's default dry end, and the end left to be chosen. */
export const blankSettings: SettingsValues = {
  charge_temperature_f: null,
  batch_min_lbs: null,
  batch_max_lbs: null,
  end_kind: 'drop_temperature',
  end_value: null,
  dry_end_f: 300,
  notes: '',
  reference: [
    { time: '0:00', bt_f: null },
    { time: '1:00', bt_f: null },
  ],
};

export const pointRowOf = (point: ReferencePoint): PointRow => ({
  time: formatPointTime(point.t_s),
  bt_f: point.bt_f,
});

export function settingsValues(settings: RoastProfileVersion['settings']): SettingsValues {
  return {
    charge_temperature_f: settings.charge_temperature_f,
    batch_min_lbs: settings.batch_min_lbs,
    batch_max_lbs: settings.batch_max_lbs,
    end_kind: settings.end.kind,
    end_value: settings.end.value,
    dry_end_f: settings.dry_end_f,
    notes: settings.notes,
    reference: settings.reference.map(pointRowOf),
  };
}

/** A point the chart draws, with the table row it came from. */
export interface CurvePoint extends ReferencePoint {
  row: number;
}

/** The rows that read as a point so far, for the chart to draw while the table is typed in. */
export function readablePoints(rows: readonly (PointRow | undefined)[] | undefined): CurvePoint[] {
  return (rows ?? []).flatMap((row, index) => {
    const t_s = row ? parsePointTime(row.time) : undefined;
    return row && t_s !== undefined && typeof row.bt_f === 'number'
      ? [{ t_s, bt_f: row.bt_f, row: index }]
      : [];
  });
}

/**
 * The settings the contract takes, from a form its rules have passed. A value that is still
 * missing goes as NaN, for the server to refuse with the field's message.
 */
export function settingsOf(values: SettingsValues, power: PowerStep[]): RoastProfileSettings {
  const number = (value: number | null) => value ?? Number.NaN;
  return {
    charge_temperature_f: number(values.charge_temperature_f),
    batch_min_lbs: number(values.batch_min_lbs),
    batch_max_lbs: number(values.batch_max_lbs),
    reference: values.reference.map((row) => ({
      t_s: parsePointTime(row.time) ?? Number.NaN,
      bt_f: number(row.bt_f),
    })),
    power,
    // The kind and its value are one field of the contract, checked together by its rules.
    end: { kind: values.end_kind, value: number(values.end_value) } as EndCondition,
    dry_end_f: number(values.dry_end_f),
    notes: values.notes.trim(),
  };
}

const tenths = (value: number) => Math.round(value * 10) / 10;

/**
 * What an Artisan file fills in: its curve, its charge temperature and, when it was dropped, the
 * drop temperature as the end. The rest of the form stays as the user left it.
 */
export function valuesFromAlog(preview: AlogPreview): Partial<SettingsValues> {
  const filled: Partial<SettingsValues> = {
    reference: preview.reference.map((point) => pointRowOf({ ...point, bt_f: tenths(point.bt_f) })),
  };
  if (preview.charge_temperature_f !== null) {
    filled.charge_temperature_f = tenths(preview.charge_temperature_f);
  }
  const dropF = preview.events.drop?.bt_f;
  if (dropF !== null && dropF !== undefined) {
    filled.end_kind = 'drop_temperature';
    filled.end_value = tenths(dropF);
  }
  return filled;
}
