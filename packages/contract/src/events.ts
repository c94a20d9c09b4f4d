import { z } from 'zod';
import { int32 } from './integers.ts';

const range = z.strictObject({
  gte: z.string().datetime().optional(),
  lt: z.string().datetime().optional(),
});

/** The logs filter: fields mapped one by one on the server, never spliced into SQL. */
export const eventWhere = z.strictObject({
  device_id: z.string().max(32).optional(),
  event_time: range.optional(),
  kind: z.string().max(40).optional(),
  search: z.string().max(120).optional(),
});

export type EventWhere = z.infer<typeof eventWhere>;

export const eventQueryBody = z.strictObject({
  where: eventWhere.default({}),
  limit: z.number().int().min(1).max(500).default(10),
  page: int32().min(1).default(1),
});

/** The export of exactly the rows a filter selects; 'xls' is an Excel workbook (.xlsx). */
export const eventExportFormat = z.enum(['csv', 'xls']);
export type EventExportFormat = z.infer<typeof eventExportFormat>;

export const eventExportBody = z.strictObject({
  where: eventWhere.default({}),
  format: eventExportFormat,
});

/** The response header of an export that announces its row count before the rows. */
export const EXPORT_TOTAL_ROWS_HEADER = 'x-total-rows';

export const logEvent = z.object({
  event_id: z.number().int(),
  device_id: z.string().nullable(),
  device_name: z.string(),
  event_description: z.string(),
  event_time: z.string(),
  kind: z.string(),
  user: z.string().nullable(),
  result: z.string().nullable(),
  latency_ms: z.number().nullable(),
});
export type LogEvent = z.infer<typeof logEvent>;

export const eventPage = z.object({
  data: z.array(logEvent),
  currentPage: z.number().int(),
  totalPage: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type EventPage = z.infer<typeof eventPage>;
