import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockBody,
  commandToggleBody,
  commandToggleParams,
  createDeviceBody,
  deviceBlock,
  deviceCodeParams,
  deviceDetail,
  deviceDetailQuery,
  deviceEventBody,
  deviceFormData,
  deviceSummary,
  deviceTagView,
  deviceType,
  devicesByTypeQuery,
  errorReply,
  messageReply,
  occupancyBody,
  saveDeviceTagsBody,
  updateDeviceBody,
  writeReply,
} from '@roastery/contract';
import { compiledSerializer } from '../../lib/compiled-serializer.ts';
import { principalOf } from '../../plugins/access-control.ts';
import type { DeviceService } from './device-service.ts';

const tags = ['devices'];
const refused = { 404: errorReply, 409: errorReply, 422: errorReply, 503: errorReply };

/** Spec paths: /device..., /devices, /command/toogle/{id}, /settings/device/block. */
export const deviceRoutes: FastifyPluginAsyncZod<{ devices: DeviceService }> = async (
  app,
  { devices },
) => {
  app.get(
    '/device',
    {
      schema: {
        tags,
        summary: 'Every device with its live state',
        response: { 200: z.array(deviceSummary) },
      },
    },
    () => devices.list(),
  );
  app.get(
    '/devices',
    {
      schema: {
        tags,
        summary: 'Devices, optionally of one type',
        querystring: devicesByTypeQuery,
        response: { 200: z.array(deviceSummary) },
      },
    },
    (request) =>
      devices.list(request.query.type === undefined ? {} : { typeId: request.query.type }),
  );
  app.get(
    '/device/bin',
    {
      schema: {
        tags,
        summary: 'Silos and bins with their occupancy',
        response: { 200: z.array(deviceSummary) },
      },
    },
    () => devices.bins(),
  );
  app.get(
    '/device/types',
    { schema: { tags, summary: 'Device types', response: { 200: z.array(deviceType) } } },
    () => devices.types(),
  );
  app.get(
    '/device/add',
    {
      schema: {
        tags,
        summary: 'What the add-device form offers',
        response: { 200: deviceFormData },
      },
    },
    () => devices.formData(),
  );
  app.get(
    '/device/detail',
    {
      schema: {
        tags,
        summary: 'Device detail: mode, commands with PLC feedback, blocks, alarm, graph',
        querystring: deviceDetailQuery,
        response: { 200: deviceDetail, 404: errorReply },
      },
    },
    (request) => devices.detail(request.query.id),
  );
  app.get(
    '/device/popup/:id',
    {
      schema: {
        tags,
        summary: 'Device detail for the dashboard popup',
        params: deviceCodeParams,
        response: { 200: deviceDetail, 404: errorReply },
      },
    },
    (request) => devices.detail(request.params.id),
  );
  app.get(
    '/device/info/:id',
    {
      schema: {
        tags,
        summary: 'Device information',
        params: deviceCodeParams,
        response: { 200: deviceSummary, 404: errorReply },
      },
      serializerCompiler: compiledSerializer,
    },
    (request) => devices.summary(request.params.id),
  );
  app.post(
    '/device/create',
    {
      schema: {
        tags,
        summary: 'Add a device; it gets PLC addresses for its type',
        body: createDeviceBody,
        response: { 201: deviceDetail, ...refused },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await devices.create(request.body, principalOf(request).fullName)),
  );
  app.put(
    '/device/:id',
    {
      schema: {
        tags,
        summary: 'Update a device',
        params: deviceCodeParams,
        body: updateDeviceBody,
        response: { 200: deviceDetail, ...refused },
      },
    },
    (request) => devices.update(request.params.id, request.body, principalOf(request).fullName),
  );
  app.delete(
    '/device/:id',
    {
      schema: {
        tags,
        summary: 'Delete a device',
        params: deviceCodeParams,
        response: { 200: messageReply, ...refused },
      },
    },
    async (request) => {
      await devices.delete(request.params.id, principalOf(request).fullName);
      return { message: 'Device deleted' };
    },
  );
  app.get(
    '/device/tags/:id',
    {
      schema: {
        tags,
        summary: "A device's PLC tags (its part of the address map)",
        params: deviceCodeParams,
        response: { 200: z.array(deviceTagView), 404: errorReply },
      },
    },
    (request) => devices.tags(request.params.id),
  );
  app.put(
    '/device/tags/:id',
    {
      schema: {
        tags,
        summary: "Replace a device's PLC tags; the whole map is checked and the gateway reloads",
        params: deviceCodeParams,
        body: saveDeviceTagsBody,
        response: { 200: z.array(deviceTagView), ...refused },
      },
    },
    (request) =>
      devices.saveTags(request.params.id, request.body.tags, principalOf(request).fullName),
  );
  app.put(
    '/device/mode/:id',
    {
      schema: {
        tags,
        summary: 'Switch Auto/Manual; pending until the PLC confirms (isSwitched)',
        params: deviceCodeParams,
        response: { 202: writeReply, ...refused },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await devices.toggleMode(request.params.id, principalOf(request))),
  );
  app.post(
    '/device/event',
    {
      schema: {
        tags,
        summary: 'Send an input command value (Manual mode, or a speed in any mode)',
        body: deviceEventBody,
        response: { 202: writeReply, ...refused },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await devices.writeCommand(
            request.body.device_id,
            'input',
            request.body.command_id,
            request.body.value,
            principalOf(request),
          ),
        ),
  );
  app.put(
    '/command/toogle/:id',
    {
      schema: {
        tags,
        summary: 'Toggle (or set) a binary command of a device in Manual mode',
        params: commandToggleParams,
        body: commandToggleBody,
        response: { 202: writeReply, ...refused },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await devices.writeCommand(
            request.body.device_id,
            'binary',
            request.params.id,
            request.body.value,
            principalOf(request),
          ),
        ),
  );
  app.post(
    '/device/update/occupancy',
    {
      schema: {
        tags,
        summary: "Set a silo's or bin's occupancy by hand",
        body: occupancyBody,
        response: { 200: deviceSummary, ...refused },
      },
    },
    (request) =>
      devices.setOccupancy(request.body.device_id, request.body.occupancy, principalOf(request)),
  );
  app.post(
    '/settings/device/block',
    {
      schema: {
        tags,
        summary: 'Set a yes/no block switch of a device',
        body: blockBody,
        response: { 200: z.array(deviceBlock), ...refused },
      },
    },
    (request) =>
      devices.setBlock(
        request.body.device_id,
        request.body.block,
        request.body.value,
        principalOf(request),
      ),
  );
};
