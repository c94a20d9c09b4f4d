import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFoundBody, webApp } from './web-app.ts';

/**
 * What the app answers outside the API's routes: the built web app when there is one, else a
 * 404 in the API's format. Registered without its own scope, as if registered on the app.
 */
export const outsideApi = fp(
  async (app: FastifyInstance, opts: { webDist: string | undefined }) => {
    if (opts.webDist) {
      await app.register(webApp, { root: opts.webDist });
    } else {
      app.setNotFoundHandler((request, reply) =>
        reply.code(404).send(notFoundBody(request.method, request.url)),
      );
    }
  },
);
