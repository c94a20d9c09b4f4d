import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeviceService } from '../devices/device-service.ts';
import { diagramRoutes } from './diagram-routes.ts';
import { workflowLinkRoutes } from './workflow-link-routes.ts';
import { workflowRunRoutes } from './workflow-run-routes.ts';
import type { WorkflowRunService } from './workflow-run-service.ts';
import type { WorkflowService } from './workflow-service.ts';
import { workflowStepRoutes } from './workflow-step-routes.ts';

/** The spec's /diagram paths, and REST paths under /workflow for what it names by purpose. */
export const workflowRoutes: FastifyPluginAsyncZod<{
  workflows: WorkflowService;
  runs: WorkflowRunService;
  devices: DeviceService;
}> = async (app, { workflows, runs, devices }) => {
  await app.register(diagramRoutes, { workflows, devices });
  await app.register(workflowStepRoutes, { workflows });
  await app.register(workflowLinkRoutes, { workflows });
  await app.register(workflowRunRoutes, { runs });
};
