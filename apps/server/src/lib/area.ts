import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * An area's routes: one plugin that registers the area's route plugins, given the services
 * they call. The app hands every area the same options; each declares only what it reads.
 */
export type AreaRoutes<
  Services extends object,
  Extra extends object = object,
> = FastifyPluginAsyncZod<{ services: Services } & Extra>;
