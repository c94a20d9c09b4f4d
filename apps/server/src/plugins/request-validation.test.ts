import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JSON_TEXT_FORMAT, Role, int32, pathId } from '@roastery/contract';
import { buildTestApp, type ApiCaller, type TestApp } from '../../test/helper.ts';
import { DEPTH_MESSAGE, MAX_BODY_DEPTH, PROTOTYPE_KEY_MESSAGE } from './json-body.ts';
import { requestValidation } from './request-validation.ts';

/** The parts of the OpenAPI document the cases are generated from. */
interface Schema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
}
interface Operation {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A field of a request that takes an integer or a text. */
interface Field {
  path: string[];
  kind: 'integer' | 'string';
  /** Where zod reports a bad value: the field, or the union holding it ('Invalid input'). */
  reportedAt: string[];
}

const BEYOND = 2_147_483_648;
const BELOW = -2_147_483_649;
const NUL_TEXT = 'a\u0000b';

let t: TestApp;
let admin: ApiCaller;
let operations: { method: Method; path: string; op: Operation }[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = t.as(Role.Administrator);
  const doc = t.app.swagger() as unknown as Document;
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase() as Method,
      path,
      op,
    })),
  );
});
afterAll(() => t.close());

function typesOf(schema: Schema): string[] {
  return schema.type === undefined ? [] : [schema.type].flat();
}

