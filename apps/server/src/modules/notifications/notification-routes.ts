import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeNotifications,
  errorReply,
  messageReply,
  notification,
  notificationIdParams,
  notificationListQuery,
  notificationPage,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { NotificationService } from './notification-service.ts';

const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationService;
}> = async (app, { notifications }) => {
  app.get(
    '/active',
    {
      schema: {
        tags,
        summary: 'Unacknowledged notifications and their count (the bell)',
        response: { 200: activeNotifications },
      },
    },
    () => notifications.active(),
  );
  app.get(
    '/push/all',
    {
      schema: {
        tags,
        summary: 'Unacknowledged notifications no browser has shown yet',
        response: { 200: z.array(notification) },
      },
    },
    () => notifications.unseen(),
  );
  app.get(
    '/all',
    {
      schema: {
        tags,
        summary: 'Every notification, newest first',
        querystring: notificationListQuery,
        response: { 200: notificationPage },
      },
    },
    (request) => notifications.page(request.query.page, request.query.limit),
  );
  app.put(
    '/active/:id/',
    {
      schema: {
        tags,
        summary: 'Mark a notification as shown, so that it is not pushed again',
        params: notificationIdParams,
        response: { 200: messageReply, 404: errorReply },
      },
    },
    async (request) => {
      await notifications.markSeen(request.params.id);
      return { message: 'Notification marked as shown' };
    },
  );
  app.post(
    '/ack/:id',
    {
      schema: {
        tags,
        summary: 'Acknowledge a notification',
        params: notificationIdParams,
        response: { 200: notification, 404: errorReply },
      },
    },
    (request) => notifications.acknowledge(request.params.id, principalOf(request).id),
  );
  app.post(
    '/ack/all/notification',
    {
      schema: {
        tags,
        summary: 'Acknowledge every notification',
        response: { 200: messageReply.extend({ count: z.number().int() }) },
      },
    },
    async (request) => {
      const count = await notifications.acknowledgeAll(principalOf(request).id);
      return { message: `Acknowledged ${count} notification(s)`, count };
    },
  );
};
