import { z } from 'zod';
import { int32FromText } from './integers.ts';
import { eventExportFormat } from './events.ts';
import { packingRecord } from './order-records.ts';

const isoDate = z.iso.datetime({ offset: true });

/** The longest period one report may cover: a plant's history, not an unbounded scan. */
export const REPORT_MAX_DAYS = 3660;
/** The period a report covers when none is given, in days back from now. */
export const REPORT_DEFAULT_DAYS = 30;

export const reportMessages = {
  period: 'The report period must end after it starts.',
  periodTooLong: `A report covers at most ${REPORT_MAX_DAYS} days.`,
  timeZone: 'Unknown time zone.',
  recallTarget: 'Give either a lot number or an order number.',
} as const;

/**
 * Every report's period: from (inclusive) and to (exclusive), or q days back from now; days are
 * counted in the time zone tz (the browser's), UTC when absent.
 */
export const reportPeriodQuery = z.strictObject({
  from: isoDate.optional(),
  to: isoDate.optional(),
  q: int32FromText().min(1).max(REPORT_MAX_DAYS).optional(),
  tz: z.string().min(1).max(64).optional(),
});
export type ReportPeriodQuery = z.infer<typeof reportPeriodQuery>;

const period = z.object({ from: z.string(), to: z.string(), tz: z.string() });
export type ReportPeriod = z.infer<typeof period>;

/** GET /report/summary: weights in lbs over the period; orders created in it by status. */
export const summaryReport = z.object({
  period,
  green_received: z.number(),
  roasted: z.number(),
  packed: z.number(),
  cleaner_waste: z.number(),
  roast_loss: z.number(),
  days: z.array(
    z.object({
      day: z.string(),
      green_received: z.number(),
      roasted: z.number(),
      packed: z.number(),
      cleaner_waste: z.number(),
      roast_loss: z.number(),
    }),
  ),
  orders: z.array(
    z.object({
      kind: z.enum(['roasting', 'packing']),
      status: z.number().int(),
      count: z.number().int(),
    }),
  ),
});
export type SummaryReport = z.infer<typeof summaryReport>;

/**
 * GET /report/oee: one entry per roaster and packing line that ended a batch in the period.
 * label and value (OEE, percent) are the spec's shape; the factors, times and rates beside them
 * are how it was computed (ADR "reports and recall").
 */
export const oeeEntry = z.object({
  label: z.string(),
  /** Availability x Performance x Quality; Availability x Quality while Performance is null. */
  value: z.number(),
  kind: z.enum(['roaster', 'packer']),
  availability: z.number(),
  /** Null while the line has no ideal rate: not defined, never guessed. */
  performance: z.number().nullable(),
  quality: z.number(),
  run_minutes: z.number(),
  fault_minutes: z.number(),
  /** The period up to now less run and fault time. */
  idle_minutes: z.number(),
  /** Batches ended: finished or failed. */
  batches: z.number().int(),
  failed: z.number().int(),
  /** Finished batches that moved nothing: they count against Quality as failed ones do. */
  empty: z.number().int(),
  lbs: z.number(),
  /** From the equipment's nameplate; null when it has none. */
  ideal_lbs_per_hour: z.number().nullable(),
  /** Where the ideal rate comes from, or what is missing to have one. */
  ideal_source: z.string(),
  /** What the line handled per hour of run in the batches that moved beans. */
  actual_lbs_per_hour: z.number().nullable(),
});
export type OeeEntry = z.infer<typeof oeeEntry>;
export const oeeReport = z.array(oeeEntry);

/** GET /report/production: roasted lbs per day, product and roaster. */
export const productionReport = z.object({
  period,
  rows: z.array(
    z.object({
      day: z.string(),
      product_name: z.string(),
      roaster: z.string(),
      batches: z.number().int(),
      lbs: z.number(),
    }),
  ),
});
export type ProductionReport = z.infer<typeof productionReport>;

