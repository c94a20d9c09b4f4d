import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3.0.3 reads `nullable` as adding null to the type only: an enum admits null only when
 * it lists it. The schemas' nullable enums (an alarm type or null) are written without it, so a
 * client checking replies against the document would refuse every null they send.
 */
export function listNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) listNullInNullableEnums(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as { nullable?: unknown; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum.push(null);
  }
  for (const value of Object.values(node)) listNullInNullableEnums(value);
}

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
      transformObject: (document) => {
        const spec = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
        listNullInNullableEnums(spec);
        return spec;
      },
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
