import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  enteredResultBody,
  errorReply,
  lotDecisionBody,
  productSpecParams,
  qualityLot,
  qualityLotParams,
  qualityLotQuery,
  qualitySpec,
  qualitySpecBody,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { Signer } from './quality-context.ts';
import type { QualityService } from './quality-service.ts';

const tags = ['quality'];

/** The person acting: who they are and where they sign from. */
export function signerOf(request: FastifyRequest): Signer {
  const { id, username, fullName } = principalOf(request);
  return { id, username, fullName, address: request.ip };
}

export const qualityRoutes: FastifyPluginAsyncZod<{ quality: QualityService }> = async (
  app,
  { quality },
) => {
  app.get(
    '/specs/:productId',
    {
      schema: {
        tags,
        summary: "A product's quality specification; every bound empty while it has none",
        params: productSpecParams,
        response: { 200: qualitySpec, 404: errorReply },
      },
    },
    (request) => quality.spec(request.params.productId),
  );
  app.put(
    '/specs/:productId',
    {
      schema: {
        tags,
        summary:
          "Replace a product's quality specification (colour, moisture, loss, development, cupping)",
        description:
          'Every bound may be null (not checked). 422 when a minimum is above its maximum. Results already checked keep their verdict.',
        params: productSpecParams,
        body: qualitySpecBody,
        response: { 200: qualitySpec, 404: errorReply, 422: errorReply },
      },
    },
    (request) =>
      quality.saveSpec(request.params.productId, request.body, principalOf(request).fullName),
  );
  app.get(
    '/lots',
    {
      schema: {
        tags,
        summary: 'Roasted lots with their quality status, results and signatures, newest first',
        description: 'At most the newest 500; a lot with no decision or result yet is pending.',
        querystring: qualityLotQuery,
        response: { 200: z.array(qualityLot) },
      },
    },
    (request) => quality.lots(request.query),
  );
  app.get(
    '/lots/:lotId',
    {
      schema: {
        tags,
        summary: "One roasted lot's quality record",
        params: qualityLotParams,
        response: { 200: qualityLot, 404: errorReply },
      },
    },
    (request) => quality.lot(request.params.lotId),
  );
  app.post(
    '/lots/:lotId/results',
    {
      schema: {
        tags,
        summary: 'Enter a colour, moisture or cupping result of a roasted lot',
        description:
          "Checked against the product's specification: a result out of it puts the lot on hold at once and raises a notification. 409 once the lot is released or rejected.",
        params: qualityLotParams,
        body: enteredResultBody,
        response: { 201: qualityLot, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await quality.enterResult(request.params.lotId, request.body, signerOf(request))),
  );
  app.post(
    '/lots/:lotId/decision',
    {
      schema: {
        tags,
        summary: 'Sign a release, a release under deviation or a rejection of a roasted lot',
        description:
          "The signer enters their password again (422 when wrong, 429 while sign-in is slowed down; nothing changes). The signature keeps the SHA-256 of the lot's record and joins the audit chain. A lot on hold for a result out of specification needs a second, different person's release (409 for the same person). 409 once released or rejected.",
        params: qualityLotParams,
        body: lotDecisionBody,
        response: {
          200: qualityLot,
          404: errorReply,
          409: errorReply,
          422: errorReply,
          429: errorReply,
        },
      },
    },
    (request) => quality.decide(request.params.lotId, request.body, signerOf(request)),
  );
};