/** GET /report/cleaner_waste: what the cleaner took out of each silo's draws, per day. */
export const cleanerWasteReport = z.object({
  period,
  rows: z.array(
    z.object({
      day: z.string(),
      silo: z.string(),
      bean_name: z.string(),
      drawn: z.number(),
      waste: z.number(),
      percent: z.number(),
    }),
  ),
});
export type CleanerWasteReport = z.infer<typeof cleanerWasteReport>;

const shrinkageFigures = {
  green_in: z.number(),
  roasted_out: z.number(),
  loss: z.number(),
  percent: z.number(),
};

/** GET /report/shrinkage: green into the drum against roasted out, per batch, product, roaster. */
export const shrinkageReport = z.object({
  period,
  batches: z.array(
    z.object({
      batch_id: z.number().int(),
      order_id: z.number().int(),
      roasted_at: z.string(),
      lot_number: z.string(),
      product_name: z.string(),
      roaster: z.string(),
      ...shrinkageFigures,
    }),
  ),
  products: z.array(
    z.object({ product_name: z.string(), batches: z.number().int(), ...shrinkageFigures }),
  ),
  roasters: z.array(
    z.object({ roaster: z.string(), batches: z.number().int(), ...shrinkageFigures }),
  ),
});
export type ShrinkageReport = z.infer<typeof shrinkageReport>;

/**
 * One figure over a group's roasts: mean, sample standard deviation, lowest and highest, of the
 * roasts that have it (n). Null where there is nothing to compute it from: no roast has the
 * figure, or (the deviation) only one does.
 */
