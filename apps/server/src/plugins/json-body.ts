import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/http-errors.ts';

export const PROTOTYPE_KEY_MESSAGE =
  'The body must not contain a "__proto__" key, nor a "constructor" key holding a "prototype".';

/**
 * The deepest nesting of arrays and objects a body may have. The console's deepest request (a
 * workflow diagram) nests less than ten levels; the checks that walk a body (schemas, the NUL
 * check) recurse, so a body nested many thousands deep would overflow the stack.
 */
export const MAX_BODY_DEPTH = 64;
export const DEPTH_MESSAGE = `The body must not nest arrays and objects more than ${MAX_BODY_DEPTH} levels deep.`;

/** Whether a parsed JSON value nests deeper than the limit, walked without recursion. */
function tooDeep(value: unknown): boolean {
  let level: object[] = typeof value === 'object' && value !== null ? [value] : [];
  for (let depth = 0; level.length > 0; depth += 1) {
    if (depth > MAX_BODY_DEPTH) return true;
    const next: object[] = [];
    for (const item of level) {
      // Only what can nest further: a report export's million cells stay out of the next level.
      for (const child of Object.values(item)) {
        if (typeof child === 'object' && child !== null) next.push(child);
      }
    }
    level = next;
  }
  return false;
}

type JsonParser = (
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, value?: unknown) => void,
) => void;

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A JSON body parsed as Fastify does by default, prototype keys still refused (they could
 * reach an object's prototype), but with a reply that says so: the default answers such a body
 * as if it were not JSON at all. A body nested deeper than MAX_BODY_DEPTH is refused too. The
 * parser is the given instance's default (the report export's worker has an instance of its own);
 * it answers at once.
 */
export function jsonBodyParser(app: FastifyInstance) {
  // Fastify's own parser takes a callback; the type also admits a promise-returning one.
  const parse = app.getDefaultJsonParser('error', 'error') as JsonParser;
  return (text: string, done: (error: Error | null, value?: unknown) => void) => {
    // Fastify's default parser does not look at the request.
    parse(undefined as unknown as FastifyRequest, text, (error, value) => {
      // It failed although it is JSON: the only other reason is a prototype key.
      if (error && isJson(text)) done(badRequest(PROTOTYPE_KEY_MESSAGE));
      else if (!error && tooDeep(value)) done(badRequest(DEPTH_MESSAGE));
      else done(error, value);
    });
  };
}

export const jsonBody = fp(
  (app: FastifyInstance) => {
    const parse = jsonBodyParser(app);
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      parse(body.toString(), done);
    });
  },
  { name: 'json-body' },
);
