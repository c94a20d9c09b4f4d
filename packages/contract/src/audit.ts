import { z } from 'zod';
import { int32FromText } from './integers.ts';

/** One recorded action: who did what to the console, from where, and what came of it. */
export const auditEntry = z.object({
  id: z.number().int(),
  /** UTC, ISO 8601. */
  at: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  address: z.string().nullable(),
  category: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  result: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** The audit screen's filters; every one is optional and they combine with AND. */
export const auditQuery = z.strictObject({
  /** Part of the user's name, without case. */
  user: z.string().trim().max(64).optional(),
  category: z.string().trim().max(40).optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be a date and time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be a date and time' }).optional(),
  /** Part of the action, target or result, without case. */
  text: z.string().trim().max(120).optional(),
  page: int32FromText().min(1).default(1),
  limit: int32FromText().min(1).max(200).default(20),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditPage = z.object({
  data: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPage>;

export const auditCategories = z.array(z.string());

/**
 * The chain walked from the first row: intact, the first row whose seal does not hold, or cut
 * short (rows removed from its end after a head was published).
 */
export const auditVerification = z.object({
  intact: z.boolean(),
  /** Rows were removed from the end: the last published head is gone. */
  truncated: z.boolean(),
  /** Rows checked. */
  checked: z.number().int(),
  /** The id of the first broken row, null when intact. */
  broken_at: z.number().int().nullable(),
  message: z.string(),
});
export type AuditVerification = z.infer<typeof auditVerification>;
