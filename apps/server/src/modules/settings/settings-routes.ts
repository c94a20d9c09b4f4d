import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReply, setting, settingRefParams, updateSettingBody } from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { SettingsService } from './settings-service.ts';

const tags = ['settings'];

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  app.get(
    '/',
    { schema: { tags, summary: 'Every setting, by family', response: { 200: z.array(setting) } } },
    () => settings.list(),
  );
  app.get(
    '/r/:ref',
    {
      schema: {
        tags,
        summary: 'One setting by its ref',
        params: settingRefParams,
        response: { 200: setting, 404: errorReply },
      },
    },
    (request) => settings.get(request.params.ref),
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Change a setting (ref_id, value)',
        body: updateSettingBody,
        response: { 200: setting, 404: errorReply, 422: errorReply },
      },
    },
    (request) =>
      settings.update(request.body.ref_id, request.body.value, principalOf(request).fullName),
  );
};
