import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cleanerWasteReport,
  errorReply,
  oeeReport,
  packingReport,
  productionReport,
  recallQuery,
  recallReport,
  reportExportBody,
  reportPeriodQuery,
  shrinkageReport,
  summaryReport,
} from '@roastery/contract';
import {
  attachment,
  exportContentType,
  tableExportStream,
  type TableCell,
} from '../../lib/table-export.ts';
import type { ReportService } from './report-service.ts';

/** A report export's body: up to its row cap of cells as JSON, beyond Fastify's 1 MB default. */
const EXPORT_BODY_LIMIT = 32 * 1024 * 1024;

const tags = ['reports'];
const refused = { 400: errorReply };

/** The reports under /report: read-only figures over a period (from, to or q days; tz). */
export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportService }> = async (
  app,
  { reports },
) => {
  app.get(
    '/summary',
    {
      schema: {
        tags,
        summary:
          'Green received, roasted, packed, cleaner waste and roast loss per day; orders by status',
        querystring: reportPeriodQuery,
        response: { 200: summaryReport, ...refused },
      },
    },
    (request) => reports.summary(request.query),
  );
  app.get(
    '/oee',
    {
      schema: {
        tags,
        summary:
          'OEE per roaster and packing line: label and value (percent), with availability, performance and quality',
        querystring: reportPeriodQuery,
        response: { 200: oeeReport, ...refused },
      },
    },
    (request) => reports.oee(request.query),
  );
  app.get(
    '/production',
    {
      schema: {
        tags,
        summary: 'Roasted lbs per day, product and roaster',
        querystring: reportPeriodQuery,
        response: { 200: productionReport, ...refused },
      },
    },
    (request) => reports.production(request.query),
  );
  app.get(
    '/cleaner_waste',
    {
      schema: {
        tags,
        summary: "Cleaner waste per day, silo and bean, against what the silo's draws gave",
        querystring: reportPeriodQuery,
        response: { 200: cleanerWasteReport, ...refused },
      },
    },
    (request) => reports.cleanerWaste(request.query),
  );
  app.get(
    '/shrinkage',
    {
      schema: {
        tags,
        summary:
          'Green in against roasted out per batch, product and roaster, with the loss in percent',
        querystring: reportPeriodQuery,
        response: { 200: shrinkageReport, ...refused },
      },
    },
    (request) => reports.shrinkage(request.query),
  );
  app.get(
    '/packing',
    {
      schema: {
        tags,
        summary: 'The packing record of each order packed in the period, latest first',
        querystring: reportPeriodQuery,
        response: { 200: packingReport, ...refused },
      },
    },
    (request) => reports.packing(request.query),
  );
  app.get(
    '/recall',
    {
      schema: {
        tags,
        summary:
          'Recall: a lot forward to batches, bins, packed orders and customers (lot), or an order back to its green lots (order)',
        querystring: recallQuery,
        response: { 200: recallReport, 404: errorReply, ...refused },
      },
    },
    (request) => reports.recall(request.query),
  );
  app.post(
    '/export',
    {
      bodyLimit: EXPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'A report as the screen shows it (its tables), written as CSV or an Excel workbook (format xls)',
        body: reportExportBody,
      },
    },
    (request, reply) => {
      const { format, file_name: fileName, sheets } = request.body;
      const stream = tableExportStream(
        format,
        sheets.map((sheet) => ({
          name: sheet.name,
          columns: sheet.columns.map((header, i) => ({
            header,
            value: (row: TableCell[]) => row[i] ?? null,
          })),
          batches: [sheet.rows],
        })),
        (err) => request.log.error({ err }, 'report export failed part way'),
      );
      return reply
        .header('content-type', exportContentType[format])
        .header('content-disposition', attachment(fileName, format))
        .send(stream);
    },
  );
};
