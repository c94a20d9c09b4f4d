import { principalOf } from '../../plugins/access-control.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceStatus,
  deviceStatusBody,
  errorReply,
  idParams,
  messageReply,
} from '@roastery/contract';
import type { DeviceStatusService } from './device-status-service.ts';

const tags = ['device statuses'];
const statusIdParams = idParams('Device status');

export const deviceStatusRoutes: FastifyPluginAsyncZod<{ statuses: DeviceStatusService }> = async (
  app,
  { statuses },
) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Device status definitions',
        response: { 200: z.array(deviceStatus) },
      },
    },
    () => statuses.list(),
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a device status',
        body: deviceStatusBody,
        response: { 201: deviceStatus, 409: errorReply, 422: errorReply },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await statuses.create(request.body, principalOf(request).fullName)),
  );
  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Update a device status',
        params: statusIdParams,
        body: deviceStatusBody,
        response: { 200: deviceStatus, 404: errorReply, 409: errorReply, 422: errorReply },
      },
    },
    (request) => statuses.update(request.params.id, request.body, principalOf(request).fullName),
  );
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a device status',
        params: statusIdParams,
        response: { 200: messageReply, 404: errorReply },
      },
    },
    async (request) => {
      await statuses.delete(request.params.id, principalOf(request).fullName);
      return { message: 'Device status deleted' };
    },
  );
};
