import { asc, eq } from 'drizzle-orm';
import { SettingRef, type Setting } from '@roastery/contract';
import { settings, type Database } from '@roastery/db';
import { notFound, unprocessable } from '../../lib/http-errors.ts';

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
];

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

  constructor(db: Database) {
    this.#db = db;
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

  async update(ref: string, value: string): Promise<Setting> {
    const current = await this.get(ref);
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
    return present(row);
  }
}
