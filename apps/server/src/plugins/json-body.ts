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
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth += 1) {
    if (depth > MAX_BODY_DEPTH) return true;
    const next: unknown[] = [];
    for (const item of level) {
      if (typeof item !== 'object' || item === null) continue;
      for (const child of Object.values(item)) next.push(child);
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
 * JSON bodies are parsed as Fastify does by default, prototype keys still refused (they could
 * reach an object's prototype), but with a reply that says so: the default answers such a body
 * as if it were not JSON at all. A body nested deeper than MAX_BODY_DEPTH is refused too.
 */
export const jsonBody = fp(
  (app: FastifyInstance) => {
    // Fastify's own parser takes a callback; the type also admits a promise-returning one.
    const parse = app.getDefaultJsonParser('error', 'error') as JsonParser;
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString();
      parse(request, text, (error, value) => {
        // It failed although it is JSON: the only other reason is a prototype key.
        if (error && isJson(text)) done(badRequest(PROTOTYPE_KEY_MESSAGE));
        else if (!error && tooDeep(value)) done(badRequest(DEPTH_MESSAGE));
        else done(error, value);
      });
    });
  },
  { name: 'json-body' },
);
