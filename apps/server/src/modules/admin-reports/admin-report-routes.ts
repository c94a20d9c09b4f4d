import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReport,
  createAdminReportBody,
  errorReply,
  idParams,
  reportView,
  reportViewQuery,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { AdminReportService } from './admin-report-service.ts';

const tags = ['reports'];

export const adminReportRoutes: FastifyPluginAsyncZod<{ reports: AdminReportService }> = async (
  app,
  { reports },
) => {
  app.get(
    '/admin/reports',
    {
      schema: {
        tags,
        summary: 'The reports administrators defined',
        response: { 200: z.array(adminReport) },
      },
    },
    () => reports.list(),
  );
  app.post(
    '/admin/reports',
    {
      schema: {
        tags,
        summary: 'Define a report (title, description, code)',
        body: createAdminReportBody,
        response: { 201: adminReport, 422: errorReply },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await reports.create(request.body, principalOf(request))),
  );
  app.delete(
    '/admin/reports/:id',
    {
      schema: {
        tags,
        summary: 'Delete a report',
        params: idParams('Report'),
        response: { 200: z.object({ message: z.string() }), 404: errorReply },
      },
    },
    async (request) => {
      await reports.delete(request.params.id, principalOf(request).fullName);
      return { message: 'Report Deleted Successfully' };
    },
  );
  app.get(
    '/report/metabase',
    {
      schema: {
        tags,
        summary:
          'A report as shown: a signed Metabase embedding URL, or the rows of its read-only SQL',
        querystring: reportViewQuery,
        response: { 200: reportView, 404: errorReply, 422: errorReply },
      },
    },
    (request) => reports.view(request.query.id),
  );
};
