import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthReply } from '@roastery/contract';

export interface ReadinessCheck {
  name: string;
  check(): Promise<boolean>;
}

export const healthRoutes: FastifyPluginAsyncZod<{ checks: ReadinessCheck[] }> = async (
  app,
  { checks },
) => {
  app.get(
    '/live',
    {
      schema: { tags: ['health'], summary: 'The process answers', response: { 200: healthReply } },
    },
    () => ({ status: 'ok' as const, checks: {} }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers and its migrations are applied',
        response: { 200: healthReply, 503: healthReply },
      },
    },
    async (_request, reply) => {
      const results = await Promise.all(
        checks.map(
          async (c) => [c.name, (await c.check().catch(() => false)) ? 'ok' : 'failed'] as const,
        ),
      );
      const ready = results.every(([, r]) => r === 'ok');
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ok' : 'unavailable', checks: Object.fromEntries(results) });
    },
  );
};
