import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorReply,
  idParams,
  messageReply,
  workflowIdParams,
  workflowProductBody,
  workflowProductEntry,
  workflowTriggerBody,
  workflowTriggerEntry,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import { refused, tags } from './workflow-route-schemas.ts';
import type { WorkflowService } from './workflow-service.ts';

/** What a workflow is linked to: the products that use it and what starts it. */
export const workflowLinkRoutes: FastifyPluginAsyncZod<{ workflows: WorkflowService }> = async (
  app,
  { workflows },
) => {
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
};
