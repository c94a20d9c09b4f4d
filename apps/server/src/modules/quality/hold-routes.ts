import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReply,
  lotHoldBody,
  lotHoldParams,
  lotHoldPreview,
  lotHoldResult,
} from '@roastery/contract';
import type { QualityService } from './quality-service.ts';
import { signerOf } from './quality-routes.ts';

const tags = ['quality'];

/** Holding a lot and everything made from it (ADR 0047). */
export const holdRoutes: FastifyPluginAsyncZod<{ quality: QualityService }> = async (
  app,
  { quality },
) => {
  app.get(
    '/holds/:lotNumber',
    {
      schema: {
        tags,
        summary: "A lot's hold and the lots a hold of it would reach now",
        description:
          'The lot (green or roasted) and each roasted lot made from it still in the plant; rejected lots stay rejected. Changes nothing.',
        params: lotHoldParams,
        response: { 200: lotHoldPreview, 404: errorReply },
      },
    },
    (request) => quality.holdPreview(request.params.lotNumber),
  );
  app.post(
    '/holds',
    {
      schema: {
        tags,
        summary: 'Hold a lot and everything made from it that is still in the plant',
        description:
          'In one transaction: the lot, and for a green lot every roasted lot of every batch that charged it (blends included) with beans left in the plant, go on hold; a hold overrides a release, a rejected lot stays rejected, and a held lot is released by two different people. Replies with the lots held, where their beans are, and the packed orders that already left the plant (the recall list). 404 for no such lot, 422 without a reason; nothing changes.',
        body: lotHoldBody,
        response: { 201: lotHoldResult, 404: errorReply, 422: errorReply },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await quality.hold(request.body, signerOf(request))),
  );
};
