import type { FastifyBaseLogger, FastifyHttpOptions } from 'fastify';
import type { Server } from 'node:http';
import type { Config } from '../config.ts';

/** How the HTTP server treats proxies and slow clients. */
export function serverOptions(
  config: Config,
  logger: FastifyBaseLogger,
): FastifyHttpOptions<Server, FastifyBaseLogger> {
  return {
    loggerInstance: logger,
    // Only the named proxies: anyone else's X-Forwarded-For could choose its own address.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // A client that trickles its request is cut off with 408 instead of holding a connection
    // open for ever. Node's timeout covers receiving the request only: a reply streamed for
    // hours (the live stream, an export) is not cut by it.
    requestTimeout: config.requestBodyTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestBodyTimeoutMs),
      // Node looks for expired requests every 30 s by default: as late as the timeout again.
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(config.requestBodyTimeoutMs / 4)),
    },
  };
}
