import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
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
  roastConsistencyReport,
  shrinkageReport,
  summaryReport,
} from '@roastery/contract';
import { validatorCompiler } from '../../plugins/request-validation.ts';
import { ExportBody, exportBodyParser } from './export-body.ts';
import { ReportExportPool } from './report-export-pool.ts';
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
        description:
          "Per line that ended a batch in the period. Availability = run time / (run + fault time); idle time (no batch) is shown, counted only up to now. Performance = lbs handled / (ideal rate x run time of the batches that moved beans), at most 100 %; the ideal rate comes from the equipment: a roaster's batch capacity over its ideal cycle, the rated rate of the packer a packing workflow drives. Without one, performance and ideal_lbs_per_hour are null and OEE is Availability x Quality. Quality = batches that finished and moved beans / batches ended; a failed or empty run counts against it.",
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
    '/roast_consistency',
    {
      schema: {
        tags,
        summary:
          'Roast consistency per product and roaster: drop temperature, first crack, development, loss and colour, with their spread and each roast',
        description:
          "The roast records charged in the period, grouped by the product of the order batch each roast was and by roaster; a roast no order ran counts under its roaster with product null. Per figure: n (the roasts that have it), mean, sample standard deviation (n - 1; null below two roasts), min and max, to the hundredth. Drop: BT at the roaster's drop, °F. First crack: seconds after charge. Development: first crack to drop, in percent of charge to drop; null without first crack. Loss: green in less roasted out, in percent of green, as the roaster's scale weighed them. Colour: the bean colour meter at drop. Each roast is listed, oldest first, for a chart per batch.",
        querystring: reportPeriodQuery,
        response: { 200: roastConsistencyReport, ...refused },
      },
    },
    (request) => reports.roastConsistency(request.query),
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
  const exports = new ReportExportPool();
  app.addHook('onClose', () => exports.close());
  // The body reaches the handler as bytes and goes to a worker thread, which parses, checks,
  // validates and writes it: done here, a 21 MB body held the event loop for up to a second.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', exportBodyParser(EXPORT_BODY_LIMIT));
    // The worker validates the bytes; a body of another type is validated here, as before.
    scope.setValidatorCompiler<ZodType>((route) => {
      const validate = validatorCompiler(route);
      return (data) => (data instanceof ExportBody ? { value: data } : validate(data));
    });
    scope.post(
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
      async (request, reply) => {
        // The schema above is the contract (and the API's documentation); the value is its bytes.
        const body = request.body as unknown as ExportBody;
        const { contentType, disposition, stream } = await exports.start(body);
        stream.on('error', (err) => request.log.error({ err }, 'report export failed part way'));
        return reply
          .header('content-type', contentType)
          .header('content-disposition', disposition)
          .send(stream);
      },
    );
  });
};
