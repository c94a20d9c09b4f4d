import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LIVE_BROWSER_HEADER,
  LIVE_HEARTBEAT_MS,
  LIVE_MAX_STREAMS_PER_BROWSER,
  errorReply,
  liveStreamHeaders,
  type LiveEvent,
  type UnsequencedLiveEvent,
} from '@roastery/contract';
import { forbidden } from '../../lib/http-errors.ts';
import { bearer, principalOf } from '../../plugins/access-control.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { LiveBus } from './live-bus.ts';
import { StreamLimits, type StreamLimitsConfig } from './stream-limits.ts';

/**
 * GET /api/live: Server-Sent Events. Each event's name is its type and its data the JSON of a
 * LiveEvent. A comment line every LIVE_HEARTBEAT_MS keeps proxies from closing an idle stream
 * and lets the browser notice a dead one. Streams are capped per user and in all.
 */
export const liveRoutes: FastifyPluginAsyncZod<{
  bus: LiveBus;
  /** What a new stream must know at once, such as whether the PLC link is up. */
  initial: () => UnsequencedLiveEvent[];
  limits: StreamLimitsConfig;
  /** Origins besides the console's own whose pages may open a stream. */
  allowedOrigins?: readonly string[];
  /** Streams whose token no longer authenticates (sessions ended) are closed. */
  auth: Pick<AuthService, 'authenticate' | 'onUserChanged'>;
}> = async (app, { bus, initial, limits, allowedOrigins = [], auth }) => {
  const streams = new StreamLimits(limits);
  // The bus hands the same event object to every stream: it is serialised and encoded once for
  // all of them, so a stream's write copies no text of its own.
  const frames = new WeakMap<LiveEvent, Buffer>();
  const frameOf = (event: LiveEvent): Buffer => {
    let frame = frames.get(event);
    if (frame === undefined) {
      frame = Buffer.from(
        `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`,
      );
      frames.set(event, frame);
    }
    return frame;
  };
  const open = new Set<() => void>();
  /** Each user's open streams, with the token each was opened with. */
  const byUser = new Map<number, Map<() => void, string>>();
  // A token is checked when its stream opens; when its user changes (a new password or role,
  // removal), every stream of that user checks its token again and ends if it was revoked.
  const stopWatching = auth.onUserChanged((userId) => {
    for (const [end, token] of byUser.get(userId) ?? []) {
      void auth.authenticate(token).then(
        (principal) => principal ?? end(),
        () => end(),
      );
    }
  });
  // Open streams never end by themselves: they are ended before the server waits for its
  // connections to close, or it would wait for ever.
  app.addHook('preClose', async () => {
    stopWatching();
    for (const end of open) end();
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['live'],
        summary: 'Server-Sent Events: device state, notifications, PLC connection',
        description: `A comment line arrives every ${LIVE_HEARTBEAT_MS} ms. Refused with 429 when the browser (named by the ${LIVE_BROWSER_HEADER} header) already has ${LIVE_MAX_STREAMS_PER_BROWSER} streams open or the user has too many, 503 when the server has (an administrator may still open one stream beyond the server's limit). Refused with 403 when the Origin header names another site than the console (or ALLOWED_ORIGINS).`,
        headers: liveStreamHeaders,
        produces: ['text/event-stream'],
        response: { 400: errorReply, 403: errorReply, 429: errorReply, 503: errorReply },
      },
    },
    (request, reply) => {
      // A page of another site cannot read the stream's events, but its script could hold a
      // stream open with a token it got hold of: a browser always names the page's origin.
      const origin = request.headers.origin;
      if (
        origin !== undefined &&
        origin !== `${request.protocol}://${request.host}` &&
        !allowedOrigins.includes(origin)
      ) {
        throw forbidden('The live stream is only served to pages of this console.');
      }
      const principal = principalOf(request);
      const userId = principal.id;
      const release = streams.admit(principal, request.headers[LIVE_BROWSER_HEADER]);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        // What the reply was given so far: the security headers.
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n: connected\n\n');
      const send = (event: LiveEvent) => res.write(frameOf(event));
      // What a new stream must know at once takes the number of the last published event: the
      // next one published follows it without a gap.
      for (const event of initial()) send({ ...event, seq: bus.seq } satisfies LiveEvent);
      const unsubscribe = bus.subscribe(send);
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), LIVE_HEARTBEAT_MS);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        release();
        open.delete(end);
        mine.delete(end);
        if (mine.size === 0) byUser.delete(userId);
        res.end();
      };
      const mine = byUser.get(userId) ?? new Map<() => void, string>();
      byUser.set(userId, mine);
      mine.set(end, bearer(request) ?? '');
      open.add(end);
      request.raw.on('close', end);
    },
  );
};
