import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStepBody,
  createWorkflowBody,
  deviceSortBody,
  deviceSummary,
  diagram,
  dynamicValueForm,
  errorReply,
  idParams,
  importStepsBody,
  int32FromText,
  messageReply,
  runningWorkflowState,
  saveFlowBody,
  sortStepsBody,
  startWorkflowBody,
  stopWorkflowBody,
  updateStepBody,
  workflow,
  workflowIdParams,
  workflowListEntry,
  workflowListQuery,
  workflowProductBody,
  workflowProductEntry,
  workflowSettingBody,
  workflowStep,
  workflowTriggerBody,
  workflowTriggerEntry,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { DeviceService } from '../devices/device-service.ts';
import type { WorkflowRunService } from './workflow-run-service.ts';
import type { WorkflowService } from './workflow-service.ts';

const tags = ['workflows'];
const refused = { 404: errorReply, 409: errorReply, 422: errorReply };
const stepsQuery = z.strictObject({ id: int32FromText().positive() });

/** The spec's /diagram paths, and REST paths under /workflow for what it names by purpose. */
export const workflowRoutes: FastifyPluginAsyncZod<{
  workflows: WorkflowService;
  runs: WorkflowRunService;
  devices: DeviceService;
}> = async (app, { workflows, runs, devices }) => {
  app.get(
    '/diagram/new/flow/list',
    {
      schema: {
        tags,
        summary: 'Workflows, filtered by type (s) and name (q)',
        querystring: workflowListQuery,
        response: { 200: z.array(workflowListEntry) },
      },
    },
    (request) => workflows.list(request.query.s, request.query.q),
  );
  app.post(
    '/diagram/create',
    {
      schema: {
        tags,
        summary: 'Create a workflow',
        body: createWorkflowBody,
        response: { 201: workflow, ...refused },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await workflows.create(
            request.body.name,
            request.body.type,
            principalOf(request).fullName,
          ),
        ),
  );
  app.delete(
    '/diagram/:id',
    {
      schema: {
        tags,
        summary: 'Delete a workflow',
        params: workflowIdParams,
        response: { 200: messageReply, ...refused },
      },
    },
    async (request) => {
      await workflows.delete(request.params.id, principalOf(request).fullName);
      return { message: 'Workflow deleted' };
    },
  );
  app.get(
    '/diagram/flow/:id',
    {
      schema: {
        tags,
        summary: "A workflow's diagram (elements and connections)",
        params: workflowIdParams,
        response: { 200: diagram, 404: errorReply },
      },
    },
    (request) => workflows.diagram(request.params.id),
  );
  app.get(
    '/diagram/load/:id',
    {
      schema: {
        tags,
        summary: 'The diagram of a workflow to import into another',
        params: workflowIdParams,
        response: { 200: diagram, 404: errorReply },
      },
    },
    (request) => workflows.diagram(request.params.id),
  );
  app.post(
    '/diagram/c/update',
    {
      schema: {
        tags,
        summary: 'Save a diagram (nodes, edges, id); 409 when saved by someone else since',
        body: saveFlowBody,
        response: { 200: diagram, ...refused },
      },
    },
    (request) =>
      workflows.saveDiagram(
        request.body.id,
        request.body.nodes,
        request.body.edges,
        request.body.revision,
        principalOf(request).fullName,
      ),
  );
  app.get(
    '/diagram/edge',
    {
      schema: {
        tags,
        summary: 'Every device with its live state, for the designer toolbar',
        response: { 200: z.array(deviceSummary) },
      },
    },
    () => devices.list(),
  );
  app.get(
    '/diagram/rules',
    {
      schema: {
        tags,
        summary: "A workflow's steps, in order",
        querystring: stepsQuery,
        response: { 200: z.array(workflowStep), 404: errorReply },
      },
    },
    async (request) => (await workflows.get(request.query.id)).steps,
  );
  app.post(
    '/diagram/rules',
    {
      schema: {
        tags,
        summary: 'Add a step; the workflow is checked against the plant',
        body: createStepBody,
        response: { 201: workflowStep, ...refused },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await workflows.createStep(request.body, principalOf(request).fullName)),
  );

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
  app.get(
    '/workflow/:id/products',
    {
      schema: {
        tags,
        summary: 'Products that use this workflow',
        params: workflowIdParams,
        response: { 200: z.array(workflowProductEntry), 404: errorReply },
      },
    },
    (request) => workflows.products(request.params.id),
  );
  app.post(
    '/workflow/products',
    {
      schema: {
        tags,
        summary: 'Link a product to a workflow',
        body: workflowProductBody,
        response: { 200: z.array(workflowProductEntry), ...refused },
      },
    },
    (request) =>
      workflows.addProduct(
        request.body.workflow_id,
        request.body.product_id,
        principalOf(request).fullName,
      ),
  );
  app.delete(
    '/workflow/products/:id',
    {
      schema: {
        tags,
        summary: 'Unlink a product',
        params: idParams('Product link'),
        response: { 200: messageReply, 404: errorReply },
      },
    },
    async (request) => {
      await workflows.deleteProduct(request.params.id, principalOf(request).fullName);
      return { message: 'Product removed from the workflow' };
    },
  );
  app.get(
    '/workflow/:id/triggers',
    {
      schema: {
        tags,
        summary: 'What starts this workflow',
        params: workflowIdParams,
        response: { 200: z.array(workflowTriggerEntry), 404: errorReply },
      },
    },
    (request) => workflows.triggerList(request.params.id),
  );
  app.post(
    '/workflow/triggers',
    {
      schema: {
        tags,
        summary: 'Start a workflow when its parent finishes, or on a plant event',
        body: workflowTriggerBody,
        response: { 200: z.array(workflowTriggerEntry), ...refused },
      },
    },
    (request) =>
      workflows.addTrigger(
        request.body.workflow_id,
        request.body.when,
        request.body.parent_id,
        principalOf(request).fullName,
      ),
  );
  app.delete(
    '/workflow/triggers/:id',
    {
      schema: {
        tags,
        summary: 'Delete a trigger',
        params: idParams('Trigger'),
        response: { 200: messageReply, 404: errorReply },
      },
    },
    async (request) => {
      await workflows.deleteTrigger(request.params.id, principalOf(request).fullName);
      return { message: 'Trigger deleted' };
    },
  );

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
