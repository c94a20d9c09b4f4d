import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export function notFoundBody(method: string, url: string) {
  return {
    statusCode: 404,
    error: 'Not Found',
    message: `No route ${method} ${url.split('?')[0]}`,
  };
}

/**
 * Serves the built web app. Any GET outside /api that is not a file gets index.html, so the
 * browser's client-side routes (/orders-pending, /admin/users, ...) load on refresh.
 */
export const webApp = fp(
  async (app: FastifyInstance, opts: { root: string }) => {
    if (!existsSync(join(opts.root, 'index.html'))) {
      throw new Error(
        `The web app is not built: ${opts.root}/index.html is missing (npm run build).`,
      );
    }
    await app.register(fastifyStatic, { root: opts.root, wildcard: false, index: 'index.html' });
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && !request.url.startsWith('/api')) {
        return reply.type('text/html').sendFile('index.html');
      }
      return reply.code(404).send(notFoundBody(request.method, request.url));
    });
  },
  { name: 'web-app' },
);
