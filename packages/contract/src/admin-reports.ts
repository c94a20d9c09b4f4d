import { z } from 'zod';
import { int32FromText } from './integers.ts';

export const adminReport = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  code: z.string(),
});
export type AdminReport = z.infer<typeof adminReport>;

export const createAdminReportBody = z.strictObject({
  title: z.string().trim().min(1, 'Please input title').max(120),
  description: z.string().trim().max(500).default(''),
  code: z.string().trim().min(1, 'Please input code').max(8000),
});
export type CreateAdminReportBody = z.input<typeof createAdminReportBody>;

export const reportViewQuery = z.strictObject({ id: int32FromText().min(1) });

/**
 * A report as the browser shows it: a signed Metabase embedding URL when the console is set up
 * with Metabase, otherwise the rows of its read-only SQL over the reporting views.
 */
export const reportView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('metabase'), title: z.string(), url: z.string() }),
  z.object({
    kind: z.literal('sql'),
    title: z.string(),
    columns: z.array(z.string()),
    rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
    /** The rows stopped at the cap; the query has more. */
    truncated: z.boolean(),
  }),
]);
export type ReportView = z.infer<typeof reportView>;
