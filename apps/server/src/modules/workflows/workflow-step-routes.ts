import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceSortBody,
  errorReply,
  idParams,
  importStepsBody,
  messageReply,
  sortStepsBody,
  updateStepBody,
  workflow,
  workflowIdParams,
  workflowSettingBody,
  workflowStep,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import { refused, tags } from './workflow-route-schemas.ts';
import type { WorkflowService } from './workflow-service.ts';

/** A workflow under /workflow: its settings, its steps and their order, its devices' order. */
export const workflowStepRoutes: FastifyPluginAsyncZod<{ workflows: WorkflowService }> = async (
  app,
  { workflows },
) => {
  app.get(
    '/workflow/:id',
    {
      schema: {
        tags,
        summary: 'A workflow with its steps and settings',
        params: workflowIdParams,
        response: { 200: workflow, 404: errorReply },
      },
    },
    (request) => workflows.get(request.params.id),
  );
  app.put(
    '/workflow/:id/settings',
    {
      schema: {
        tags,
        summary: 'Change a workflow setting (type, value)',
        params: workflowIdParams,
        body: workflowSettingBody,
        response: { 200: workflow, 404: errorReply },
      },
    },
    (request) =>
      workflows.updateSetting(
        request.params.id,
        request.body.type,
        request.body.value,
        principalOf(request).fullName,
      ),
  );
  app.put(
    '/workflow/step',
    {
      schema: {
        tags,
        summary: 'Update a step (id, logic)',
        body: updateStepBody,
        response: { 200: workflowStep, ...refused },
      },
    },
    (request) =>
      workflows.updateStep(request.body.id, request.body.logic, principalOf(request).fullName),
  );
  app.delete(
    '/workflow/step/:id',
    {
      schema: {
        tags,
        summary: 'Delete a step',
        params: idParams('Step'),
        response: { 200: messageReply, 404: errorReply },
      },
    },
    async (request) => {
      await workflows.deleteStep(request.params.id, principalOf(request).fullName);
      return { message: 'Step deleted' };
    },
  );
  app.post(
    '/workflow/:id/sort',
    {
      schema: {
        tags,
        summary: 'Save the order of the steps',
        params: workflowIdParams,
        body: sortStepsBody,
        response: { 200: z.array(workflowStep), ...refused },
      },
    },
    (request) =>
      workflows.sortSteps(request.params.id, request.body.logics, principalOf(request).fullName),
  );
  app.post(
    '/workflow/steps/import',
    {
      schema: {
        tags,
        summary: "Replace a workflow's steps with another's (from_id, to_id)",
        body: importStepsBody,
        response: { 200: messageReply.extend({ count: z.number().int() }), ...refused },
      },
    },
    async (request) => {
      const count = await workflows.importSteps(
        request.body.from_id,
        request.body.to_id,
        principalOf(request).fullName,
      );
      return { message: `Imported ${count} step(s)`, count };
    },
  );
  const sortEntry = z.object({ device_id: z.string(), sort_no: z.number().int() });
  app.get(
    '/workflow/:id/device-sort',
    {
      schema: {
        tags,
        summary: 'The order of devices on the run screen',
        params: workflowIdParams,
        response: { 200: z.array(sortEntry), 404: errorReply },
      },
    },
    (request) => workflows.deviceSort(request.params.id),
  );
  app.post(
    '/workflow/:id/device-sort',
    {
      schema: {
        tags,
        summary: 'Save the order of devices',
        params: workflowIdParams,
        body: deviceSortBody,
        response: { 200: z.array(sortEntry), 404: errorReply },
      },
    },
    (request) =>
      workflows.saveDeviceSort(request.params.id, request.body, principalOf(request).fullName),
  );
};