function fieldsOf(schema: Schema, path: string[] = [], union?: string[]): Field[] {
  const reportedAt = union ?? path;
  const fields: Field[] = [];
  const types = typesOf(schema);
  if (types.includes('integer')) fields.push({ path, kind: 'integer', reportedAt });
  if (types.includes('string')) fields.push({ path, kind: 'string', reportedAt });
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  const inUnion = branches.length > 1 ? reportedAt : union;
  for (const branch of branches) fields.push(...fieldsOf(branch, path, inUnion));
  for (const part of schema.allOf ?? []) fields.push(...fieldsOf(part, path, union));
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    fields.push(...fieldsOf(child, [...path, name], union));
  }
  if (schema.items) fields.push(...fieldsOf(schema.items, [...path, '0'], union));
  if (typeof schema.additionalProperties === 'object') {
    fields.push(...fieldsOf(schema.additionalProperties, [...path, 'key'], union));
  }
  const seen = new Set<string>();
  return fields.filter((f) => {
    const key = `${f.kind} ${f.path.join('.')}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** A body holding `value` at `path` and nothing else: arrays where the path has an index. */
function bodyWith(path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  return /^\d+$/.test(head) ? [bodyWith(rest, value)] : { [head]: bodyWith(rest, value) };
}

/** A value a path parameter accepts, so that the call reaches the part under test. */
function validParam(schema: Schema): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.format === 'date') return '2026-01-02';
  return typesOf(schema).includes('integer') ? '1' : 'x';
}

function pathParams(op: Operation) {
  return (op.parameters ?? []).filter((p) => p.in === 'path');
}

/** The operation's URL with each path parameter valid, or `value` in the one named. */
function urlOf(path: string, op: Operation, name?: string, value?: string): string {
  let url = path;
  for (const p of pathParams(op)) {
    url = url.replace(`{${p.name}}`, p.name === name && value ? value : validParam(p.schema));
  }
  return url;
}

function label(method: string, url: string, body?: unknown): string {
  return `${method} ${url}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`;
}

describe('generated from the route table', () => {
  it('covers every API route', () => {
    const documented = new Set(
      operations.map(
        (o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1').replace(/\/$/, '')}`,
      ),
    );
    const missing = t.app.apiRoutes
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url.replace(/\/$/, '')}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });

  it('answers 404 for an integer path id beyond 2147483647, never 500', async () => {
    const failures: string[] = [];
    let cases = 0;
    for (const { method, path, op } of operations) {
      for (const p of pathParams(op)) {
        if (!typesOf(p.schema).includes('integer')) continue;
        cases += 1;
        const url = urlOf(path, op, p.name, String(BEYOND));
        const res = await admin(method, url);
        if (res.status !== 404 || !/^[A-Z][\w -]* 2147483648 not found\.$/.test(res.body.message)) {
          failures.push(`${label(method, url)}: ${res.status} ${res.body.message}`);
        }
      }
    }
    expect(cases).toBeGreaterThan(30);
    expect(failures).toEqual([]);
  });

  it('answers 400 naming the field for an integer beyond 32 bits in a query or a body, never 500', async () => {
    const failures: string[] = [];
    let cases = 0;
    for (const { method, path, op } of operations) {
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      for (const p of query) {
        if (!typesOf(p.schema).includes('integer')) continue;
        for (const value of [BEYOND, BELOW]) {
          cases += 1;
          const url = `${urlOf(path, op)}?${p.name}=${value}`;
          const res = await admin(method, url);
          if (res.status !== 400 || !res.body.message.includes(`${p.name}: `)) {
            failures.push(`${label(method, url)}: ${res.status} ${res.body.message}`);
          }
        }
      }
      const body = op.requestBody?.content['application/json']?.schema;
      if (!body) continue;
      for (const field of fieldsOf(body).filter((f) => f.kind === 'integer')) {
        for (const value of [BEYOND, BELOW]) {
          cases += 1;
          const url = urlOf(path, op);
          const payload = bodyWith(field.path, value) as object;
          const res = await admin(method, url, payload);
          const named = `${field.reportedAt.join('.')}: `;
          if (res.status !== 400 || !res.body.message.includes(named)) {
            failures.push(`${label(method, url, payload)}: ${res.status} ${res.body.message}`);
          }
        }
      }
    }
    expect(cases).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it('answers 400 naming the field for a NUL character in any path, query or body text, never 500', async () => {
    const failures: string[] = [];
    let cases = 0;
    const expect400 = async (method: Method, url: string, field: string, payload?: object) => {
      cases += 1;
      const res = await admin(method, url, payload);
      const message = `${field}: must not contain a NUL character`;
      if (res.status !== 400 || res.body.message !== message) {
        failures.push(`${label(method, url, payload)}: ${res.status} ${res.body.message}`);
      }
    };
    for (const { method, path, op } of operations) {
      for (const p of op.parameters ?? []) {
        if (p.in === 'path') {
          await expect400(method, urlOf(path, op, p.name, encodeURIComponent(NUL_TEXT)), p.name);
        } else if (p.in === 'query') {
          const url = `${urlOf(path, op)}?${p.name}=${encodeURIComponent(NUL_TEXT)}`;
          await expect400(method, url, p.name);
        }
      }
      const body = op.requestBody?.content['application/json']?.schema;
      if (!body) continue;
      for (const field of fieldsOf(body).filter((f) => f.kind === 'string')) {
        const payload = bodyWith(field.path, NUL_TEXT) as object;
        await expect400(method, urlOf(path, op), field.path.join('.'), payload);
      }
    }
    expect(cases).toBeGreaterThan(150);
    expect(failures).toEqual([]);
  });

  it('answers 400 naming the field for a NUL character escaped inside any query parameter carrying JSON', async () => {
    const failures: string[] = [];
    const jsonParameters = operations.flatMap(({ method, path, op }) =>
      (op.parameters ?? [])
        .filter((p) => p.in === 'query' && p.schema.format === JSON_TEXT_FORMAT)
        .map((p) => ({ method, url: urlOf(path, op), name: p.name })),
    );
    for (const { method, url, name } of jsonParameters) {
      const escaped = encodeURIComponent(JSON.stringify({ x: [NUL_TEXT] }));
      expect(escaped).not.toContain('%00');
      const res = await admin(method, `${url}?${name}=${escaped}`);
      const message = `${name}.x.0: must not contain a NUL character`;
      if (res.status !== 400 || res.body.message !== message) {
        failures.push(`${method} ${url} ${name}: ${res.status} ${res.body.message}`);
      }
    }
    // The pending and the finished orders' where, at least.
    expect(jsonParameters.length).toBeGreaterThanOrEqual(2);
    expect(failures).toEqual([]);
  });
});