export const roastFigureSpread = z.object({
  n: z.number().int(),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type RoastFigureSpread = z.infer<typeof roastFigureSpread>;

/** The figures compared across roasts; null where the roast has none. */
const roastConsistencyFigures = {
  /** BT at the roaster's drop, °F. */
  drop_f: z.number(),
  /** First crack, seconds after charge. */
  first_crack_s: z.number().nullable(),
  /** Development time (first crack to drop) in percent of the roast; null without first crack. */
  development_pct: z.number().nullable(),
  /** Green in less roasted out, in percent of green, as the roaster's scale weighed them. */
  loss_pct: z.number().nullable(),
  /** The bean colour meter's reading at drop (Agtron-like). */
  colour: z.number().nullable(),
};

/** One roast of a group, for its chart: each figure against the group's mean. */
export const roastConsistencyRoast = z.object({
  record_id: z.number().int(),
  /** The order's batch the roast was; null for a roast no order ran. */
  batch_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  batch_seq: z.number().int().nullable(),
  /**
   * The order's number and the batch's place in it (000042 · batch 2), or the record's number
   * (Roast #7).
   */
  label: z.string(),
  charged_at: z.string(),
  ...roastConsistencyFigures,
});
export type RoastConsistencyRoast = z.infer<typeof roastConsistencyRoast>;

/** One product on one roaster: how alike its roasts were. */
export const roastConsistencyGroup = z.object({
  /** Null for the roasts that no order's batch ran. */
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  /** The roaster's name, as the other reports name it, and its device code. */
  roaster: z.string(),
  roaster_code: z.string(),
  batches: z.number().int(),
  drop_f: roastFigureSpread,
  first_crack_s: roastFigureSpread,
  development_pct: roastFigureSpread,
  loss_pct: roastFigureSpread,
  colour: roastFigureSpread,
  /** Oldest charge first. */
  roasts: z.array(roastConsistencyRoast),
});
export type RoastConsistencyGroup = z.infer<typeof roastConsistencyGroup>;

/**
 * GET /report/roast_consistency: the roast records charged in the period, per product and
 * roaster; products by name (roasts without one last), then roasters by name.
 */
export const roastConsistencyReport = z.object({
  period,
  groups: z.array(roastConsistencyGroup),
});
export type RoastConsistencyReport = z.infer<typeof roastConsistencyReport>;

/** GET /report/packing: the record of each order packed in the period. */
export const packingReport = z.array(packingRecord);
export type PackingReport = z.infer<typeof packingReport>;

/** GET /report/recall: a green lot forward, or a packed order back. */
export const recallQuery = z
  .strictObject({
    lot: z.string().trim().min(1).max(120).optional(),
    order: int32FromText().positive().optional(),
  })
  .refine((q) => (q.lot === undefined) !== (q.order === undefined), {
    error: reportMessages.recallTarget,
  });
export type RecallQuery = z.infer<typeof recallQuery>;

const recallBatch = z.object({
  batch_id: z.number().int(),
  order_id: z.number().int(),
  /** The batch's place in its order (1-based); null when the batch's record is gone. */
  seq: z.number().int().nullable(),
  product_name: z.string(),
  roaster: z.string(),
  roasted_at: z.string(),
  /** The green lot's weight charged into this batch (forward), or all green charged (back). */
  green_lbs: z.number(),
  roasted_lot: z.string(),
  roasted_lbs: z.number(),
});

const recallGreenLot = z.object({
  lot_number: z.string(),
  bean_name: z.string(),
  batch_id: z.number().int(),
  /** The order and place of the batch, as in the batches; null when its record is gone. */
  order_id: z.number().int().nullable(),
  seq: z.number().int().nullable(),
  lbs: z.number(),
});

const recallPacked = z.object({
  order_id: z.number().int(),
  customer: z.string(),
  product_name: z.string(),
  roasted_lot: z.string(),
  bin: z.string(),
  packed_at: z.string(),
  lbs: z.number(),
});

const recallHeld = z.object({ lot_number: z.string(), device: z.string(), lbs: z.number() });

export const recallReport = z.object({
  direction: z.enum(['lot', 'order']),
  /** The lot number or the order number asked about. */
  subject: z.string(),
  bean_name: z.string().nullable(),
  /** lbs of the green lot received into the plant (forward only). */
  received: z.number(),
  batches: z.array(recallBatch),
  green_lots: z.array(recallGreenLot),
  /** Every bin the roasted lots went into, with lbs. */
  bins: z.array(z.object({ roasted_lot: z.string(), bin: z.string(), lbs: z.number() })),
  /** What is still in the plant: the green lot in silos, its roasted lots in bins. */
  held: z.array(recallHeld),
  packed: z.array(recallPacked),
  customers: z.array(
    z.object({ customer: z.string(), orders: z.array(z.number().int()), lbs: z.number() }),
  ),
});
export type RecallReport = z.infer<typeof recallReport>;

/** The most rows one sheet of a report export holds: the admin reports' largest row cap. */
export const REPORT_EXPORT_MAX_ROWS = 100_000;
/** The most columns one sheet of a report export holds. */
export const REPORT_EXPORT_MAX_COLUMNS = 100;

export const reportExportMessages = {
  rowWidth: 'Every row must have one cell per column.',
  fileName: 'A file name is letters, digits, dot, dash and underscore.',
} as const;

const exportCell = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);

/** One table of a report as the screen shows it: a sheet of the workbook. */
export const reportExportSheet = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    columns: z.array(z.string().max(200)).min(1).max(REPORT_EXPORT_MAX_COLUMNS),
    rows: z.array(z.array(exportCell).max(REPORT_EXPORT_MAX_COLUMNS)).max(REPORT_EXPORT_MAX_ROWS),
  })
  .refine((s) => s.rows.every((row) => row.length === s.columns.length), {
    error: reportExportMessages.rowWidth,
    path: ['rows'],
  });
export type ReportExportSheet = z.infer<typeof reportExportSheet>;

/**
 * A report's tables exactly as the screen shows them, to be written as CSV or a workbook; the
 * file name is given without its extension.
 */
export const reportExportBody = z.strictObject({
  format: eventExportFormat,
  file_name: z.string().regex(/^[\w.-]{1,100}$/, { error: reportExportMessages.fileName }),
  sheets: z.array(reportExportSheet).min(1).max(20),
});
export type ReportExportBody = z.infer<typeof reportExportBody>;
