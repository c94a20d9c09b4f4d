import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the route schemas and browsable at /api/docs. */
export const openapi = fp(
  async (app: FastifyInstance, opts: { version: string }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Roastery Console API',
          description:
            'Plant console API. Send `Authorization: Bearer <token>` from POST /api/user/login.',
          version: opts.version,
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The standalone layout's top bar draws Swagger's logo as an SVG with an inline <style>,
      // which the CSP (no 'unsafe-inline' styles) refuses; the base layout has no top bar.
      uiConfig: { layout: 'BaseLayout' },
    });
  },
  { name: 'openapi' },
);
