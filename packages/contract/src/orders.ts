import { z } from 'zod';
import { deviceCode } from './devices.ts';
import { idParams, int32, int32FromText, INT32_MAX, wholeNumber } from './integers.ts';
import { jsonText } from './json-text.ts';

/** The order number as every screen and log shows it: zero-padded to six digits (42 -> '000042'). */
export function orderNumber(orderId: number): string {
  return String(orderId).padStart(6, '0');
}

/** The spec's texts of the order screens, word for word (spellings included). */
export const orderMessages = {
  roaster: 'Please select a roaster',
  destination: 'Please select a destination',
  product: 'Please select a product',
  quantity: 'Please enter quantity',
  fulfillmentDate: 'Please select fulfillment date',
  batchSize: 'Please enter new batch size',
  manualMode: 'This order cannot be started. Some of the devices are in manual mode!!!',
  notEnoughBeans:
    'Not enough beans available for this order. Do you need to create a dump station request?',
  startDevices: 'Please select start, roasting and end device',
  devicePosition: 'Please select device position',
  openAll: 'Open all devices?',
  sameBean: 'The chosen silo does not have the same beans as the order.',
  deleteConfirm: 'Are you sure you want to delete this order?',
  deleted: 'Order deleted successfully',
  boardSaveFailed: 'Error updating database',
  autoStart:
    'Automatic order processing about to start. Please make sure to acknowledge all DUMP transfer requests.',
  autoStop: 'Are you sure to stop automatic order processing?',
  search: 'Search order number / customer',
  packingProduct: 'Plese select product',
  packingQuantity: 'Please enter packing quantity',
  packingDate: 'Please set fullfilment date',
  packingStart:
    'In order to start packing, please make sure packing Hooper is cleaned and ready to pack.',
  prioritySaveFailed: 'Something went wrong',
  fillBean: 'Please select bean',
  fillSilo: 'Please select silo',
  fillRoaster: 'Please select a roaster',
} as const;

/** Status codes as the spec shows them; anything else reads Not Started. */
export const OrderStatus = {
  NotStarted: 0,
  Processing: 1,
  Finished: 2,
  Packed: 3,
  PackingProcessing: 4,
  Paused: 5,
  NotProcessed: 11,
} as const;
export type OrderStatusCode = (typeof OrderStatus)[keyof typeof OrderStatus];

export const orderPriority = z.enum(['low', 'medium', 'high']);
export type OrderPriority = z.infer<typeof orderPriority>;

/** Packing orders with this lot number pack the re-entry bin (WRB ReEntry). */
export const RE_ENTRY_LOT = 'RE-ENTRY';

const weight = z
  .number()
  .finite()
  .positive({ error: 'Must be more than 0 lbs.' })
  .max(1_000_000, { error: 'Must be at most 1,000,000 lbs.' });
const isoDate = z.iso.datetime({ offset: true });

/**
 * The most batches one order may be split into: a larger order is a planning mistake (a tiny
 * batch size), and each batch is a row and a roaster cycle.
 */
export const MAX_ORDER_BATCHES = 1000;
const batchCountMessage = `The number of batches must be a whole number between 1 and ${MAX_ORDER_BATCHES.toLocaleString('en-US')}.`;

/** The order-form setting 'r-form-qty-field': which field of the form carries the quantity. */
export const orderQuantityFields = ['order_qty', 'total_split'] as const;
export type OrderQuantityField = (typeof orderQuantityFields)[number];

export const recipeOfOrder = z.object({
  bean_id: z.number().int(),
  bean_name: z.string(),
  ratio: z.number(),
});

export const orderProduct = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  product_description: z.string(),
  product_recipes: z.array(recipeOfOrder),
  batch_weight: z.number().nullable(),
  min_batch_weight: z.number(),
  max_batch_weight: z.number(),
});

