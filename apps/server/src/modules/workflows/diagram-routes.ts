import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStepBody,
  createWorkflowBody,
  deviceSummary,
  diagram,
  errorReply,
  int32FromText,
  messageReply,
  saveFlowBody,
  workflow,
  workflowIdParams,
  workflowListEntry,
  workflowListQuery,
  workflowStep,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { DeviceService } from '../devices/device-service.ts';
import { refused, tags } from './workflow-route-schemas.ts';
import type { WorkflowService } from './workflow-service.ts';

const stepsQuery = z.strictObject({ id: int32FromText().positive() });

/** The spec's /diagram paths: the designer's list, diagrams, toolbar devices and steps. */
export const diagramRoutes: FastifyPluginAsyncZod<{
  workflows: WorkflowService;
  devices: DeviceService;
}> = async (app, { workflows, devices }) => {
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
};
