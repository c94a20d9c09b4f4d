import fp from 'fastify-plugin';
import type {
  FastifyInstance,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
} from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../lib/http-errors.ts';
import { unboundedIntegers } from '../lib/integer-bounds.ts';
import { findNul, nulMessage } from '../lib/nul-characters.ts';

const REQUEST_PARTS = ['params', 'querystring', 'body', 'headers'] as const;

/**
 * A path number beyond the range of ids (the contract's pathId) names nothing: 404 with the
 * contract's message, as for an id no row has. Any other mistake in the path stays a 400.
 */
function idBeyondRange(errors: FastifySchemaValidationError[]): Error | undefined {
  const beyond = errors.every((e) => e.keyword === 'too_big' && e.params.origin === 'number');
  return beyond ? notFound(errors.map((e) => e.message).join('; ')) : undefined;
}

/** What the zod compiler returns: it always validates at once. */
interface Outcome {
  error?: Error | FastifySchemaValidationError[];
  value?: unknown;
}

function isOutcome(result: unknown): result is Outcome {
  return typeof result === 'object' && result !== null && !('then' in result);
}

/** Zod validation, with the checks every request needs whatever its schema says. */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  const part = route.httpPart ?? 'request';
  return (data: unknown) => {
    // Before zod, so the reply names the field as sent and no other message hides it.
    const sent = findNul(data);
    if (sent) return { error: badRequest(nulMessage(sent, part)) };
    const result = validate(data);
    if (!isOutcome(result)) return result;
    if (part === 'params' && Array.isArray(result.error)) {
      const error = idBeyondRange(result.error);
      if (error) return { error };
    }
    // After it too: a transform can make text with one (JSON escapes inside a string field).
    const produced = result.value === undefined ? undefined : findNul(result.value);
    if (produced) return { error: badRequest(nulMessage(produced, part)) };
    return result;
  };
};

function refuse(route: { method: string | string[]; url: string }, problem: string): Error {
  return new Error(`${[route.method].flat().join(',')} ${route.url}: ${problem}`);
}

/**
 * Every route's request goes through one validator: a NUL character anywhere is a 400 naming
 * the field, and an id beyond the range in a path is a 404. A route cannot be registered when
 * its request could still reach the database with a value the database refuses: path
 * parameters without a schema, or an integer without 32-bit bounds.
 */
export const requestValidation = fp(
  (app: FastifyInstance) => {
    app.setValidatorCompiler(validatorCompiler);
    app.addHook('onRoute', (route) => {
      const schema: FastifySchema = route.schema ?? {};
      if (route.url.includes('/:') && !schema.params) {
        throw refuse(route, 'declare the schema of its path parameters');
      }
      for (const part of REQUEST_PARTS) {
        const partSchema = schema[part];
        if (!(partSchema instanceof z.ZodType)) continue;
        const fields = unboundedIntegers(partSchema);
        if (fields.length > 0) {
          throw refuse(
            route,
            `${part} integer(s) ${fields.join(', ')} can exceed the 32-bit integer columns: ` +
              'use int32() or pathId() from @roastery/contract',
          );
        }
      }
    });
  },
  { name: 'request-validation' },
);
