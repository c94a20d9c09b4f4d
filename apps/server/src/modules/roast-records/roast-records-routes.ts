import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alogForm,
  errorReply,
  pathId,
  roastRecord,
  roastRecordList,
  roastRecordListQuery,
  roastRecordMarksBody,
  roastRecordNotesBody,
  type TemperatureUnit,
} from '@roastery/contract';
import type { RoastRecordService } from './roast-records-service.ts';

const tags = ['roast-records'];

const recordParams = z.strictObject({ id: pathId('Roast record') });
const orderParams = z.strictObject({ id: pathId('Order') });
const batchParams = z.strictObject({ id: pathId('Batch') });

export interface RoastRecordRouteOptions {
  records: RoastRecordService;
  /** The plant's temperature unit, read at each download: files are written in it. */
  temperatureUnit: () => Promise<TemperatureUnit>;
}

export const roastRecordRoutes: FastifyPluginAsyncZod<RoastRecordRouteOptions> = async (
  app,
  { records, temperatureUnit },
) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Roast records, newest first, by roaster, product, order and time of charge',
        querystring: roastRecordListQuery,
        response: { 200: roastRecordList },
      },
    },
    async (request) => ({ records: await records.list(request.query) }),
  );
  app.get(
    '/order/:id',
    {
      schema: {
        tags,
        summary: "The records of an order's batches, in batch order",
        params: orderParams,
        response: { 200: roastRecordList, 404: errorReply },
      },
    },
    async (request) => ({ records: await records.ofOrder(request.params.id) }),
  );
  app.get(
    '/batch/:id',
    {
      schema: {
        tags,
        summary: "A batch's roast record",
        params: batchParams,
        response: { 200: roastRecord, 404: errorReply },
      },
    },
    (request) => records.ofBatch(request.params.id),
  );
  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'A roast record: curves each second, events, phases, weights, reference, notes',
        params: recordParams,
        response: { 200: roastRecord, 404: errorReply },
      },
    },
    (request) => records.get(request.params.id),
  );
  app.put(
    '/:id/marks',
    {
      schema: {
        tags,
        summary: "The operator's event marks (all of them); events and phases are read again",
        params: recordParams,
        body: roastRecordMarksBody,
        response: { 200: roastRecord, 404: errorReply, 422: errorReply },
      },
    },
    (request) => records.mark(request.params.id, request.body),
  );
  app.put(
    '/:id/notes',
    {
      schema: {
        tags,
        summary: "The operator's notes on a roast",
        params: recordParams,
        body: roastRecordNotesBody,
        response: { 200: roastRecord, 404: errorReply },
      },
    },
    (request) => records.notes(request.params.id, request.body.notes),
  );
  app.get(
    '/:id/alog',
    {
      schema: {
        tags,
        summary:
          "A roast record as an Artisan .alog file (text), in JSON or Python literal form, in the plant's temperature unit",
        params: recordParams,
        querystring: z.strictObject({ form: alogForm.default('json') }),
      },
    },
    async (request, reply) => {
      const file = await records.alog(request.params.id, {
        form: request.query.form,
        unit: await temperatureUnit(),
      });
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', file.disposition)
        .send(file.text);
    },
  );
};
