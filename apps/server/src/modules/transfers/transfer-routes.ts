import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conveyorParams,
  conveyorRoutes,
  createTransferBody,
  saveConveyorRoutesBody,
  errorReply,
  messageReply,
  transfer,
  transferBin,
  transferIdParams,
  transferListQuery,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { TransferService } from './transfer-service.ts';

const tags = ['transfers'];
const refused = { 404: errorReply, 409: errorReply, 422: errorReply };

export const transferRoutes: FastifyPluginAsyncZod<{ transfers: TransferService }> = async (
  app,
  { transfers },
) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'Transfers, newest first (pending: pending and processing; completed: completed and failed)',
        querystring: transferListQuery,
        response: { 200: z.array(transfer) },
      },
    },
    (request) => transfers.list(request.query.status),
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Ask for a silo-to-silo transfer',
        body: createTransferBody,
        response: { 201: transfer, ...refused },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await transfers.create(request.body, principalOf(request))),
  );
  app.get(
    '/bin',
    {
      schema: {
        tags,
        summary: 'The bins a transfer conveyor reaches, with what they hold',
        response: { 200: z.array(transferBin) },
      },
    },
    () => transfers.bins(),
  );
  app.get(
    '/routes',
    {
      schema: {
        tags,
        summary: "Each transfer conveyor's route table (route numbers as its PLC uses them)",
        response: { 200: z.array(conveyorRoutes) },
      },
    },
    () => transfers.routeTables(),
  );
  app.put(
    '/routes/:conveyor',
    {
      schema: {
        tags,
        summary: "Replace a conveyor's route table: device ids in route-number order",
        params: conveyorParams,
        body: saveConveyorRoutesBody,
        response: { 200: conveyorRoutes, ...refused },
      },
    },
    (request) => transfers.saveRoutes(request.params.conveyor, request.body.routes),
  );
  app.get(
    '/acknowledge/:id',
    {
      schema: {
        tags,
        summary: "Acknowledge a transfer: its conveyor's moving workflow starts",
        params: transferIdParams,
        response: { 200: transfer, ...refused },
      },
    },
    (request) => transfers.acknowledge(request.params.id, principalOf(request)),
  );
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a pending transfer',
        params: transferIdParams,
        response: { 200: messageReply, ...refused },
      },
    },
    async (request) => {
      await transfers.delete(request.params.id);
      return { message: 'Transfer deleted' };
    },
  );
};
