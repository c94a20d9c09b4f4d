/** The PostgreSQL error code (SQLSTATE) of a failed query, whichever driver reported it. */
export function codeOf(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code ?? e?.cause?.code;
}

/** A unique constraint refused the row (PostgreSQL 23505), whichever driver reported it. */
export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === '23505';
}

/** A foreign key refused the change (PostgreSQL 23503): something still refers to the row. */
export function isForeignKeyViolation(error: unknown): boolean {
  return codeOf(error) === '23503';
}

/** PostgreSQL's own message for a failed query, without the driver's wrapping. */
export function databaseMessage(error: unknown): string {
  const e = error as { cause?: { message?: unknown }; message?: unknown } | undefined;
  const message = e?.cause?.message ?? e?.message;
  return typeof message === 'string' ? message : 'The database refused the query.';
}