/** A roasting order as the order lists, the kanban and the dashboard show it. */
export const roastingOrder = z.object({
  order_id: z.number().int(),
  order_name: z.string(),
  order_customer: z.string(),
  order_product: z.number().int(),
  product_name: z.string(),
  product: orderProduct,
  /** Ordered lbs. */
  order_qty: z.number(),
  /** Lbs not yet started; equal to order_qty until the first batch starts. */
  split_qty: z.number(),
  /** Batch size, lbs. */
  split_amt: z.number(),
  total_split: z.number().int(),
  /** Batches not yet started (the spec's spelling). */
  reaming_batch: z.number().int(),
  /** The batch under way (1-based), null between batches. */
  batch: z.number().int().nullable(),
  override_batch: z.boolean(),
  /** The roasting workflow (rule) and its roaster. */
  rule_id: z.number().int().nullable(),
  rule_name: z.string().nullable(),
  roast_device: z.string().nullable(),
  roast_device_name: z.string().nullable(),
  /** Where roasted beans land (roasted rule). */
  destination_device: z.string().nullable(),
  destination_device_name: z.string().nullable(),
  priority: orderPriority,
  order_status: z.number().int(),
  status: z.number().int(),
  /** 1 while paused. */
  ord_tig: z.union([z.literal(0), z.literal(1)]),
  failure: z.string().nullable(),
  order_date: z.string(),
  fulfillment_date: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type RoastingOrder = z.infer<typeof roastingOrder>;

/** Fields of the create and update forms of a roasting order. */
const roastingOrderFields = z.strictObject({
  order_product: int32({ error: orderMessages.product }).positive({ error: orderMessages.product }),
  /**
   * Ordered lbs. Required when the order-form setting names order_qty as the quantity field
   * (the default); the server answers 'Please enter quantity' when it is missing.
   */
  order_qty: z.number({ error: orderMessages.quantity }).pipe(weight).optional(),
  /**
   * Number of batches, when the order-form setting names total_split as the quantity field:
   * the order is then total_split batches of the batch size.
   */
  total_split: wholeNumber(1, MAX_ORDER_BATCHES, batchCountMessage, {
    error: orderMessages.quantity,
  }).optional(),
  /** The roasting workflow chosen as the rule (it names the roaster and the path). */
  rule_id: int32({ error: orderMessages.roaster }).positive({ error: orderMessages.roaster }),
  /** The destination bin (roasted rule); required when the order-form settings say so. */
  roasted_rule_id: deviceCode.nullable().optional(),
  order_customer: z.string().trim().max(120).default(''),
  order_name: z.string().trim().max(120).default(''),
  fulfillment_date: z.string({ error: orderMessages.fulfillmentDate }).pipe(isoDate),
  override_batch: z.boolean().default(false),
  /** The batch size when override_batch is on. */
  new_split_qty: weight.optional(),
  priority: orderPriority.default('medium'),
});

export const createRoastingOrderBody = roastingOrderFields;
export type CreateRoastingOrderBody = z.infer<typeof createRoastingOrderBody>;
export const updateRoastingOrderBody = roastingOrderFields;
export type UpdateRoastingOrderBody = z.infer<typeof updateRoastingOrderBody>;

export const orderIdParams = idParams('Order');

const dateRange = z.strictObject({
  gte: isoDate.optional(),
  lt: isoDate.optional(),
});

/**
 * The pending list's JSON `where`: only these fields, each mapped onto its column by the server;
 * dates as gte/lt ranges. Anything else is refused with 400.
 */
export const orderWhere = z.strictObject({
  order_id: int32().positive().optional(),
  order_customer: z.string().max(120).optional(),
  order_product: int32().positive().optional(),
  order_date: dateRange.optional(),
  fulfillment_date: dateRange.optional(),
});
export type OrderWhere = z.infer<typeof orderWhere>;

export const orderListQuery = z.strictObject({
  page: int32FromText().min(1).default(1),
  limit: int32FromText().min(1).max(200).default(10),
  /** JSON text of an orderWhere. */
  where: jsonText(2000).optional(),
  /** Search box text: digits (leading zeros stripped) search the order id, else the customer. */
  query: z.string().max(120).optional(),
});

export const orderListReply = z.object({
  data: z.array(roastingOrder),
  kanban: z.object({
    low: z.array(roastingOrder),
    medium: z.array(roastingOrder),
    high: z.array(roastingOrder),
  }),
  totalPage: z.number().int(),
});
export type OrderListReply = z.infer<typeof orderListReply>;

/** The roasting tab's period filter: days back, 0 for all. */
export const roastingPeriodQuery = z.strictObject({
  query: z.enum(['0', '7', '30', '360']).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

/** Kanban save: the ids of each priority column, top to bottom. */
export const priorityBody = z.strictObject({
  low: z.array(int32().positive()).max(1000),
  medium: z.array(int32().positive()).max(1000),
  high: z.array(int32().positive()).max(1000),
});
export type PriorityBody = z.infer<typeof priorityBody>;

export const checkBeansBody = z.strictObject({
  order_id: int32().positive(),
  start_device: deviceCode.optional(),
});
export const beanShortfall = z.object({
  bean_id: z.number().int(),
  bean_name: z.string(),
  needed: z.number(),
  available: z.number(),
  /** Silos where a dump of the missing beans would go. */
  device_id: z.string().nullable(),
  device_name: z.string().nullable(),
});
export const checkBeansReply = z.object({
  /** true when every bean of every remaining batch is in the silos. */
  same: z.boolean(),
  request_devices: z.array(beanShortfall),
});
export type CheckBeansReply = z.infer<typeof checkBeansReply>;

/**
 * The error field of a start refused because its bin holds another product: the screen asks the
 * supervisor and starts again with allow_mixed_bin.
 */
export const MIXED_BIN_ERROR = 'Mixed Bin';

/** A start refused for want of beans: the spec's message, and what is missing where. */
export const shortOfBeansReply = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  request_devices: z.array(beanShortfall),
});
export type ShortOfBeansReply = z.infer<typeof shortOfBeansReply>;

export const beanMatchBody = z.strictObject({
  order_id: int32().positive(),
  start_device: deviceCode,
});
export const beanMatchReply = z.object({ same_bean: z.boolean() });

/** PUT /orders/start: start an order on its rule. */
export const startOrderBody = z.strictObject({
  order_id: int32().positive(),
  rule: int32().positive().optional(),
  /** The roasting path to start along; while paths are defined, a matching one when omitted. */
  path_id: int32().positive().optional(),
  /** A supervisor confirmed roasting into a bin that holds another product. */
  allow_mixed_bin: z.boolean().default(false),
});
export const startOrderReply = z.object({ path: z.string(), message: z.string() });
export const startWithDevicesReply = z.object({ message: z.string() });

/** Start with chosen devices. */
export const startWithDevicesBody = z.strictObject({
  order_id: int32().positive(),
  startDevice: deviceCode.optional(),
  endDevice: deviceCode.optional(),
  roasterId: deviceCode.optional(),
  splitAmount: weight.optional(),
  bin_device: deviceCode.optional(),
  start_all: z.boolean().default(false),
  devicePosition: wholeNumber(
    1,
    INT32_MAX,
    'The device position must be a whole number, 1 or more.',
  ).optional(),
  /** The roasting path chosen; its silos, roaster and bin must be the devices chosen. */
  path_id: int32().positive().optional(),
  /** A supervisor confirmed roasting into a bin that holds another product. */
  allow_mixed_bin: z.boolean().default(false),
});
export type StartWithDevicesBody = z.infer<typeof startWithDevicesBody>;

export const orderDumpRequestBody = z.strictObject({
  order_id: int32().positive(),
  device_id: deviceCode,
});

/** The silo fill form (Fill WRB Silo). */
export const fillSiloBody = z.strictObject({
  product_id: int32({ error: orderMessages.fillBean }).positive({ error: orderMessages.fillBean }),
  silo_id: deviceCode,
  roaster_id: deviceCode,
  /** A supervisor confirmed roasting into a bin that holds another product. */
  allow_mixed_bin: z.boolean().default(false),
});
export type FillSiloBody = z.infer<typeof fillSiloBody>;
export const fillSiloReply = z.object({ order_id: z.number().int(), message: z.string() });

/** A roasting rule of the order form: a roasting workflow, the roaster it runs on. */
export const roastingRule = z.object({
  rule_id: z.number().int(),
  name: z.string(),
  roast_device: z.string().nullable(),
  roast_device_name: z.string().nullable(),
  /** Batch size of the roaster, lbs, when known. */
  batch_lbs: z.number().nullable(),
});
export const destinationRule = z.object({
  device_id: z.string(),
  device_name: z.string(),
});

/** GET /orders/form: what the create form offers, and the order-form settings. */
export const orderForm = z.object({
  products: z.array(orderProduct),
  rules: z.array(roastingRule),
  roasted_rules: z.array(destinationRule),
  settings: z.object({
    /** The body field that carries the quantity: order_qty (lbs) or total_split (batches). */
    quantity_field: z.enum(orderQuantityFields),
    destination_required: z.boolean(),
  }),
});
export type OrderForm = z.infer<typeof orderForm>;

/** A packing order. */
export const packingOrder = z.object({
  order_id: z.number().int(),
  order_name: z.string(),
  order_customer: z.string(),
  /** lbs; -1 when unlimited (pack until the bins are empty). */
  order_qty: z.number(),
  split_qty: z.number(),
  packed_qty: z.number(),
  fulfillment_date: z.string().nullable(),
  order_date: z.string(),
  order_status: z.number().int(),
  status: z.number().int(),
  priority: orderPriority,
  lot_number: z.string().nullable(),
  workflow_id: z.number().int().nullable(),
  source_device: z.string().nullable(),
  product: orderProduct,
});
export type PackingOrder = z.infer<typeof packingOrder>;

export const packingListReply = z.object({
  data: z.array(packingOrder),
  kanban: z.object({
    low: z.array(packingOrder),
    medium: z.array(packingOrder),
    high: z.array(packingOrder),
  }),
  totalPage: z.number().int(),
});

const packingQuantityRange = 'The packing quantity must be between 0 and 1,000,000 lbs.';

export const createPackingBody = z
  .strictObject({
    product_id: int32({ error: orderMessages.packingProduct }).positive({
      error: orderMessages.packingProduct,
    }),
    order_qty: z
      .number({ error: orderMessages.packingQuantity })
      .min(0, { error: packingQuantityRange })
      .max(1_000_000, { error: packingQuantityRange })
      .optional(),
    fulfillment_date: isoDate.optional(),
    /** WRB ReEntry: pack the re-entry bin; quantity and date then are optional. */
    reentry: z.boolean().default(false),
    order_name: z.string().trim().max(120).default(''),
    order_customer: z.string().trim().max(120).default(''),
    priority: orderPriority.default('medium'),
    workflow_id: int32().positive().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.reentry) return;
    if (body.order_qty === undefined) {
      ctx.addIssue({ code: 'custom', path: ['order_qty'], message: orderMessages.packingQuantity });
    }
    if (body.fulfillment_date === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['fulfillment_date'],
        message: orderMessages.packingDate,
      });
    }
  });
export type CreatePackingBody = z.infer<typeof createPackingBody>;

export const startPackingBody = z.strictObject({ order_id: int32().positive() });
export const startPackingReply = z.object({ workflow_id: z.number().int(), message: z.string() });

export const finishedPackingQuery = orderListQuery;

/** A choice of the silo fill form: a device by its code and name. */
export const deviceChoice = z.object({ device_id: z.string(), device_name: z.string() });

/** GET /orders/form/fill: what the Fill WRB Silo form offers (Bean, Silo, Roaster). */
export const fillSiloForm = z.object({
  /** The products whose beans can fill a silo; the form's Bean field sends product_id. */
  products: z.array(z.object({ product_id: z.number().int(), product_name: z.string() })),
  silos: z.array(deviceChoice),
  roasters: z.array(deviceChoice),
});
export type FillSiloForm = z.infer<typeof fillSiloForm>;

/** A packing workflow the New Packing form can run. */
export const packingRule = z.object({ workflow_id: z.number().int(), name: z.string() });

/** The New Packing form: products with roasted beans waiting, and the packing workflows. */
export const packingForm = z.object({
  products: z.array(orderProduct),
  rules: z.array(packingRule),
});
export type PackingForm = z.infer<typeof packingForm>;
