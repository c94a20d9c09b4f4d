import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReply,
  historianRetention,
  historianSeries,
  historianSeriesQuery,
  historianTag,
  updateHistorianRetentionBody,
  type TemperatureUnit,
} from '@roastery/contract';
import { z } from 'zod';
import { attachment, exportContentType } from '../../lib/table-export.ts';
import { principalOf } from '../../plugins/access-control.ts';
import type { HistorianService } from './historian-service.ts';

const tags = ['historian'];

export interface HistorianRouteOptions {
  historian: HistorianService;
  /** The plant's temperature unit, read at each export: the CSV's temperatures are in it. */
  temperatureUnit: () => Promise<TemperatureUnit>;
}

export const historianRoutes: FastifyPluginAsyncZod<HistorianRouteOptions> = async (
  app,
  { historian, temperatureUnit },
) => {
  app.get(
    '/tags',
    {
      schema: {
        tags,
        summary: 'Every tag the historian records, with its unit and deadband',
        response: { 200: z.array(historianTag) },
      },
    },
    () => historian.tags(),
  );
  app.get(
    '/series',
    {
      schema: {
        tags,
        summary: 'Tags over a time range: raw samples for short ranges, rollups for long ones',
        querystring: historianSeriesQuery,
        response: { 200: historianSeries, 404: errorReply },
      },
    },
    (request) => historian.series(request.query),
  );
  app.get(
    '/series.csv',
    {
      schema: {
        tags,
        summary:
          'The same series as CSV: time, device, tag, value (a bucket’s average) and its unit, temperatures in the plant’s unit',
        querystring: historianSeriesQuery,
      },
    },
    async (request, reply) => {
      const stream = await historian.csv(request.query, await temperatureUnit(), (err) =>
        request.log.error({ err }, 'historian export failed part way'),
      );
      const day = new Date(request.query.from).toISOString().slice(0, 10);
      return reply
        .header('content-type', exportContentType.csv)
        .header('content-disposition', attachment(`historian-${day}`, 'csv'))
        .send(stream);
    },
  );
  app.get(
    '/retention',
    {
      schema: {
        tags,
        summary: 'How long raw samples and rollups are kept',
        response: { 200: historianRetention },
      },
    },
    () => historian.retention(),
  );
  app.put(
    '/retention',
    {
      schema: {
        tags,
        summary: 'Sets how long raw samples and rollups are kept',
        body: updateHistorianRetentionBody,
        response: { 200: historianRetention },
      },
    },
    (request) => historian.setRetention(request.body, principalOf(request).fullName),
  );
};
