import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  continueOrderBody,
  dashboardOverview,
  dump,
  dumpError,
  dumpErrorBody,
  dumpReminderBody,
  errorReply,
  messageReply,
  siloPrompt,
  siloStat,
  singleSiloBody,
  substituteBody,
  systemStatus,
  transfer,
  waitingDevice,
  waitingDump,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { DumpService } from '../dumps/dump-service.ts';
import type { TransferService } from '../transfers/transfer-service.ts';
import type { DashboardService } from './dashboard-service.ts';

const tags = ['dashboard'];
const refused = { 404: errorReply, 409: errorReply, 422: errorReply, 503: errorReply };

export const dashboardRoutes: FastifyPluginAsyncZod<{
  dashboard: DashboardService;
  dumps: DumpService;
  transfers: TransferService;
}> = async (app, { dashboard, dumps, transfers }) => {
  app.get(
    '/v2',
    {
      schema: {
        tags,
        summary:
          'The plant dashboard: stage tiles, the orders under way with their flows, the silos, waiting devices',
        response: { 200: dashboardOverview },
      },
    },
    () => dashboard.overview(),
  );
  app.get(
    '/system_status',
    {
      schema: {
        tags,
        summary:
          'The system-info drawer: roasting orders with the timeline of their batch, roasters, inactive devices',
        response: { 200: systemStatus },
      },
    },
    () => dashboard.systemStatus(),
  );
  app.get(
    '/bean',
    {
      schema: {
        tags,
        summary: 'Silo Bins Occupancy: book weight, PLC level and fill of every silo and bin',
        response: { 200: z.array(siloStat) },
      },
    },
    () => dashboard.silos(),
  );
  app.get(
    '/popup/single-silo',
    {
      schema: {
        tags,
        summary: 'Transfers whose source ran empty: the empty-silo and substitute-silo prompts',
        response: { 200: z.array(siloPrompt) },
      },
    },
    () => transfers.prompts(),
  );
  app.post(
    '/popup/single-silo',
    {
      schema: {
        tags,
        summary: 'Answer an empty-silo prompt: bag off (end with what moved) or continue waiting',
        body: singleSiloBody,
        response: { 200: transfer, ...refused },
      },
    },
    (request) =>
      request.body.type === 'bagoff'
        ? transfers.bagOff(request.body.transfer_id, principalOf(request))
        : transfers.keepWaiting(request.body.transfer_id),
  );
  app.post(
    '/bean/device',
    {
      schema: {
        tags,
        summary: 'Choose the substitute silo bin of a transfer whose source ran empty',
        body: substituteBody,
        response: { 200: siloPrompt, ...refused },
      },
    },
    (request) => transfers.chooseSubstitute(request.body.transfer_id, request.body.device_id),
  );
  app.post(
    '/continue-order',
    {
      schema: {
        tags,
        summary: 'Carry on from the chosen substitute: the rest moves from it at once',
        body: continueOrderBody,
        response: { 200: transfer, ...refused },
      },
    },
    (request) => transfers.continueFromSubstitute(request.body.transfer_id, principalOf(request)),
  );
  app.get(
    '/dump_popup',
    {
      schema: {
        tags,
        summary: 'Dump requests still waiting at the station (shown 60 s after first seen)',
        response: { 200: z.array(waitingDump) },
      },
    },
    () => dumps.waiting(),
  );
  app.post(
    '/dump_popup',
    {
      schema: {
        tags,
        summary: 'Remind the operators of a waiting dump request',
        body: dumpReminderBody,
        response: { 200: messageReply, ...refused },
      },
    },
    async (request) => {
      await dumps.remind(request.body.dump_id, principalOf(request));
      return { message: 'The operators were reminded' };
    },
  );
  app.get(
    '/dump_popup/error',
    {
      schema: {
        tags,
        summary: 'Dumps whose workflow did not finish, with what reached the silo',
        response: { 200: z.array(dumpError) },
      },
    },
    () => dumps.errors(),
  );
  app.post(
    '/dump_popup/error',
    {
      schema: {
        tags,
        summary: 'Answer a dump error: N new dump for the rest, B bag off the rest, C run it again',
        body: dumpErrorBody,
        response: { 200: dump, ...refused },
      },
    },
    (request) => dumps.resolveError(request.body.dump_id, request.body.type, principalOf(request)),
  );
};

/** GET /flow/waiting/devices: the devices active runs are waiting on (the Waiting Devices drawer). */
export const waitingDeviceRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/waiting/devices',
    {
      schema: {
        tags,
        summary: 'Devices an active run waits on: the run, the condition and since when',
        response: { 200: z.array(waitingDevice) },
      },
    },
    () => dashboard.waitingDevices(),
  );
};
