import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorReply,
  idParams,
  lotNumberParams,
  lotTrace,
  orderTrace,
  siloContents,
} from '@roastery/contract';
import type { LedgerService } from './ledger-service.ts';

export const inventoryRoutes: FastifyPluginAsyncZod<{ ledger: LedgerService }> = async (
  app,
  { ledger },
) => {
  app.get(
    '/product/silo',
    {
      schema: {
        tags: ['inventory'],
        summary: 'Silos and bins with the beans and lots the ledger says they hold',
        response: { 200: z.array(siloContents) },
      },
    },
    () => ledger.siloContents(),
  );

  app.get(
    '/trace/lot/:lot',
    {
      schema: {
        tags: ['inventory'],
        summary: 'Forward trace of a lot: movements, where it is, batches, roasted lots, orders',
        params: lotNumberParams,
        response: { 200: lotTrace, 404: errorReply },
      },
    },
    (request) => ledger.traceLot(request.params.lot),
  );
  app.get(
    '/trace/order/:id',
    {
      schema: {
        tags: ['inventory'],
        summary: 'Backward trace of an order: roasted lots packed and the green lots in them',
        params: idParams('Order'),
        response: { 200: orderTrace },
      },
    },
    (request) => ledger.traceOrder(request.params.id),
  );
};
