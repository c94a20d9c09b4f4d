import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorReply,
  executeServiceBody,
  healthDetail,
  healthEntry,
  serviceIdParams,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { ServiceRegistry } from './service-registry.ts';

const tags = ['health'];

/** The System Monitor: the console's services, their logs, and starting or stopping them. */
export const serviceHealthRoutes: FastifyPluginAsyncZod<{ registry: ServiceRegistry }> = async (
  app,
  { registry },
) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The console's services and whether each is running",
        response: { 200: z.array(healthEntry) },
      },
    },
    () => registry.list(),
  );
  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One service with its recent log lines, newest first',
        params: serviceIdParams,
        response: { 200: healthDetail, 404: errorReply },
      },
    },
    (request) => registry.get(request.params.id),
  );
  app.post(
    '/execute',
    {
      schema: {
        tags,
        summary: 'Start or stop a service (type: start or stop, container: its id)',
        body: executeServiceBody,
        response: { 200: healthDetail, 404: errorReply, 409: errorReply },
      },
    },
    (request) =>
      registry.execute(request.body.container, request.body.type, principalOf(request).fullName),
  );
};
