import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPackingBody,
  errorReply,
  finishedPackingQuery,
  messageReply,
  orderIdParams,
  packingForm,
  packingListReply,
  packingOrder,
  priorityBody,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { PackingService } from './packing-service.ts';

const tags = ['packing'];
const refused = { 404: errorReply, 409: errorReply, 422: errorReply };

/** Packing order planning under /orders/packing; starting one belongs to the order runner. */
export const packingRoutes: FastifyPluginAsyncZod<{ packing: PackingService }> = async (
  app,
  { packing },
) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Packing orders waiting or being packed (status 4), with their kanban',
        response: { 200: packingListReply },
      },
    },
    () => packing.list(),
  );
  app.get(
    '/finished',
    {
      schema: {
        tags,
        summary:
          'Packed packing orders, latest first, paged; order_qty -1 is unlimited. Same where and search as the pending list',
        querystring: finishedPackingQuery,
        response: { 200: packingListReply },
      },
    },
    (request) => packing.finished(request.query),
  );
  app.get(
    '/form',
    {
      schema: {
        tags,
        summary:
          'The New Packing form: products (those with roasted beans waiting first) and the packing workflows',
        response: { 200: packingForm },
      },
    },
    () => packing.form(),
  );
  app.post(
    '/create',
    {
      schema: {
        tags,
        summary:
          'Create a packing order; WRB ReEntry packs the re-entry bin (lot RE-ENTRY, quantity and date optional); no quantity packs until the bins are empty',
        body: createPackingBody,
        response: { 201: packingOrder, ...refused },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await packing.create(request.body, principalOf(request))),
  );
  app.post(
    '/priority',
    {
      schema: {
        tags,
        summary: 'Save the packing kanban: each priority column, top to bottom, in one step',
        body: priorityBody,
        response: { 200: messageReply, ...refused },
      },
    },
    (request) => packing.savePriority(request.body),
  );
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a packing order that is not being packed (status 4) and has not run',
        params: orderIdParams,
        response: { 200: messageReply, ...refused },
      },
    },
    (request) => packing.delete(request.params.id),
  );
};
