import { principalOf } from '../../plugins/access-control.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commandList,
  deviceCodeParams,
  deviceCommandsReply,
  deviceTypeCommands,
  errorReply,
  messageReply,
  saveTypeCommandsBody,
  typeCommandParams,
} from '@roastery/contract';
import type { CommandService } from './command-service.ts';

const tags = ['commands'];

export const commandRoutes: FastifyPluginAsyncZod<{ commands: CommandService }> = async (
  app,
  { commands },
) => {
  app.get(
    '/',
    { schema: { tags, summary: 'All binary and input commands', response: { 200: commandList } } },
    () => commands.list(),
  );

  app.get(
    '/types',
    {
      schema: {
        tags,
        summary: 'Device types with their app and plc commands',
        response: { 200: z.array(deviceTypeCommands) },
      },
    },
    () => commands.types(),
  );

  app.get(
    '/type/:id/:kind',
    {
      schema: {
        tags,
        summary: "A device type's app and plc commands of one kind",
        params: typeCommandParams,
        response: {
          200: z.object({ app: z.array(z.number()), plc: z.array(z.number()) }),
          404: errorReply,
        },
      },
    },
    (request) => commands.typeCommands(request.params.id, request.params.kind),
  );

  app.post(
    '/type/:id/:kind',
    {
      schema: {
        tags,
        summary: "Save a device type's app and plc commands of one kind (comma-joined ids)",
        params: typeCommandParams,
        body: saveTypeCommandsBody,
        response: { 200: messageReply, 404: errorReply, 422: errorReply },
      },
    },
    async (request) => {
      await commands.saveTypeCommands(
        request.params.id,
        request.params.kind,
        { app: request.body.app, plc: request.body.plc },
        principalOf(request).fullName,
      );
      return { message: 'Command Executed Successfully' };
    },
  );

  app.get(
    '/flow/:id',
    {
      schema: {
        tags,
        summary: "A device's commands, for workflow steps",
        params: deviceCodeParams,
        response: { 200: deviceCommandsReply, 404: errorReply },
      },
    },
    (request) => commands.ofDevice(request.params.id),
  );
};
