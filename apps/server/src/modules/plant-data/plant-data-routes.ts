import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReply, plantDataConfigBody, plantDataSettings } from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { PlantDataService } from './plant-data-service.ts';

const tags = ['plant-data'];

export const plantDataRoutes: FastifyPluginAsyncZod<{ plantData: PlantDataService }> = async (
  app,
  { plantData },
) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The MQTT broker, what is published to it, and how publishing goes',
        response: { 200: plantDataSettings },
      },
    },
    () => plantData.settings(),
  );
  app.put(
    '/',
    {
      schema: {
        tags,
        summary: 'Save the MQTT configuration and reconnect with it (secrets left out stay)',
        body: plantDataConfigBody,
        response: { 200: plantDataSettings, 400: errorReply },
      },
    },
    (request) => plantData.save(request.body, principalOf(request).fullName),
  );
};
