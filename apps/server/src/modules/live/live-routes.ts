import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LiveEvent } from '@roastery/contract';
import type { LiveBus } from './live-bus.ts';

const HEARTBEAT_MS = 15_000;

/**
 * GET /api/live: Server-Sent Events. Each event's name is its type and its data the JSON of a
 * LiveEvent. A comment line every 15 s keeps proxies from closing an idle stream and lets the
 * browser notice a dead one.
 */
export const liveRoutes: FastifyPluginAsyncZod<{
  bus: LiveBus;
  /** What a new stream must know at once, such as whether the PLC link is up. */
  initial: () => LiveEvent[];
}> = async (app, { bus, initial }) => {
  const open = new Set<() => void>();
  // Open streams never end by themselves; closing the server ends them.
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['live'],
        summary: 'Server-Sent Events: device state, notifications, PLC connection',
        produces: ['text/event-stream'],
      },
    },
    (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n: connected\n\n');
      const send = (event: LiveEvent) =>
        res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      for (const event of initial()) send(event);
      const unsubscribe = bus.subscribe(send);
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        res.end();
      };
      open.add(end);
      request.raw.on('close', end);
    },
  );
};
