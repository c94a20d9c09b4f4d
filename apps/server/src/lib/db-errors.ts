function codeOf(error: unknown): string | undefined {
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
