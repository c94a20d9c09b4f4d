import { STATUS_CODES } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors.ts';

/**
 * A validation failure's message, each zod issue naming its field ('sheets.0.rows: ...'); the
 * report export's worker gives its refusals with it too.
 */
export function validationMessage(error: Pick<FastifyError, 'message' | 'validation'>): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  return error.validation
    .map((v) => {
      const where = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const issue = v.params.issue as { code?: string; keys?: string[] } | undefined;
      if (issue?.code === 'unrecognized_keys' && issue.keys?.length) {
        return `Unknown field(s): ${issue.keys.join(', ')}`;
      }
      return where ? `${where}: ${v.message}` : v.message;
    })
    .join('; ');
}

// Connection-level failures of the database: the client did nothing wrong, the plant's
// server is unreachable, so the reply is 503 and the request can be retried.
const DATABASE_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08000',
  '08003',
  '08006',
]);

// node-postgres reports a lost or unreachable server with these messages and no code.
const DATABASE_DOWN_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

interface CausedError {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

function isDatabaseDown(error: unknown): boolean {
  // Drizzle wraps the driver's error as its cause.
  const chain = [error, (error as CausedError | undefined)?.cause] as (CausedError | undefined)[];
  return chain.some(
    (e) =>
      (typeof e?.code === 'string' && DATABASE_DOWN.has(e.code)) ||
      (typeof e?.message === 'string' && DATABASE_DOWN_MESSAGE.test(e.message)),
  );
}

/**
 * One error shape for every reply: { statusCode, error, message }. Client mistakes keep
 * their message; server faults are logged and answered without internals.
 */
export const errorHandler = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (isDatabaseDown(error)) {
        request.log.error({ err: error }, 'database unavailable');
        return reply.code(503).send({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The database is unavailable. Try again shortly.',
        });
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        // Both are the console's own words: the database or the leading instance is out of reach.
        const unavailable = status === 503 || status === 504;
        return reply.code(status).send({
          statusCode: status,
          error: STATUS_CODES[status] ?? 'Error',
          message: unavailable ? error.message : 'Something went wrong on the server.',
        });
      }
      const message = error.validation ? validationMessage(error) : error.message;
      const name = error instanceof HttpError ? error.errorName : undefined;
      return reply
        .code(status)
        .send({ statusCode: status, error: name ?? STATUS_CODES[status] ?? 'Error', message });
    });
  },
  { name: 'error-handler' },
);
