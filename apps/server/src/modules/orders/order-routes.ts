import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRoastingOrderBody,
  errorReply,
  fillSiloForm,
  messageReply,
  orderForm,
  orderIdParams,
  orderListQuery,
  orderListReply,
  priorityBody,
  roastingOrder,
  roastingPeriodQuery,
  updateRoastingOrderBody,
} from '@roastery/contract';
import { sharedReplyRoute } from '../../lib/shared-reply-serializer.ts';
import { principalOf } from '../../plugins/access-control.ts';
import type { OrderService } from './order-service.ts';

const tags = ['orders'];
const refused = { 404: errorReply, 409: errorReply, 422: errorReply };

/** The roasting order calls; paths as the spec spells them (/order/{id}, /orders/toogle/{id}). */
export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderService }> = async (
  app,
  { orders },
) => {
  app.get(
    '/orders',
    {
      schema: {
        tags,
        summary:
          'Pending roasting orders: a page, the kanban of every match and the page count. `where` is JSON on an allow-list (order_id, order_customer, order_product, order_date and fulfillment_date as gte/lt); `query` searches the order number (digits) or the customer',
        querystring: orderListQuery,
        response: { 200: orderListReply },
      },
      // Requests for the same page share one reply object (OrderService.pending).
      ...sharedReplyRoute,
    },
    (request) => orders.pending(request.query),
  );
  app.get(
    '/orders/roasting',
    {
      schema: {
        tags,
        summary:
          'Roasting orders under way (paused ones too) ordered in the period: query = days back (0 all, 7, 30, 360), or from/to',
        querystring: roastingPeriodQuery,
        response: { 200: orderListReply },
      },
    },
    (request) => orders.roasting(request.query),
  );
  app.get(
    '/orders/finished',
    {
      schema: {
        tags,
        summary: 'Roasting completed: Finished, Packed and Not Processed orders, latest first',
        querystring: orderListQuery,
        response: { 200: orderListReply },
      },
    },
    (request) => orders.finished(request.query),
  );
  app.get(
    '/orders/active',
    {
      schema: {
        tags,
        summary: 'Orders being roasted now (paused ones too), for the active-recipe button',
        response: { 200: z.array(roastingOrder) },
      },
    },
    () => orders.active(),
  );
  app.get(
    '/orders/form',
    {
      schema: {
        tags,
        summary:
          'The order form: products with recipes and batch bounds, roasting workflows with their roasters (rules), destination bins (roasted rules), order-form settings',
        response: { 200: orderForm },
      },
    },
    () => orders.form(),
  );
  app.get(
    '/orders/form/fill',
    {
      schema: {
        tags,
        summary: 'The Fill WRB Silo form: products (Bean), WRB bins (Silo), roasters',
        response: { 200: fillSiloForm },
      },
    },
    () => orders.fillForm(),
  );
  app.post(
    '/orders',
    {
      schema: {
        tags,
        summary: 'Create a roasting order; its batches are planned at once',
        body: createRoastingOrderBody,
        response: { 201: roastingOrder, ...refused },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await orders.create(request.body, principalOf(request))),
  );
  app.put(
    '/orders/:id',
    {
      schema: {
        tags,
        summary: 'Update a roasting order, only until its first batch starts',
        params: orderIdParams,
        body: updateRoastingOrderBody,
        response: { 200: roastingOrder, ...refused },
      },
    },
    (request) => orders.update(request.params.id, request.body),
  );
  app.delete(
    '/order/:id',
    {
      schema: {
        tags,
        summary: 'Delete a roasting order none of whose batches has started',
        params: orderIdParams,
        response: { 200: messageReply, ...refused },
      },
    },
    (request) => orders.deleteRoasting(request.params.id),
  );
  app.post(
    '/orders/toogle/:id',
    {
      schema: {
        tags,
        summary:
          'Stop (pause: the current batch finishes, the next is held) or resume a roasting order under way',
        params: orderIdParams,
        response: { 200: roastingOrder, ...refused },
      },
    },
    (request) => orders.toggle(request.params.id),
  );
  app.post(
    '/orders/priority',
    {
      schema: {
        tags,
        summary: 'Save the roasting kanban: each priority column, top to bottom, in one step',
        body: priorityBody,
        response: { 200: messageReply, ...refused },
      },
    },
    (request) => orders.savePriority('roasting', request.body),
  );
};