describe("the issue's examples", () => {
  it('GET /api/workflow/2147483648 is a 404 like 2147483647', async () => {
    expect(await admin('GET', '/api/workflow/2147483648')).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Workflow 2147483648 not found.' },
    });
    expect(await admin('GET', '/api/workflow/2147483647')).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Workflow 2147483647 not found.' },
    });
  });

  it('a path id too large for a safe integer gets the same one message', async () => {
    const res = await admin('GET', `/api/workflow/${'9'.repeat(30)}`);
    expect(res).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Workflow 1e+30 not found.' },
    });
  });

  it('any other mistake in a path id stays a 400', async () => {
    expect((await admin('GET', '/api/workflow/0')).status).toBe(400);
    expect((await admin('GET', '/api/workflow/1.5')).status).toBe(400);
    expect((await admin('GET', '/api/workflow/abc')).status).toBe(400);
    const both = await admin('GET', '/api/command/type/2147483648/neither');
    expect(both.status).toBe(400);
  });

  it('an integer beyond 32 bits in a body or a query names the field', async () => {
    expect(await admin('POST', '/api/workflow/start', { work_flow_id: BEYOND })).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'work_flow_id: Must be at most 2147483647',
      },
    });
    const page = await admin('GET', `/api/notification/all?page=${BEYOND}`);
    expect(page.body.message).toBe('page: Must be at most 2147483647');
    const status = await admin('POST', '/api/device-status', {
      led_id: 1,
      name: 'Running',
      color: '#00ff00',
      priority: 'Normal',
      type: 'input',
      command_id: 1,
      command_value: BELOW,
    });
    expect(status).toMatchObject({
      status: 400,
      body: {
        message:
          'command_value: The command value must be a whole number between -2,147,483,648 and 2,147,483,647.',
      },
    });
  });

  it('command ids sent as comma-separated text are bounded too', async () => {
    const res = await admin('POST', '/api/command/type/1/binary', { app: `1,${BEYOND}`, plc: '' });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'app.1: Must be at most 2147483647' },
    });
  });

  it('signing in with a NUL character in the username is a 400 before any token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: NUL_TEXT, password: 'whatever' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'username: must not contain a NUL character',
    });
  });

  it('a NUL character in a path parameter is a 400 naming it', async () => {
    expect(await admin('GET', '/api/trace/lot/%00')).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'lot: must not contain a NUL character',
      },
    });
    expect((await admin('GET', '/api/admin/settings/r/%00')).body.message).toBe(
      'ref: must not contain a NUL character',
    );
  });

  it('a NUL character in a field name is refused too', async () => {
    const res = await admin('POST', '/api/workflow/start', {
      work_flow_id: 1,
      dynamic: { [NUL_TEXT]: 1 },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'dynamic: field names must not contain a NUL character' },
    });
  });

  it('a NUL character a transform makes out of escaped JSON text is refused too', async () => {
    const step = {
      workflow_id: 1,
      device_id: 'R1',
      type: 'binary',
      command_id: 1,
      wait_device: JSON.stringify([
        { device_id: NUL_TEXT, type: 'binary', command_id: 1, command_value: 1 },
      ]),
    };
    expect(step.wait_device).not.toContain('\u0000');
    expect(await admin('POST', '/api/diagram/rules', step)).toMatchObject({
      status: 400,
      body: { message: 'wait_device.0.device_id: must not contain a NUL character' },
    });
  });

  it('half of a surrogate pair is refused like a NUL character, in a value or a name', async () => {
    // JSON carries it as an escape; PostgreSQL's jsonb refuses it, and text has no UTF-8
    // form for it.
    const created = await admin('POST', '/api/device/create', {
      device_id: 'LONE1',
      device_name: 'Lone',
      device_type: 1,
      device_description: 'A device whose feature holds half a character',
      device_stage: 1,
      device_features: [{ label: 'a', value: 'x\ud800' }],
    });
    expect(created).toMatchObject({
      status: 400,
      body: {
        message:
          'device_features.0.value: must not contain half of a surrogate pair (text that is not Unicode)',
      },
    });
    const named = await admin('POST', '/api/workflow/start', {
      work_flow_id: 1,
      dynamic: { 'a\udc00': 1 },
    });
    expect(named.body.message).toBe(
      'dynamic: field names must not contain half of a surrogate pair (text that is not Unicode)',
    );
  });

  it('a NUL character or half a surrogate pair escaped inside a JSON query parameter is a 400', async () => {
    for (const list of ['/api/orders', '/api/orders/finished']) {
      const nul = await admin(
        'GET',
        `${list}?where=${encodeURIComponent('{"order_customer":"\\u0000"}')}`,
      );
      expect(nul, list).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'where.order_customer: must not contain a NUL character',
        },
      });
      const half = await admin(
        'GET',
        `${list}?where=${encodeURIComponent('{"order_customer":"a\\ud800"}')}`,
      );
      expect(half.body.message, list).toBe(
        'where.order_customer: must not contain half of a surrogate pair (text that is not Unicode)',
      );
      const inName = await admin('GET', `${list}?where=${encodeURIComponent('{"a\\u0000":1}')}`);
      expect(inName.body.message, list).toBe('where: field names must not contain a NUL character');
    }
  });

  it('the events search and workflow names refuse a NUL character', async () => {
    const search = await admin('POST', '/api/event', { where: { search: NUL_TEXT } });
    expect(search.body.message).toBe('where.search: must not contain a NUL character');
    const workflow = await admin('POST', '/api/diagram/create', {
      name: NUL_TEXT,
      type: 'roasting',
    });
    expect(workflow.body.message).toBe('name: must not contain a NUL character');
  });
});

