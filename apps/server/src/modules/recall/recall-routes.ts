import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReply,
  mockRecall,
  mockRecallQuery,
  recallExportQuery,
  recallSearchQuery,
  recallSearchReply,
  type RecallExportFormat,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import { recallCsv, recallFileName, recallXlsx } from './recall-export.ts';
import { recallPdf } from './recall-pdf.ts';
import type { RecallService } from './recall-service.ts';

const tags = ['recall'];
const refused = { 400: errorReply, 404: errorReply, 422: errorReply };

const contentType: Record<RecallExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};

/** Mock recalls under /recall: search for a starting point, the recall, and its files. */
export const recallRoutes: FastifyPluginAsyncZod<{ recall: RecallService }> = async (
  app,
  { recall },
) => {
  app.get(
    '/search',
    {
      schema: {
        tags,
        summary:
          'What a typed text matches: green and roasted lot codes, supplier lots and customers it starts, an order number',
        querystring: recallSearchQuery,
        response: { 200: recallSearchReply, 400: errorReply },
      },
    },
    (request) => recall.search(request.query.q),
  );
  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'A mock recall: one step back, one step forward and the whole chain as traceability records, with the customers affected and the query time',
        querystring: mockRecallQuery,
        response: { 200: mockRecall, ...refused },
      },
    },
    (request) => recall.recall(request.query, principalOf(request)),
  );
  app.get(
    '/export',
    {
      schema: {
        tags,
        summary:
          'A mock recall as a workbook (a sortable sheet per section and a summary), one CSV file, or a PDF summary',
        // The reply is a file; refusals are the recall's (400, 404, 422), as errorReply.
        querystring: recallExportQuery,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const result = await recall.recall(query, principalOf(request));
      const body =
        format === 'xlsx'
          ? await recallXlsx(result)
          : format === 'pdf'
            ? await recallPdf(result)
            : recallCsv(result);
      return reply
        .header('content-type', contentType[format])
        .header('content-disposition', `attachment; filename="${recallFileName(result)}.${format}"`)
        .send(body);
    },
  );
};
