import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReply,
  messageReply,
  simulatorAlarmBody,
  simulatorState,
  simulatorValueBody,
} from '@roastery/contract';
import type { SimulatorService } from './simulator-service.ts';

const tags = ['simulator'];

export const simulatorRoutes: FastifyPluginAsyncZod<{ simulator: SimulatorService }> = async (
  app,
  { simulator },
) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The simulated plant: devices, values and alarm codes',
        response: { 200: simulatorState },
      },
    },
    () => simulator.state(),
  );
  app.post(
    '/alarm',
    {
      schema: {
        tags,
        summary: 'Inject (code > 0) or clear (code 0) an alarm on a simulated device',
        body: simulatorAlarmBody,
        response: { 200: messageReply, 404: errorReply, 409: errorReply },
      },
    },
    (request) => {
      simulator.setAlarm(request.body.device_id, request.body.code);
      return {
        message: request.body.code ? `Alarm ${request.body.code} injected` : 'Alarm cleared',
      };
    },
  );
  app.post(
    '/value',
    {
      schema: {
        tags,
        summary: 'Change a simulated value as the PLC would',
        body: simulatorValueBody,
        response: { 200: messageReply, 404: errorReply, 409: errorReply, 422: errorReply },
      },
    },
    (request) => {
      simulator.setValue(request.body.device_id, request.body.label, request.body.value);
      return { message: `${request.body.label} set to ${request.body.value}` };
    },
  );
};