describe('prototype keys in a JSON body', () => {
  const post = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('are refused with a 400 that says what is wrong', async () => {
    for (const payload of [
      '{"username": "admin", "password": "x", "__proto__": {"role": 1}}',
      '{"username": "admin", "password": "x", "nested": {"__proto__": {}}}',
      '{"username": "admin", "password": "x", "constructor": {"prototype": {}}}',
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: PROTOTYPE_KEY_MESSAGE,
      });
    }
  });

  it('nested deeper than the limit are refused with a 400, however deep', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    for (const depth of [MAX_BODY_DEPTH + 1, 5_000, 200_000]) {
      const res = await post(`{"username": "admin", "password": "x", "deep": ${nested(depth)}}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(DEPTH_MESSAGE);
    }
    // At the limit the body reaches the schema, which names the unknown field.
    const atLimit = await post(nested(MAX_BODY_DEPTH));
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json<{ message: string }>().message).not.toBe(DEPTH_MESSAGE);
  });

  it('leave the other JSON mistakes as they were', async () => {
    const broken = await post('{"username": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ message: string }>().message).toMatch(/Body is not valid JSON/);
    const empty = await post('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/Body cannot be empty/);
  });
});

describe('route registration', () => {
  const bare = async () => {
    const app = Fastify();
    await app.register(requestValidation);
    return app;
  };

  it('refuses a route whose request integer has no 32-bit bound', async () => {
    const app = await bare();
    const body = z.strictObject({ items: z.array(z.object({ id: z.number().int().positive() })) });
    expect(() => app.post('/things', { schema: { body } }, () => ({}))).toThrow(
      'POST /things: body integer(s) items.0.id can exceed the 32-bit integer columns',
    );
    const querystring = z.object({ page: z.coerce.number().int() });
    expect(() => app.get('/things', { schema: { querystring } }, () => ({}))).toThrow(
      'GET /things: querystring integer(s) page can exceed',
    );
    const piped = z.object({
      ids: z
        .string()
        .transform((s) => s.split(',').map(Number))
        .pipe(z.array(z.number().int())),
    });
    expect(() => app.put('/things', { schema: { body: piped } }, () => ({}))).toThrow(
      'PUT /things: body integer(s) ids.0 can exceed',
    );
    await app.close();
  });

  it('refuses path parameters without a schema', async () => {
    const app = await bare();
    expect(() => app.get('/things/:id', () => ({}))).toThrow(
      'GET /things/:id: declare the schema of its path parameters',
    );
    await app.close();
  });

  it('registers routes built from the contract integers', async () => {
    const app = await bare();
    app.put(
      '/things/:id',
      {
        schema: {
          params: z.strictObject({ id: pathId('Thing') }),
          body: z.strictObject({ count: int32().min(0), code: z.number().int().max(65535).min(0) }),
        },
      },
      () => ({}),
    );
    await app.ready();
    await app.close();
  });
});
