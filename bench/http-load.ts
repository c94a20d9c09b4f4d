import autocannon from 'autocannon';
import Fastify from 'fastify';

/** What one autocannon run measured of one route. */
export interface LoadMeasure {
  reqPerSec: number;
  latencyMsP50: number;
  latencyMsP99: number;
  non2xx: number;
  errors: number;
}

/**
 * Loads one route with autocannon in a worker thread (so the server's event loop is alone on
 * its thread) and returns its throughput and latencies.
 */
export async function measureLoad(
  url: string,
  opts: { connections: number; duration: number; token?: string },
): Promise<LoadMeasure> {
  const result = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.duration,
    workers: 1,
    ...(opts.token ? { headers: { authorization: `Bearer ${opts.token}` } } : {}),
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    latencyMsP50: result.latency.p50,
    latencyMsP99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** A route with nothing behind it: the ceiling of this machine and process. */
export async function bareRoute(): Promise<{ url: string; close: () => Promise<void> }> {
  const bare = Fastify();
  bare.get('/bare', () => ({ status: 'ok' }));
  const base = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${base}/bare`, close: () => bare.close() };
}

/** A route's throughput as a share of the bare route's in the same run. */
export function ratioTo(baseline: LoadMeasure, m: LoadMeasure): number {
  return Math.round((m.reqPerSec / baseline.reqPerSec) * 1000) / 1000;
}
