import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  beanCheckBody,
  beanCheckReply,
  createDumpBody,
  dump,
  dumpButtonsBody,
  dumpIdParams,
  dumpListQuery,
  dumpNotificationBody,
  dumpTarget,
  errorReply,
  messageReply,
  runningWorkflowState,
  siloChoiceBody,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import type { WorkflowRunService } from '../workflows/workflow-run-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import type { DumpService } from './dump-service.ts';

const tags = ['dumps'];
const refused = { 404: errorReply, 409: errorReply, 422: errorReply };

export const dumpRoutes: FastifyPluginAsyncZod<{
  dumps: DumpService;
  ledger: LedgerService;
  workflows: WorkflowService;
  runs: WorkflowRunService;
}> = async (app, { dumps, ledger, workflows, runs }) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Dump requests, newest first',
        querystring: dumpListQuery,
        response: { 200: z.array(dump) },
      },
    },
    (request) => dumps.list(request.query.status),
  );
  app.get(
    '/pending',
    {
      schema: {
        tags,
        summary: 'Dump requests waiting for the operator',
        response: { 200: z.array(dump) },
      },
    },
    () => dumps.list('pending'),
  );
  app.get(
    '/popup',
    {
      schema: {
        tags,
        summary: 'Pending dump requests for a roaster (the operator popup)',
        response: { 200: z.array(dump) },
      },
    },
    async () => (await dumps.list('pending')).filter((d) => d.type === 'Roaster'),
  );
  app.get(
    '/workflows/status',
    {
      schema: {
        tags,
        summary: 'The dumping workflows and their runs',
        response: { 200: z.array(runningWorkflowState.extend({ name: z.string() })) },
      },
    },
    async () =>
      Promise.all(
        (await workflows.list('dumping')).map(async (w) => ({
          ...(await runs.status(w.id)),
          name: w.name,
        })),
      ),
  );
  app.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Request a dump (auto dump mode picks the silo)',
        body: createDumpBody,
        response: { 201: dump, ...refused },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await dumps.create(request.body, principalOf(request))),
  );
  app.post(
    '/silo/dumps',
    {
      schema: {
        tags,
        summary: 'Where a dump of this bean and weight could go',
        body: siloChoiceBody,
        response: { 200: z.array(dumpTarget), 404: errorReply },
      },
    },
    (request) => dumps.targets(request.body.bean_id, request.body.amount, request.body.type),
  );
  app.post(
    '/buttons',
    {
      schema: {
        tags,
        summary: 'The devices of a dump target type',
        body: dumpButtonsBody,
        response: { 200: z.array(dumpTarget) },
      },
    },
    (request) => dumps.devicesOf(request.body.type),
  );
  app.post(
    '/request/:id',
    {
      schema: {
        tags,
        summary: "Acknowledge a dump: its target's dumping workflow starts",
        params: dumpIdParams,
        response: { 200: dump, ...refused },
      },
    },
    (request) => dumps.acknowledge(request.params.id, principalOf(request)),
  );
  app.post(
    '/close/:id',
    {
      schema: {
        tags,
        summary: 'Close a dump request (the popup Ok)',
        params: dumpIdParams,
        response: { 200: dump, ...refused },
      },
    },
    (request) => dumps.close(request.params.id),
  );
  app.delete(
    '/delete/req/:id',
    {
      schema: {
        tags,
        summary: 'Delete a pending dump request',
        params: dumpIdParams,
        response: { 200: messageReply, ...refused },
      },
    },
    async (request) => {
      await dumps.delete(request.params.id);
      return { message: 'Dump request deleted' };
    },
  );
  const check = async (beanId: number, amount: number | undefined) => {
    const silos = (await ledger.siloContents())
      .map((s) => ({
        device_id: s.device_id,
        device_name: s.device_name,
        lbs: s.beans.find((b) => b.bean_id === beanId)?.lbs ?? 0,
      }))
      .filter((s) => s.lbs > 0);
    const available = Math.round(silos.reduce((sum, s) => sum + s.lbs * 100, 0)) / 100;
    return {
      bean_id: beanId,
      available,
      enough: amount === undefined ? available > 0 : available >= amount,
      silos,
    };
  };
  app.post(
    '/check/bean',
    {
      schema: {
        tags,
        summary: 'Which silos hold a bean, and how much',
        body: beanCheckBody,
        response: { 200: beanCheckReply },
      },
    },
    (request) => check(request.body.bean_id, undefined),
  );
  app.post(
    '/check/bean/qty',
    {
      schema: {
        tags,
        summary: 'Whether the silos hold enough of a bean',
        body: beanCheckBody,
        response: { 200: beanCheckReply },
      },
    },
    (request) => check(request.body.bean_id, request.body.amount),
  );
  app.post(
    '/create/notification',
    {
      schema: {
        tags,
        summary: 'Tell supervisors about a dump request',
        body: dumpNotificationBody,
        response: { 200: messageReply, 404: errorReply },
      },
    },
    async (request) => {
      await dumps.notify(request.body.dump_id, request.body.message, principalOf(request));
      return { message: 'Notification sent' };
    },
  );
};
