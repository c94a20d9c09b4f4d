import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.ts';

/** A route that fails the way a query does when PostgreSQL is lost: Drizzle wraps the driver. */
async function replyTo(failure: Error) {
  const app = Fastify({ logger: false });
  await app.register(errorHandler);
  app.get('/', () => {
    throw failure;
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { status: res.statusCode, body: res.json() as { message: string } };
}

const unavailable = {
  status: 503,
  body: {
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'The database is unavailable. Try again shortly.',
  },
};

describe('the error handler and a lost database', () => {
  it('answers 503 for a connection lost mid-query, refused or timed out, wrapped or not', async () => {
    const wrapped = (cause: Error) => new Error('Failed query: insert ...', { cause });
    const lost = [
      wrapped(new Error('Connection terminated unexpectedly')),
      wrapped(new Error('Client has encountered a connection error and is not queryable')),
      new Error('timeout exceeded when trying to connect'),
      wrapped(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ),
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    ];
    for (const failure of lost) expect(await replyTo(failure)).toEqual(unavailable);
  });

  it('keeps other server faults a 500 without internals', async () => {
    const fault = await replyTo(new Error('Failed query', { cause: new Error('syntax error') }));
    expect(fault).toEqual({
      status: 500,
      body: {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong on the server.',
      },
    });
  });
});
