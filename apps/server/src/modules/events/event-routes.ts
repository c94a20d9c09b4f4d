import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventPage, eventQueryBody } from '@roastery/contract';
import type { EventLogService } from './event-log-service.ts';

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
    },
    (request) => {
      const { where, page, limit } = request.body;
      return eventLog.page(
        {
          ...(where.device_id ? { deviceCode: where.device_id } : {}),
          ...(where.event_time?.gte ? { from: new Date(where.event_time.gte) } : {}),
          ...(where.event_time?.lt ? { to: new Date(where.event_time.lt) } : {}),
          ...(where.kind ? { kind: where.kind } : {}),
          ...(where.search ? { search: where.search } : {}),
        },
        page,
        limit,
      );
    },
  );
};
