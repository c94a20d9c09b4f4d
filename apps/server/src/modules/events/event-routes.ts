import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EXPORT_TOTAL_ROWS_HEADER,
  eventExportBody,
  eventPage,
  eventQueryBody,
} from '@roastery/contract';
import { sharedReplyRoute } from '../../lib/shared-reply-serializer.ts';
import { attachment, exportContentType } from '../../lib/table-export.ts';
import { exportStream } from './event-export.ts';
import { filterOf, type EventLogService } from './event-log-service.ts';

export const eventRoutes: FastifyPluginAsyncZod<{ eventLog: EventLogService }> = async (
  app,
  { eventLog },
) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['events'],
        summary: 'The events log, filtered and paged',
        body: eventQueryBody,
        response: { 200: eventPage },
      },
      // Requests for the same page share one reply object (EventLogService.page).
      ...sharedReplyRoute,
    },
    (request) => {
      const { where, page, limit } = request.body;
      return eventLog.page(filterOf(where), page, limit);
    },
  );

  app.post(
    '/export',
    {
      schema: {
        tags: ['events'],
        summary:
          'Every event the filter selects, as CSV or an Excel workbook, streamed; the row count comes first in the X-Total-Rows header',
        body: eventExportBody,
      },
    },
    async (request, reply) => {
      const { where, format } = request.body;
      const filter = filterOf(where);
      const total = await eventLog.count(filter);
      const day = new Date().toISOString().slice(0, 10);
      const stream = exportStream(format, eventLog.walk(filter), (err) =>
        request.log.error({ err }, 'events export failed part way'),
      );
      return reply
        .header('content-type', exportContentType[format])
        .header('content-disposition', attachment(`events-${day}`, format))
        .header(EXPORT_TOTAL_ROWS_HEADER, String(total))
        .send(stream);
    },
  );
};
