import { z } from 'zod';

/**
 * A mock recall (ADR 0048): from one starting point, everything affected, as traceability
 * records with the key data elements (lot code, product, quantity and unit, location, date,
 * reference document), one step back, one step forward and the whole chain.
 */
export const recallStartKinds = [
  'green_lot',
  'supplier_lot',
  'roasted_lot',
  'order',
  'customer',
] as const;
export const recallStartKind = z.enum(recallStartKinds);
export type RecallStartKind = z.infer<typeof recallStartKind>;

export const recallStartLabels: Record<RecallStartKind, string> = {
  green_lot: 'Green lot',
  supplier_lot: 'Supplier lot',
  roasted_lot: 'Roasted lot',
  order: 'Order',
  customer: 'Customer',
};

export const recallMessages = {
  key: 'Type a lot code, supplier lot, order number or customer.',
  order: 'An order number is a whole number, e.g. 000042.',
} as const;

const recallKey = z
  .string({ error: recallMessages.key })
  .trim()
  .min(1, recallMessages.key)
  .max(120);

/** GET /recall/search?q=: what a typed text matches, for the search box's suggestions. */
export const recallSearchQuery = z.strictObject({ q: recallKey });

export const recallMatch = z.object({
  kind: recallStartKind,
  /** What to ask the recall for: a lot code, supplier lot code, order id or customer name. */
  key: z.string(),
  /** What the person sees: the code or name, with what it is. */
  label: z.string(),
  detail: z.string(),
});
export type RecallMatch = z.infer<typeof recallMatch>;
export const recallSearchReply = z.array(recallMatch);

/** The most suggestions one search gives. */
export const RECALL_SEARCH_LIMIT = 12;

/** GET /recall?kind=&key= (and /recall/export?...&format=): one starting point. */
export const mockRecallQuery = z.strictObject({ kind: recallStartKind, key: recallKey });
export type MockRecallQuery = z.infer<typeof mockRecallQuery>;

export const recallExportFormat = z.enum(['xlsx', 'csv', 'pdf']);
export type RecallExportFormat = z.infer<typeof recallExportFormat>;
export const recallExportQuery = mockRecallQuery.extend({ format: recallExportFormat });

/** What happened to the beans in one record. */
export const recallEvents = [
  'received',
  'charged',
  'roasted',
  'transferred',
  'packed',
  'in_stock',
] as const;
export const recallEvent = z.enum(recallEvents);
export type RecallEvent = z.infer<typeof recallEvent>;

export const recallEventLabels: Record<RecallEvent, string> = {
  received: 'Received',
  charged: 'Charged into roaster',
  roasted: 'Roasted into bin',
  transferred: 'Transferred',
  packed: 'Packed for customer',
  in_stock: 'In stock now',
};

/** One traceability record: the key data elements of one event on one lot. */
export const recallRecord = z.object({
  event: recallEvent,
  /** The traceability lot code: the plant's lot number. */
  lot_code: z.string(),
  lot_kind: z.enum(['green', 'roasted']),
  /** The bean (green lot) or the product roasted or packed (roasted lot). */
  product: z.string(),
  quantity: z.number(),
  unit: z.literal('lb'),
  /** Silo, roaster, bin or customer. */
  location: z.string(),
  /** When it happened; null for what is in stock now. */
  date: z.string().nullable(),
  /** The document it is recorded on: dump, batch of an order, packing order. */
  reference: z.string(),
  customer: z.string().nullable(),
  /** A green lot's supplier and their lot code, where known. */
  supplier: z.string().nullable(),
  supplier_lot: z.string().nullable(),
});
export type RecallRecord = z.infer<typeof recallRecord>;

export const recallSectionKeys = ['back', 'forward', 'chain'] as const;
export type RecallSectionKey = (typeof recallSectionKeys)[number];
export const recallSectionLabels: Record<RecallSectionKey, string> = {
  back: 'One step back',
  forward: 'One step forward',
  chain: 'Whole chain',
};

export const recallCustomer = z.object({
  customer: z.string(),
  orders: z.array(z.number().int()),
  lots: z.array(z.string()),
  lbs: z.number(),
  first_packed: z.string(),
  last_packed: z.string(),
});
export type RecallCustomer = z.infer<typeof recallCustomer>;

export const mockRecall = z.object({
  start: z.object({ kind: recallStartKind, key: z.string(), label: z.string() }),
  searched_at: z.string(),
  searched_by: z.string(),
  /** How long the server took to answer, in milliseconds. */
  query_ms: z.number(),
  /** Every lot in the chain: green lots first, then roasted, by code. */
  lots: z.array(z.object({ lot_code: z.string(), kind: z.enum(['green', 'roasted']) })),
  customers: z.array(recallCustomer),
  back: z.array(recallRecord),
  forward: z.array(recallRecord),
  chain: z.array(recallRecord),
});
export type MockRecall = z.infer<typeof mockRecall>;
