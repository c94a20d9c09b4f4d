import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alarmAckLink,
  alarmAckToken,
  alarmDeliveryList,
  alarmDeliverySettings,
  alarmDeliverySettingsBody,
  errorReply,
  notification,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { AlarmDeliveryService } from './alarm-delivery-service.ts';

const tags = ['alarm-delivery'];

/** The administrator's settings and the outbox. */
export const alarmDeliveryAdminRoutes: FastifyPluginAsyncZod<{
  alarmDelivery: AlarmDeliveryService;
}> = async (app, { alarmDelivery }) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The SMTP server and the alarm pipelines (secrets only as whether they are set)',
        response: { 200: alarmDeliverySettings },
      },
    },
    () => alarmDelivery.settings(),
  );
  app.put(
    '/',
    {
      schema: {
        tags,
        summary: 'Save the SMTP server and the alarm pipelines (secrets left out stay)',
        body: alarmDeliverySettingsBody,
        response: { 200: alarmDeliverySettings, 400: errorReply, 422: errorReply },
      },
    },
    (request) => alarmDelivery.save(request.body, principalOf(request).fullName),
  );
  app.get(
    '/deliveries',
    {
      schema: {
        tags,
        summary: 'The latest alarm messages: due, sent, skipped (and why) or given up',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: alarmDeliveryList },
      },
    },
    (request) => alarmDelivery.deliveries(request.query.limit),
  );
};

/** The links in the messages: public, each protected by its signed single-use token. */
export const alarmAckRoutes: FastifyPluginAsyncZod<{
  alarmDelivery: AlarmDeliveryService;
}> = async (app, { alarmDelivery }) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'What an acknowledgement link acknowledges, and as whom',
        querystring: alarmAckToken,
        response: { 200: alarmAckLink, 400: errorReply, 410: errorReply },
      },
    },
    (request) => alarmDelivery.link(request.query.token),
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Acknowledge the alarm as the person the link was sent to (once)',
        body: alarmAckToken,
        response: { 200: notification, 400: errorReply, 404: errorReply, 410: errorReply },
      },
    },
    (request) => alarmDelivery.acknowledgeByLink(request.body.token, request.ip),
  );
};
