import { principalOf } from '../../plugins/access-control.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bean, errorReply, idParams, saveBeanBody } from '@roastery/contract';
import type { BeanService } from './bean-service.ts';

const tags = ['beans'];

export const beanRoutes: FastifyPluginAsyncZod<{ beans: BeanService }> = async (app, { beans }) => {
  app.get(
    '/',
    { schema: { tags, summary: 'Beans with their bins', response: { 200: z.array(bean) } } },
    () => beans.list(),
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Add a bean',
        body: saveBeanBody,
        response: { 201: bean, 409: errorReply, 422: errorReply },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await beans.create(request.body, principalOf(request).fullName)),
  );
  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Update a bean',
        params: idParams('Bean'),
        body: saveBeanBody,
        response: { 200: bean, 404: errorReply, 409: errorReply, 422: errorReply },
      },
    },
    (request) => beans.update(request.params.id, request.body, principalOf(request).fullName),
  );
};
