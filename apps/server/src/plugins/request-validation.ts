import fp from 'fastify-plugin';
import type {
  FastifyInstance,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
} from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JSON_TEXT_FORMAT } from '@roastery/contract';
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

/** The top-level fields of a request part that carry a JSON document as text (contract's jsonText). */
function jsonTextFields(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const properties = (json.properties ?? {}) as Record<string, { format?: unknown }>;
  return Object.entries(properties)
    .filter(([, field]) => field.format === JSON_TEXT_FORMAT)
    .map(([name]) => name);
}

/**
 * The first NUL character or lone surrogate inside the JSON a field carries as text: its escapes
 * (`\u0000`) pass the check of the text as sent. Text that is not JSON is left to the route,
 * which refuses it with its own message.
 */
function nulInJsonText(value: unknown, fields: string[]) {
  if (typeof value !== 'object' || value === null) return undefined;
  for (const field of fields) {
    const text: unknown = (value as Record<string, unknown>)[field];
    if (typeof text !== 'string') continue;
    let decoded: unknown;
    try {
      decoded = JSON.parse(text);
    } catch {
      continue;
    }
    const found = findNul(decoded, [field]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Zod validation, with the checks every request needs whatever its schema says; the report
 * export's worker validates its body with it too.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  const part = route.httpPart ?? 'request';
  const jsonFields = route.schema instanceof z.ZodType ? jsonTextFields(route.schema) : [];
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
    const produced =
      result.value === undefined
        ? undefined
        : (findNul(result.value) ?? nulInJsonText(result.value, jsonFields));
    if (produced) return { error: badRequest(nulMessage(produced, part)) };
    return result;
  };
};

function refuse(route: { method: string | string[]; url: string }, problem: string): Error {
  return new Error(`${[route.method].flat().join(',')} ${route.url}: ${problem}`);
}

/**
 * Every route's request goes through one validator: a NUL character anywhere, inside the JSON a
 * text field carries too, is a 400 naming the field, and an id beyond the range in a path is a 404. A route cannot be registered when
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
