import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dynamicValueForm,
  errorReply,
  runningWorkflowState,
  startWorkflowBody,
  stopWorkflowBody,
  workflowIdParams,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import { refused, tags } from './workflow-route-schemas.ts';
import type { WorkflowRunService } from './workflow-run-service.ts';

/** A workflow's run: what to ask before it starts, starting, watching, stopping and clearing it. */
export const workflowRunRoutes: FastifyPluginAsyncZod<{ runs: WorkflowRunService }> = async (
  app,
  { runs },
) => {
  app.get(
    '/workflow/:id/check',
    {
      schema: {
        tags,
        summary: 'Before start: the dynamic values to ask for (show, data)',
        params: workflowIdParams,
        response: { 200: dynamicValueForm, 404: errorReply },
      },
    },
    (request) => runs.check(request.params.id),
  );
  app.post(
    '/workflow/start',
    {
      schema: {
        tags,
        summary: 'Start a run (work_flow_id, dynamic values by step id)',
        body: startWorkflowBody,
        response: { 200: runningWorkflowState, ...refused },
      },
    },
    (request) =>
      runs.start(request.body.work_flow_id, principalOf(request).fullName, request.body.dynamic),
  );
  app.get(
    '/workflow/:id/status',
    {
      schema: {
        tags,
        summary: 'The run: running, timeline, devices, status rows',
        params: workflowIdParams,
        response: { 200: runningWorkflowState, 404: errorReply },
      },
    },
    (request) => runs.status(request.params.id),
  );
  app.post(
    '/workflow/:id/stop',
    {
      schema: {
        tags,
        summary: 'Stop the run at once',
        params: workflowIdParams,
        body: stopWorkflowBody,
        response: { 200: runningWorkflowState, ...refused },
      },
    },
    (request) => runs.stop(request.params.id, principalOf(request).fullName),
  );
  app.post(
    '/workflow/:id/resume',
    {
      schema: {
        tags,
        summary: 'Resume an interrupted run from its current step',
        params: workflowIdParams,
        response: { 200: runningWorkflowState, ...refused },
      },
    },
    (request) => runs.resume(request.params.id, principalOf(request).fullName),
  );
  app.post(
    '/workflow/:id/clear',
    {
      schema: {
        tags,
        summary: 'Forget an ended run',
        params: workflowIdParams,
        response: { 200: runningWorkflowState, ...refused },
      },
    },
    (request) => runs.clear(request.params.id),
  );
  app.post(
    '/workflow/:id/clear-reset',
    {
      schema: {
        tags,
        summary: 'Forget an ended run and write 0 to every app command it touched',
        params: workflowIdParams,
        response: { 200: runningWorkflowState, ...refused },
      },
    },
    (request) => runs.clearAndReset(request.params.id, principalOf(request).fullName),
  );
};
