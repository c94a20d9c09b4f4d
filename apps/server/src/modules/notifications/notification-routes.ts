import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeNotifications,
  alarmFlood,
  alarmSettings,
  alarmSourceBody,
  alarmSource,
  alarmSourceOutOfService,
  alarmTransition,
  errorReply,
  messageReply,
  notification,
  notificationIdParams,
  notificationListQuery,
  notificationPage,
  removeAlarmSourceBody,
  shelveAlarmBody,
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
        summary: 'Every notification, newest first; `state` keeps those in one alarm state',
        querystring: notificationListQuery,
        response: { 200: notificationPage },
      },
    },
    (request) => notifications.page(request.query.page, request.query.limit, request.query.state),
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
  app.post(
    '/shelve/:id',
    {
      schema: {
        tags,
        summary: 'Shelve an alarm for some minutes, with a reason; it returns by itself at the end',
        params: notificationIdParams,
        body: shelveAlarmBody,
        response: { 200: notification, 404: errorReply, 409: errorReply, 422: errorReply },
      },
    },
    (request) => notifications.shelve(request.params.id, request.body, principalOf(request).id),
  );
  app.post(
    '/unshelve/:id',
    {
      schema: {
        tags,
        summary: 'End the shelve of an alarm now',
        params: notificationIdParams,
        response: { 200: notification, 404: errorReply, 409: errorReply },
      },
    },
    (request) => notifications.unshelve(request.params.id, principalOf(request).id),
  );
  app.get(
    '/history/:id',
    {
      schema: {
        tags,
        summary: "An alarm's state transitions, oldest first",
        params: notificationIdParams,
        response: { 200: z.array(alarmTransition), 404: errorReply },
      },
    },
    (request) => notifications.history(request.params.id),
  );
  app.get(
    '/flood',
    {
      schema: {
        tags,
        summary: 'Whether alarms flood in: more than 10 raised within 10 minutes',
        response: { 200: alarmFlood },
      },
    },
    () => notifications.flood(),
  );
  app.get(
    '/settings',
    {
      schema: { tags, summary: 'The limits of alarm handling', response: { 200: alarmSettings } },
    },
    () => ({ maxShelveMinutes: notifications.maxShelveMinutes }),
  );
  app.get(
    '/sources',
    {
      schema: {
        tags,
        summary:
          "Alarm sources that may be taken out of service, alarmed or not: every device's and the console's own",
        response: { 200: z.array(alarmSource) },
      },
    },
    () => notifications.sources(),
  );
  app.get(
    '/out-of-service',
    {
      schema: {
        tags,
        summary: 'Alarm sources out of service',
        response: { 200: z.array(alarmSourceOutOfService) },
      },
    },
    () => notifications.outOfService(),
  );
  app.post(
    '/out-of-service',
    {
      schema: {
        tags,
        summary:
          'Take an alarm source out of service, alarmed or not (GET /sources lists them): its alarms are recorded, not annunciated',
        body: removeAlarmSourceBody,
        response: {
          200: messageReply.extend({ count: z.number().int() }),
          404: errorReply,
          409: errorReply,
        },
      },
    },
    async (request) => {
      const count = await notifications.removeFromService(request.body, principalOf(request).id);
      return { message: 'Alarm source taken out of service', count };
    },
  );
  app.post(
    '/return-to-service',
    {
      schema: {
        tags,
        summary: 'Return an alarm source to service',
        body: alarmSourceBody,
        response: { 200: messageReply.extend({ count: z.number().int() }), 404: errorReply },
      },
    },
    async (request) => {
      const count = await notifications.returnToService(
        request.body.source,
        principalOf(request).id,
      );
      return { message: 'Alarm source returned to service', count };
    },
  );
};
