import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_CHARS, compressSharedReply } from './shared-reply-compression.ts';

const large = JSON.stringify({
  rows: 'Roaster 1 roasted 60 lbs. '.repeat(COMPRESS_FROM_CHARS / 10),
});
const small = JSON.stringify({ rows: 'Roaster 1' });

const app = Fastify();
beforeAll(async () => {
  app.get('/large', { onSend: compressSharedReply }, (_request, reply) =>
    reply.type('application/json').send(large),
  );
  app.get('/small', { onSend: compressSharedReply }, (_request, reply) =>
    reply.type('application/json').send(small),
  );
  app.get('/missing', { onSend: compressSharedReply }, (_request, reply) =>
    reply.code(404).type('application/json').send(large),
  );
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('compressSharedReply', () => {
  it('gzips a large reply for a client that accepts it, as a browser does', async () => {
    const res = await get('/large', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(large.length / 10);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(gunzipSync(res.rawPayload).toString()).toBe(large);
  });

  it('sends the text as it is to a client that does not accept gzip', async () => {
    for (const header of [undefined, 'identity', 'br', 'gzip;q=0, identity']) {
      const res = await get('/large', header);
      expect(res.headers['content-encoding'], String(header)).toBeUndefined();
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.payload).toBe(large);
    }
  });

  it('leaves small replies and refusals uncompressed', async () => {
    expect((await get('/small', 'gzip')).headers['content-encoding']).toBeUndefined();
    expect((await get('/small', 'gzip')).payload).toBe(small);
    const refused = await get('/missing', 'gzip');
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a text once, whatever the number of requests for it', async () => {
    const [first, ...others] = await Promise.all([1, 2, 3, 4].map(() => get('/large', 'gzip')));
    for (const res of others) expect(res.rawPayload.equals(first!.rawPayload)).toBe(true);
  });
});
