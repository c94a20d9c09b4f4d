import { z } from 'zod';

export const settingFamily = z.enum(['order', 'pack', 'dump', 'other', 'order-form']);

export const setting = z.object({
  ref_id: z.string(),
  label: z.string(),
  type: z.enum(['select', 'switch', 'input', 'divider']),
  options: z.array(z.object({ value: z.string(), text: z.string() })),
  placeholder: z.string(),
  value: z.string(),
  family: settingFamily,
});
export type Setting = z.infer<typeof setting>;

export const settingRefParams = z.strictObject({ ref: z.string().min(1).max(64) });
export const updateSettingBody = z.strictObject({
  ref_id: z.string().min(1).max(64),
  value: z.string().max(500),
});

/** Settings the console's rules read; their values are plain strings as the spec shows them. */
export const SettingRef = {
  OrderMode: 'r-order',
  AutoExecution: 'r-is-auto',
  Packing: 'r-is-pack',
  /** 'yes' when packing may draw roasted lots still pending quality release (never held ones). */
  PackingPendingLots: 'r-pack-pending-lots',
  DumpMode: 'r-dump-mode',
  /** Order form: 'yes' when a roasting order must name its destination bin. */
  OrderFormDestination: 'r-form-destination',
  /** Order form: the field that carries an order's quantity, 'order_qty' (lbs) or 'total_split'. */
  OrderFormQuantity: 'r-form-qty-field',
  /** The plant's name, shown in the header and the browser's title. */
  PlantName: 'r-plant-name',
  /** Rows per page of the events log and of other long tables. */
  LogPageSize: 'r-log-page-size',
  /** Minutes before a signed-in session ends that the user is warned. */
  SessionWarning: 'r-session-warning',
  /** The plant's temperature unit on screens, exports and imports, 'F' or 'C'; storage stays °F. */
  TemperatureUnit: 'r-temperature-unit',
} as const;
