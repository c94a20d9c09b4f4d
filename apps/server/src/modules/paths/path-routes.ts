import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorReply,
  idParams,
  messageReply,
  pathForm,
  roastingPath,
  roastingPathBody,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { PathService } from './path-service.ts';

const tags = ['paths'];
const pathIdParams = idParams('Path');

/** The roasting paths of /admin/path: green silos -> roaster -> bin, with their workflow. */
export const pathRoutes: FastifyPluginAsyncZod<{ paths: PathService }> = async (app, { paths }) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Roasting paths, by name',
        response: { 200: z.array(roastingPath) },
      },
    },
    () => paths.list(),
  );
  app.get(
    '/form',
    {
      schema: {
        tags,
        summary:
          'What a path may name: green silos, roasters, roasted-bean bins, roasting workflows',
        response: { 200: pathForm },
      },
    },
    () => paths.form(),
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Add a roasting path',
        body: roastingPathBody,
        response: { 201: roastingPath, 409: errorReply, 422: errorReply },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await paths.create(request.body, principalOf(request))),
  );
  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edit a roasting path',
        params: pathIdParams,
        body: roastingPathBody,
        response: { 200: roastingPath, 404: errorReply, 409: errorReply, 422: errorReply },
      },
    },
    (request) => paths.update(request.params.id, request.body, principalOf(request)),
  );
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a roasting path',
        params: pathIdParams,
        response: { 200: messageReply, 404: errorReply, 409: errorReply },
      },
    },
    async (request) => {
      await paths.delete(request.params.id, principalOf(request));
      return { message: 'Path deleted' };
    },
  );
};
