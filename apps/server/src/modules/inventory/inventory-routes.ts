import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siloContents } from '@roastery/contract';
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
};
