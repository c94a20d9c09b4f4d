import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditCategories, auditPage, auditQuery, auditVerification } from '@roastery/contract';
import type { AuditService } from './audit-service.ts';

const tags = ['audit'];

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (
  app,
  { audit },
) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first: filter by user, category, time and text',
        querystring: auditQuery,
        response: { 200: auditPage },
      },
    },
    (request) => audit.search(request.query),
  );

  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'The categories found in the audit log',
        response: { 200: auditCategories },
      },
    },
    () => audit.categories(),
  );

  app.get(
    '/verify',
    {
      schema: {
        tags,
        summary: 'Walk the hash chain: intact, or the first row that was altered',
        response: { 200: auditVerification },
      },
    },
    () => audit.verify(),
  );
};
