import { asc, eq } from 'drizzle-orm';
import {
  DEFAULT_TEMPERATURE_UNIT,
  SettingRef,
  temperatureUnitOf,
  type Setting,
  type TemperatureUnit,
} from '@roastery/contract';
import { settings, type Database } from '@roastery/db';
import { notFound, unprocessable } from '../../lib/http-errors.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';

type SettingRow = typeof settings.$inferInsert;

/** The settings the plant starts with; an administrator changes their values, not their shape. */
const defaults: SettingRow[] = [
  {
    refId: SettingRef.OrderMode,
    label: 'Order execution',
    type: 'select',
    options: [
      { value: 'manual', text: 'Manual: a person starts each order' },
      { value: 'auto', text: 'Automatic: the next order starts by priority and date' },
    ],
    value: 'manual',
    family: 'order',
    sortNo: 1,
  },
  {
    refId: SettingRef.AutoExecution,
    label: 'Automatic order processing',
    type: 'select',
    options: [
      { value: 'start', text: 'Started' },
      { value: 'stop', text: 'Stopped' },
    ],
    value: 'stop',
    family: 'order',
    sortNo: 2,
  },
  {
    refId: SettingRef.Packing,
    label: 'Packing orders',
    type: 'switch',
    options: [
      { value: 'yes', text: 'Yes' },
      { value: 'no', text: 'No' },
    ],
    value: 'yes',
    family: 'pack',
    sortNo: 1,
  },
  {
    refId: SettingRef.PackingPendingLots,
    label: 'Packing may draw lots pending release',
    type: 'switch',
    options: [
      { value: 'yes', text: 'Yes' },
      { value: 'no', text: 'No' },
    ],
    // Off: only released lots are packed (issue 24); held and rejected lots never are.
    value: 'no',
    family: 'pack',
    sortNo: 2,
  },
  {
    refId: SettingRef.DumpMode,
    label: 'Dump target',
    type: 'select',
    options: [
      { value: 'auto', text: 'Automatic: the console picks the silo' },
      { value: 'manual', text: 'Manual: the operator picks the device' },
    ],
    value: 'auto',
    family: 'dump',
    sortNo: 1,
  },
  {
    refId: SettingRef.OrderFormDestination,
    label: 'Roasting orders must name a destination bin',
    type: 'switch',
    options: [
      { value: 'yes', text: 'Yes' },
      { value: 'no', text: 'No' },
    ],
    value: 'yes',
    family: 'order-form',
    sortNo: 1,
  },
  {
    refId: SettingRef.OrderFormQuantity,
    label: 'Roasting order quantity',
    type: 'select',
    options: [
      { value: 'order_qty', text: 'Quantity (lbs)' },
      { value: 'total_split', text: 'Number of batches' },
    ],
    value: 'order_qty',
    family: 'order-form',
    sortNo: 2,
  },
  {
    refId: 'r-other-console',
    label: 'Console',
    type: 'divider',
    family: 'other',
    sortNo: 1,
  },
  {
    refId: SettingRef.PlantName,
    label: 'Plant name',
    type: 'input',
    placeholder: 'Shown in the header and the browser tab, e.g. Roastery North',
    value: '',
    family: 'other',
    sortNo: 2,
  },
  {
    refId: SettingRef.LogPageSize,
    label: 'Rows per page in the events log',
    type: 'select',
    options: ['10', '20', '50', '100'].map((n) => ({ value: n, text: `${n} rows` })),
    value: '10',
    family: 'other',
    sortNo: 3,
  },
  {
    refId: 'r-other-sessions',
    label: 'Sessions',
    type: 'divider',
    family: 'other',
    sortNo: 4,
  },
  {
    refId: SettingRef.SessionWarning,
    label: 'Warn before a session ends',
    type: 'select',
    options: [
      { value: '0', text: 'Never' },
      { value: '5', text: '5 minutes before' },
      { value: '15', text: '15 minutes before' },
      { value: '60', text: 'An hour before' },
    ],
    value: '5',
    family: 'other',
    sortNo: 5,
  },
  // After the settings a plant already has: their order stays as it was where they are stored.
  {
    refId: 'r-other-units',
    label: 'Units',
    type: 'divider',
    family: 'other',
    sortNo: 6,
  },
  {
    refId: SettingRef.TemperatureUnit,
    label: 'Temperature unit',
    type: 'select',
    options: [
      { value: 'F', text: '°F (Fahrenheit)' },
      { value: 'C', text: '°C (Celsius)' },
    ],
    value: DEFAULT_TEMPERATURE_UNIT,
    family: 'other',
    sortNo: 7,
  },
];

/** The longest text an input setting holds (a plant name, a label). */
const INPUT_MAX = 80;

function present(r: typeof settings.$inferSelect): Setting {
  return {
    ref_id: r.refId,
    label: r.label,
    type: r.type,
    options: r.options,
    placeholder: r.placeholder,
    value: r.value,
    family: r.family,
  };
}

export class SettingsService {
  readonly #db: Database;
  readonly #hub: EventHub;

  constructor(db: Database, hub: EventHub) {
    this.#db = db;
    this.#hub = hub;
  }

  /** Adds any default setting the database does not have yet; existing values are kept. */
  async ensureDefaults(): Promise<void> {
    await this.#db.insert(settings).values(defaults).onConflictDoNothing();
  }

  async list(): Promise<Setting[]> {
    const rows = await this.#db
      .select()
      .from(settings)
      .orderBy(asc(settings.family), asc(settings.sortNo));
    return rows.map(present);
  }

  async get(ref: string): Promise<Setting> {
    const [row] = await this.#db.select().from(settings).where(eq(settings.refId, ref));
    if (!row) throw notFound(`There is no setting '${ref}'.`);
    return present(row);
  }

  async value(ref: string): Promise<string> {
    return (await this.get(ref)).value;
  }

  /** The unit the plant reads and writes temperatures in, on screens and in files. */
  async temperatureUnit(): Promise<TemperatureUnit> {
    return temperatureUnitOf(await this.value(SettingRef.TemperatureUnit));
  }

  /**
   * Changes a setting's value and tells the console at once (the hub carries it to the events
   * log and to every browser, which reads its settings again).
   */
  async update(ref: string, raw: string, by: string): Promise<Setting> {
    const current = await this.get(ref);
    if (current.type === 'divider') {
      throw unprocessable(`${current.label} is a heading and holds no value.`);
    }
    const value = current.type === 'input' ? raw.trim() : raw;
    if (current.type === 'input' && value.length > INPUT_MAX) {
      throw unprocessable(`${current.label} is at most ${INPUT_MAX} characters.`);
    }
    if (current.options.length && !current.options.some((o) => o.value === value)) {
      throw unprocessable(
        `'${value}' is not a value of ${current.label}: use ${current.options.map((o) => o.value).join(' or ')}.`,
      );
    }
    const [row] = await this.#db
      .update(settings)
      .set({ value })
      .where(eq(settings.refId, ref))
      .returning();
    if (!row) throw notFound(`There is no setting '${ref}'.`);
    this.#hub.publish({ type: 'setting', ref_id: ref, label: row.label, value, by });
    return present(row);
  }
}
