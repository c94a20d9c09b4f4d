import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/http-errors.ts';

export const PROTOTYPE_KEY_MESSAGE =
  'The body must not contain a "__proto__" key, nor a "constructor" key holding a "prototype".';

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
 * as if it were not JSON at all.
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
        else done(error, value);
      });
    });
  },
  { name: 'json-body' },
);
