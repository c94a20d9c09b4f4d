import { principalOf } from '../../plugins/access-control.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createProductBody,
  errorReply,
  idParams,
  messageReply,
  product,
  updateProductBody,
} from '@roastery/contract';
import type { ProductService } from './product-service.ts';

const tags = ['products'];
const productIdParams = idParams('Product');

export const productRoutes: FastifyPluginAsyncZod<{ products: ProductService }> = async (
  app,
  { products },
) => {
  app.get(
    '/',
    {
      schema: { tags, summary: 'Products with their recipes', response: { 200: z.array(product) } },
    },
    () => products.list(),
  );
  app.get(
    '/recipe',
    {
      schema: {
        tags,
        summary: 'Every recipe line (product, bean, ratio)',
        response: {
          200: z.array(
            z.object({
              product_id: z.number().int(),
              product_name: z.string(),
              bean_id: z.number().int(),
              bean_name: z.string(),
              ratio: z.number(),
            }),
          ),
        },
      },
    },
    () => products.recipeLines(),
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a product with its recipe',
        body: createProductBody,
        response: { 201: product, 409: errorReply, 422: errorReply },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await products.create(request.body, principalOf(request).fullName)),
  );
  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Update a product and replace its recipe',
        params: productIdParams,
        body: updateProductBody,
        response: { 200: product, 404: errorReply, 409: errorReply, 422: errorReply },
      },
    },
    (request) => products.update(request.params.id, request.body, principalOf(request).fullName),
  );
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a product',
        params: productIdParams,
        response: { 200: messageReply, 404: errorReply, 409: errorReply },
      },
    },
    async (request) => {
      await products.delete(request.params.id, principalOf(request).fullName);
      return { message: 'Product deleted' };
    },
  );
};
