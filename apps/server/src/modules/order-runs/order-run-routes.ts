import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchOfOrder,
  beanMatchBody,
  beanMatchReply,
  checkBeansBody,
  checkBeansReply,
  dump,
  errorReply,
  fillSiloBody,
  fillSiloReply,
  orderDumpRequestBody,
  orderIdParams,
  orderPaths,
  packingRecord,
  shortOfBeansReply,
  startOrderBody,
  startOrderReply,
  startPackingBody,
  startPackingReply,
  startWithDevicesBody,
  startWithDevicesReply,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import { ShortOfBeans } from './batch-runner.ts';
import type { OrderRunService } from './order-run-service.ts';
import type { PackingRunner } from './packing-runner.ts';

const tags = ['orders'];
const refused = { 404: errorReply, 409: errorReply, 422: errorReply, 503: errorReply };
const startRefused = { ...refused, 409: z.union([shortOfBeansReply, errorReply]) };

/** A start refused for want of beans answers with what is missing and where a dump would go. */
function shortOfBeans(error: unknown) {
  if (!(error instanceof ShortOfBeans)) throw error;
  return {
    statusCode: 409,
    error: 'Conflict',
    message: error.message,
    request_devices: error.requestDevices,
  };
}

/** Starting orders and what comes before a start: bean checks and dump requests. */
export const orderRunRoutes: FastifyPluginAsyncZod<{
  runs: OrderRunService;
  packing: PackingRunner;
}> = async (app, { runs, packing }) => {
  app.post(
    '/check-beans',
    {
      schema: {
        tags,
        summary:
          'Check bean availability: whether the silos hold the beans of every remaining batch, by recipe ratio',
        body: checkBeansBody,
        response: { 200: checkBeansReply, ...refused },
      },
    },
    (request) => runs.checkBeans(request.body.order_id, request.body.start_device),
  );
  app.post(
    '/bean-match',
    {
      schema: {
        tags,
        summary: "Check bean match: whether a silo holds the order's beans",
        body: beanMatchBody,
        response: { 200: beanMatchReply, ...refused },
      },
    },
    (request) => runs.beanMatch(request.body.order_id, request.body.start_device),
  );
  app.post(
    '/dump-request',
    {
      schema: {
        tags,
        summary: "Create a dump request for the order's missing beans into a silo",
        body: orderDumpRequestBody,
        response: { 201: dump, ...refused },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await runs.requestDump(
            request.body.order_id,
            request.body.device_id,
            principalOf(request),
          ),
        ),
  );
  app.put(
    '/start',
    {
      schema: {
        tags,
        summary:
          'Start a roasting order on its rule (every device in auto, the beans in the silos); returns the run screen',
        body: startOrderBody,
        response: { 200: startOrderReply, ...startRefused },
      },
    },
    async (request, reply) => {
      try {
        const started = await runs.startOrder(request.body.order_id, principalOf(request), {
          rule: request.body.rule,
          path: request.body.path_id,
          allowMixedBin: request.body.allow_mixed_bin,
        });
        return { path: `/admin/test/flow/${started.workflowId}`, message: started.message };
      } catch (error) {
        return reply.code(409).send(shortOfBeans(error));
      }
    },
  );
  app.post(
    '/flow',
    {
      schema: {
        tags,
        summary: 'Start a roasting order with chosen start silo, roaster and destination bin',
        body: startWithDevicesBody,
        response: { 200: startWithDevicesReply, ...startRefused },
      },
    },
    async (request, reply) => {
      try {
        return await runs.startWithDevices(request.body, principalOf(request));
      } catch (error) {
        return reply.code(409).send(shortOfBeans(error));
      }
    },
  );
  app.post(
    '/fill-silo',
    {
      schema: {
        tags,
        summary: 'Fill WRB Silo: roast one batch of a product on a roaster into a bin, as an order',
        body: fillSiloBody,
        response: { 201: fillSiloReply, ...startRefused },
      },
    },
    async (request, reply) => {
      try {
        return reply.code(201).send(await runs.fillSilo(request.body, principalOf(request)));
      } catch (error) {
        return reply.code(409).send(shortOfBeans(error));
      }
    },
  );
  app.get(
    '/:id/batches',
    {
      schema: {
        tags,
        summary: "An order's batches (roasting) or runs (packing), with what the PLC weighed",
        params: orderIdParams,
        response: { 200: z.array(batchOfOrder), 404: errorReply },
      },
    },
    (request) => runs.batchesOf(request.params.id),
  );
  app.get(
    '/:id/paths',
    {
      schema: {
        tags,
        summary:
          'The enabled roasting paths a roasting order may start along (on its roaster, into its bin); defined is false when the plant has none',
        params: orderIdParams,
        response: { 200: orderPaths, 404: errorReply, 409: errorReply },
      },
    },
    (request) => runs.pathsFor(request.params.id),
  );
  app.post(
    '/packing/start',
    {
      schema: {
        tags,
        summary: 'Start a packing order: runs its packing workflow; returns the workflow id',
        body: startPackingBody,
        response: { 200: startPackingReply, ...refused },
      },
    },
    (request) => packing.start(request.body.order_id, principalOf(request)),
  );
  app.get(
    '/packing/:id/record',
    {
      schema: {
        tags,
        summary: 'The packing record of a packing order: roasted lots, roast dates, green lots',
        params: orderIdParams,
        response: { 200: packingRecord, 404: errorReply },
      },
    },
    (request) => packing.record(request.params.id),
  );
};
