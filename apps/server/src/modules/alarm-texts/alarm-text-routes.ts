import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alarmMessageBody,
  alarmText,
  createAlarmTextBody,
  deviceCodeParams,
  errorReply,
  idParams,
  importAlarmTextsBody,
  messageReply,
  updateAlarmTextBody,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { AlarmTextService } from './alarm-text-service.ts';

const tags = ['alarm texts'];
const alarmTextIdParams = idParams('Alarm text');

export const alarmTextRoutes: FastifyPluginAsyncZod<{ alarmTexts: AlarmTextService }> = async (
  app,
  { alarmTexts },
) => {
  app.get(
    '/device/:id',
    {
      schema: {
        tags,
        summary: "A device's alarm texts (Alarm ID and Alarm Text)",
        params: deviceCodeParams,
        response: { 200: z.array(alarmText), 404: errorReply },
      },
    },
    (request) => alarmTexts.list(request.params.id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Add an alarm text to a device',
        body: createAlarmTextBody,
        response: { 201: alarmText, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await alarmTexts.create(
            request.body.device_id,
            request.body.index,
            request.body.message,
            principalOf(request).fullName,
          ),
        ),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Change an alarm text',
        params: alarmTextIdParams,
        body: updateAlarmTextBody,
        response: { 200: alarmText, 404: errorReply, 409: errorReply },
      },
    },
    (request) =>
      alarmTexts.update(
        request.params.id,
        request.body.index,
        request.body.message,
        principalOf(request).fullName,
      ),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete an alarm text',
        params: alarmTextIdParams,
        response: { 200: messageReply, 404: errorReply },
      },
    },
    async (request) => {
      await alarmTexts.delete(request.params.id, principalOf(request).fullName);
      return { message: 'Alarm text deleted' };
    },
  );

  app.post(
    '/import',
    {
      schema: {
        tags,
        summary: "Replace a device's alarm texts with another device's",
        body: importAlarmTextsBody,
        response: { 200: messageReply.extend({ count: z.number().int() }), 404: errorReply },
      },
    },
    async (request) => {
      const count = await alarmTexts.import(
        request.body.from_device_id,
        request.body.to_device_id,
        principalOf(request).fullName,
      );
      return { message: `Imported ${count} alarm text(s)`, count };
    },
  );

  app.post(
    '/message',
    {
      schema: {
        tags,
        summary: 'Send an alarm message for a device (raises an alarm notification)',
        body: alarmMessageBody,
        response: { 200: messageReply, 404: errorReply },
      },
    },
    async (request) => {
      await alarmTexts.sendMessage(
        request.body.device_id,
        request.body.message,
        principalOf(request).fullName,
      );
      return { message: 'Alarm message sent' };
    },
  );
};
