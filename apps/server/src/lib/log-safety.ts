import { stdSerializers } from 'pino';

/**
 * Logs never carry passwords, password hashes, tokens or refresh tokens, whatever fails. The
 * dangerous path is a failed query: Drizzle puts the query's parameters (a new password's hash,
 * a refresh token's hash) into the error's message and stack, and PostgreSQL's detail repeats
 * the failing row. This module makes an error safe to log, and lists the fields of logged
 * objects that are withheld by name.
 */

const WITHHELD = '[withheld]';

/** Logged fields whose value is withheld by name, whatever logs them. */
export const redactedPaths: string[] = [
  'password',
  'newPassword',
  'oldPassword',
  'token',
  'refreshToken',
  'passwordHash',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.token',
  '*.refreshToken',
  '*.passwordHash',
];

// Second line of defence for text that reaches a log from elsewhere: the shapes of secrets.
const SECRET_SHAPES: [RegExp, string][] = [
  // PostgreSQL's detail of a check or not-null violation: the whole row, hashes included.
  [/Failing row contains \(.*\)/gs, `Failing row contains ${WITHHELD}`],
  // A unique or foreign key violation names the key's value.
  [/(Key \([^)]*\))=\(.*?\)/g, `$1=${WITHHELD}`],
  [/\$argon2(?:id|i|d)\$[^\s,)'"]+/g, WITHHELD],
  // A JWT (access token).
  [/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, WITHHELD],
  // A SHA-256 in hex, as refresh tokens are stored.
  [/\b[0-9a-f]{64}\b/gi, WITHHELD],
];

function scrubText(text: string, params: string | undefined): string {
  let safe = params ? text.split(params).join(`params: ${WITHHELD}`) : text;
  for (const [shape, replacement] of SECRET_SHAPES) safe = safe.replace(shape, replacement);
  return safe;
}

/** The "params: ..." text a Drizzle query error put into its message, exactly as it did. */
function paramsText(error: unknown): string | undefined {
  const params = (error as { params?: unknown } | undefined)?.params;
  return Array.isArray(params) ? `params: ${params.join(',')}` : undefined;
}

/** An error's message, safe to print where no serializer runs (the start-up failure). */
export function safeMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return scrubText(message, paramsText(error));
}

interface DatabaseCause {
  code?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

/**
 * pino's error serializer, made safe: the query's parameters and the database's detail are
 * withheld, the SQL text and the database's error code, table and constraint stay, since they
 * are what a person needs to find the fault.
 */
export function safeErrorSerializer(error: unknown): unknown {
  const serialized = stdSerializers.err(error as Error) as unknown;
  if (typeof serialized !== 'object' || serialized === null) return serialized;
  const params = paramsText(error);
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (key === 'params' || key === 'detail') safe[key] = WITHHELD;
    else safe[key] = typeof value === 'string' ? scrubText(value, params) : value;
  }
  const cause = (error as { cause?: DatabaseCause } | undefined)?.cause;
  if (cause && typeof cause === 'object' && typeof cause.code === 'string') {
    safe.database = {
      code: cause.code,
      table: cause.table,
      column: cause.column,
      constraint: cause.constraint,
    };
  }
  return safe;
}
