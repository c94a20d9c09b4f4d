import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  batchFoodSafetyRecord,
  correctiveActionBody,
  criticalLimits,
  criticalLimitsBody,
  daySignatureBody,
  deviation,
  errorReply,
  foodSafetyBatchParams,
  foodSafetyDay,
  foodSafetyDayParams,
  foodSafetyIdParams,
  foodSafetyProductParams,
  monitoringCorrectionBody,
  monitoringRecord,
  packingCheck,
  packingCheckBody,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { Actor } from './food-safety-context.ts';
import type { FoodSafetyService } from './food-safety-service.ts';

const tags = ['food-safety'];
const refused = { 404: errorReply, 409: errorReply, 422: errorReply };

function actorOf(request: FastifyRequest): Actor {
  const { id, username, fullName } = principalOf(request);
  return { id, username, fullName, address: request.ip };
}

const sendPdf = (reply: FastifyReply, name: string, pdf: Buffer) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${name}"`)
    .send(pdf);

export const foodSafetyRoutes: FastifyPluginAsyncZod<{ foodSafety: FoodSafetyService }> = async (
  app,
  { foodSafety },
) => {
  app.get(
    '/limits/:productId',
    {
      schema: {
        tags,
        summary: "A product's critical limits, with its quality specification's colour bounds",
        params: foodSafetyProductParams,
        response: { 200: criticalLimits, 404: errorReply },
      },
    },
    (request) => foodSafety.limits(request.params.productId),
  );
  app.put(
    '/limits/:productId',
    {
      schema: {
        tags,
        summary: "Replace a product's critical limits (kill step, end temperature, total time)",
        description:
          'Temperatures in °F, times in seconds; an empty limit is not monitored. Records already written keep the limits they were checked against.',
        params: foodSafetyProductParams,
        body: criticalLimitsBody,
        response: { 200: criticalLimits, 404: errorReply },
      },
    },
    (request) =>
      foodSafety.saveLimits(request.params.productId, request.body, principalOf(request).fullName),
  );
  app.get(
    '/days/:date',
    {
      schema: {
        tags,
        summary:
          "A day's records (UTC): monitoring, deviations, corrective actions, packing checks",
        description:
          "Also every open deviation, and the day's signatures, each checked again against the records it covers (intact).",
        params: foodSafetyDayParams,
        response: { 200: foodSafetyDay },
      },
    },
    (request) => foodSafety.day(request.params.date),
  );
  app.post(
    '/days/:date/signature',
    {
      schema: {
        tags,
        summary: "Sign the day's records as their verification",
        description:
          "The supervisor enters their password again (422 when wrong, 429 while sign-in is slowed down). The signature keeps the SHA-256 of the day's records and joins the audit chain. 409 while a deviation of the day is open, or when nothing was written since the last signature.",
        params: foodSafetyDayParams,
        body: daySignatureBody,
        response: { 200: foodSafetyDay, ...refused, 429: errorReply },
      },
    },
    (request) => foodSafety.signDay(request.params.date, request.body.password, actorOf(request)),
  );
  app.get(
    '/days/:date/records.pdf',
    {
      schema: {
        tags,
        summary: "A day's records as a PDF, in the plant's temperature unit",
        params: foodSafetyDayParams,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        `food-safety-${request.params.date}.pdf`,
        await foodSafety.dayPdf(request.params.date),
      ),
  );
  app.get(
    '/batches/:batchId',
    {
      schema: {
        tags,
        summary: "A batch's monitoring records and their deviations",
        params: foodSafetyBatchParams,
        response: { 200: batchFoodSafetyRecord, 404: errorReply },
      },
    },
    (request) => foodSafety.batch(request.params.batchId),
  );
  app.get(
    '/batches/:batchId/record.pdf',
    {
      schema: {
        tags,
        summary: "A batch's food-safety record as a PDF, in the plant's temperature unit",
        params: foodSafetyBatchParams,
        response: { 404: errorReply },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        `food-safety-batch-${request.params.batchId}.pdf`,
        await foodSafety.batchPdf(request.params.batchId),
      ),
  );
  app.post(
    '/monitoring/:id/correction',
    {
      schema: {
        tags,
        summary: "Write a batch's monitoring record again from its roast record, as a correction",
        description:
          'A new record naming the one it corrects, with the reason; the old record stays as written.',
        params: foodSafetyIdParams,
        body: monitoringCorrectionBody,
        response: { 201: monitoringRecord, 404: errorReply },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await foodSafety.correctMonitoring(
            request.params.id,
            request.body.reason,
            actorOf(request),
          ),
        ),
  );
  app.post(
    '/deviations/:id/corrective-action',
    {
      schema: {
        tags,
        summary: 'Record the corrective action of a deviation (who, what, when), closing it',
        description: '409 when the deviation already has its corrective action.',
        params: foodSafetyIdParams,
        body: correctiveActionBody,
        response: { 201: deviation, ...refused },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await foodSafety.correctiveAction(request.params.id, request.body, actorOf(request))),
  );
  app.post(
    '/packing-checks',
    {
      schema: {
        tags,
        summary: 'Record the checks at a packing line: metal detector test pieces, check-weigher',
        description:
          'By the person signed in, now. A failure opens a deviation. A correction names the entry it corrects and a reason.',
        body: packingCheckBody,
        response: { 201: packingCheck, 404: errorReply, 422: errorReply },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await foodSafety.packingCheck(request.body, actorOf(request))),
  );
};
