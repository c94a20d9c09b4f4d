import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alogForm,
  alogPreview,
  alogPreviewBody,
  createRoastProfileBody,
  errorReply,
  pathId,
  reviseRoastProfileBody,
  roastProfile,
  roastProfileDetail,
  roastProfileVersion,
  type TemperatureUnit,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { RoastProfileService } from './roast-profile-service.ts';

const tags = ['roast-profiles'];

const profileParams = z.strictObject({ id: pathId('Roast profile') });
const versionParams = z.strictObject({ id: pathId('Roast profile'), version: pathId('Version') });

const form = z.object({
  products: z.array(z.object({ product_id: z.number().int(), product_name: z.string() })),
  roasters: z.array(
    z.object({ code: z.string(), name: z.string(), capacity_lbs: z.number().nullable() }),
  ),
});

/** An .alog's text is up to 5,000,000 characters, more bytes once escaped in JSON. */
const PREVIEW_BODY_LIMIT = 12 * 1024 * 1024;

export interface RoastProfileRouteOptions {
  profiles: RoastProfileService;
  /** The plant's temperature unit, read at each download: files are written in it. */
  temperatureUnit: () => Promise<TemperatureUnit>;
}

export const roastProfileRoutes: FastifyPluginAsyncZod<RoastProfileRouteOptions> = async (
  app,
  { profiles, temperatureUnit },
) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Roast profiles with their current versions',
        response: { 200: z.array(roastProfile) },
      },
    },
    () => profiles.list(),
  );
  app.get(
    '/form',
    { schema: { tags, summary: 'What the profile form offers', response: { 200: form } } },
    () => profiles.form(),
  );
  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'A roast profile with its versions, newest first',
        params: profileParams,
        response: { 200: roastProfileDetail, 404: errorReply },
      },
    },
    (request) => profiles.get(request.params.id),
  );
  app.get(
    '/:id/versions/:version',
    {
      schema: {
        tags,
        summary: 'One version of a roast profile',
        params: versionParams,
        response: { 200: roastProfileVersion, 404: errorReply },
      },
    },
    (request) => profiles.version(request.params.id, request.params.version),
  );
  app.get(
    '/:id/versions/:version/alog',
    {
      schema: {
        tags,
        summary:
          "A version's reference curve as an Artisan .alog file (text), in JSON or in Python literal form, in the plant's temperature unit",
        params: versionParams,
        querystring: z.strictObject({ form: alogForm.default('json') }),
      },
    },
    async (request, reply) => {
      const { id, version } = request.params;
      const file = await profiles.alog(id, version, {
        form: request.query.form,
        unit: await temperatureUnit(),
      });
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', file.disposition)
        .send(file.text);
    },
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Add a roast profile (its version 1)',
        body: createRoastProfileBody,
        response: { 201: roastProfileDetail, 409: errorReply, 422: errorReply },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await profiles.create(request.body, principalOf(request))),
  );
  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: "Save a roast profile's next version",
        params: profileParams,
        body: reviseRoastProfileBody,
        response: { 200: roastProfileDetail, 404: errorReply, 422: errorReply },
      },
    },
    (request) => profiles.revise(request.params.id, request.body, principalOf(request)),
  );
  app.post(
    '/alog/preview',
    {
      bodyLimit: PREVIEW_BODY_LIMIT,
      schema: {
        tags,
        summary: 'What an Artisan .alog file gives a profile: its curve in °F, from charge',
        body: alogPreviewBody,
        response: { 200: alogPreview, 400: errorReply },
      },
    },
    (request) => profiles.preview(request.body.text),
  );
};
