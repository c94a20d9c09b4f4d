import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('is live and ready on a migrated database', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({
      status: 'ok',
      checks: {},
    });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/route?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No route GET /api/no/such/route',
    });
  });

  it('serves the OpenAPI document with the spec paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/user/login', '/api/user/refresh_token', '/api/user/create']),
    );
    expect(
      doc.paths['/api/user/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['username', 'password']);
  });
});

describe('readiness when the database is gone', () => {
  it('reports 503 and a failed database check', async () => {
    const gone = await buildTestApp();
    await gone.database.close();
    try {
      const res = await gone.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: 'failed' } });
    } finally {
      await gone.app.close();
    }
  });
});
