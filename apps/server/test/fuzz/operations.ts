import fc, { type Arbitrary } from 'fast-check';
import type { FastifyInstance } from 'fastify';
import {
  arbitraryOf,
  invalidArbitraryOf,
  type Dictionary,
  type JsonSchema,
  type Mode,
} from './schema-arbitraries.ts';
import { entryFor } from '../../src/permissions.ts';
import { deeplyNested, hostileStrings, hostileWhere } from './hostile-corpus.ts';

/** One operation of the OpenAPI document, with what the fuzzer needs of it. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as Fastify names it: /api/user/:id. */
  route: string;
  pathParams: Parameter[];
  query: Parameter[];
  body: JsonSchema | undefined;
  /** The declared reply schema of each status. */
  responses: Map<number, JsonSchema>;
}

interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  /** An object is sent as JSON; a string is sent as it is, with `contentType`. */
  payload?: object | string;
  contentType?: string;
  /** What kind of input it is, for the failure report. */
  kind: 'valid' | 'edge' | 'invalid-path' | 'invalid-query' | 'invalid-body' | 'raw-body';
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Every operation of the document, in the document's order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST' && upper !== 'PUT' && upper !== 'DELETE') continue;
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema }));
      const responses = new Map<number, JsonSchema>();
      for (const [status, reply] of Object.entries(op.responses ?? {})) {
        const schema = reply.content?.['application/json']?.schema;
        if (schema) responses.set(Number(status), schema);
      }
      operations.push({
        method: upper,
        route: path.replace(/\{(\w+)\}/g, ':$1'),
        pathParams: params('path'),
        query: params('query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        responses,
      });
    }
  }
  return operations;
}

/**
 * Path segments a router or a parser could trip on. Dot segments ('..', '%2e%2e') and blank ones
 * are left out: clients resolve or trim them before sending, so they name another route.
 */
const hostileSegments = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '2147483648',
  '99999999999999999999',
  'abc',
  '%00',
  '%',
  '%zz',
  '...',
  '%2F',
  '%20',
  'null',
  encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('\u{1F600}'),
  'x'.repeat(3000),
];

const validWhere = [
  '{}',
  '{"order_id":1}',
  '{"order_customer":"Acme"}',
  '{"order_product":2}',
  '{"order_date":{"gte":"2024-01-01T00:00:00.000Z","lt":"2030-01-01T00:00:00.000Z"}}',
];

function pathOf(op: Operation, values: Record<string, string>): string {
  return op.route.replace(/:(\w+)/g, (_, name: string) => values[name] ?? '1');
}

function queryText(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      search.append(key, typeof one === 'string' ? one : JSON.stringify(one));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function pathValues(
  op: Operation,
  mode: Mode,
  dictionary: Dictionary,
): Arbitrary<Record<string, string>> {
  const fields: Record<string, Arbitrary<string>> = {};
  for (const p of op.pathParams) {
    // An empty segment makes the URL another route's ('/api/user/' lists users); a lone
    // surrogate cannot be put in a URL at all.
    fields[p.name] = arbitraryOf(p.schema, mode, { name: p.name, dictionary })
      .map((v) => encodeURIComponent(String(v).toWellFormed()))
      .filter((v) => v !== '');
  }
  return fc.record(fields);
}

function queryValues(
  op: Operation,
  mode: Mode,
  dictionary: Dictionary,
): Arbitrary<Record<string, unknown>> {
  const fields: Record<string, Arbitrary<unknown>> = {};
  for (const p of op.query) {
    fields[p.name] =
      p.name === 'where'
        ? fc.constantFrom(...(mode === 'valid' ? validWhere : [...validWhere, ...hostileWhere]))
        : arbitraryOf(p.schema, mode, { name: p.name, dictionary });
  }
  return fc.record(fields, {
    requiredKeys: op.query.filter((p) => p.required).map((p) => p.name),
  });
}

function invalidQuery(op: Operation, dictionary: Dictionary): Arbitrary<Record<string, unknown>> {
  const valid = queryValues(op, 'valid', dictionary);
  const variants: Arbitrary<Record<string, unknown>>[] = [
    valid.map((q) => ({ ...q, unexpected: "1' OR '1'='1" })),
  ];
  if (op.query.length > 0) {
    const name = fc.constantFrom(...op.query.map((p) => p.name));
    variants.push(
      fc
        .tuple(valid, name, fc.constantFrom(...hostileStrings, ...hostileWhere))
        .map(([q, n, bad]) => ({ ...q, [n]: bad })),
      fc.tuple(valid, name).map(([q, n]) => ({ ...q, [n]: ['1', '2'] })),
    );
  }
  return fc.oneof(...variants);
}

/** Bodies as text: what no schema sees because the parser or the limits answer first. */
export const rawBodies: { payload: string; contentType: string }[] = [
  { payload: deeplyNested(5_000, 'array'), contentType: 'application/json' },
  { payload: deeplyNested(5_000, 'object'), contentType: 'application/json' },
  { payload: deeplyNested(200_000, 'array'), contentType: 'application/json' },
  { payload: JSON.stringify({ text: 'x'.repeat(1_100_000) }), contentType: 'application/json' },
  { payload: '{"a":1', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: '{"__proto__":{"role":1}}', contentType: 'application/json' },
  { payload: '{"constructor":{"prototype":{"role":1}}}', contentType: 'application/json' },
  { payload: '{"a":1}', contentType: 'text/plain' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: '<a>1</a>', contentType: 'application/xml' },
];

/**
 * Requests for one operation: valid and edge inputs in every part, then one part at a time
 * made invalid (path, query, body) while the others stay valid.
 */
export function requestsOf(op: Operation, dictionary: Dictionary): Arbitrary<FuzzRequest> {
  const ctx = { name: '', dictionary };
  const path = (mode: Mode) => pathValues(op, mode, dictionary);
  const query = (mode: Mode) => queryValues(op, mode, dictionary);
  const body = (mode: Mode) =>
    op.body
      ? arbitraryOf(op.body, mode, ctx).map((b) => ({ payload: b as object }))
      : fc.constant({});
  const build = (
    kind: FuzzRequest['kind'],
    parts: [Record<string, string>, Record<string, unknown>, Partial<FuzzRequest>],
  ): FuzzRequest => ({
    method: op.method,
    url: pathOf(op, parts[0]) + queryText(parts[1]),
    kind,
    ...parts[2],
  });
  const of = (mode: Mode) =>
    fc.tuple(path(mode), query(mode), body(mode)).map((p) => build(mode, p));
  const variants: Arbitrary<FuzzRequest>[] = [of('valid'), of('edge')];
  variants.push(
    fc
      .tuple(path('valid'), invalidQuery(op, dictionary), body('valid'))
      .map((p) => build('invalid-query', p)),
  );
  if (op.pathParams.length > 0) {
    const names = op.pathParams.map((p) => p.name);
    variants.push(
      fc
        .tuple(
          path('valid'),
          fc.constantFrom(...names),
          fc.constantFrom(...hostileSegments),
          query('valid'),
          body('valid'),
        )
        .map(([p, name, bad, q, b]) => build('invalid-path', [{ ...p, [name]: bad }, q, b])),
    );
  }
  if (op.method !== 'GET') {
    const bad = op.body
      ? invalidArbitraryOf(op.body, ctx)
      : fc.constantFrom<unknown>({ x: 1 }, [1]);
    variants.push(
      fc.tuple(path('valid'), query('valid'), bad).map(([p, q, b]) =>
        build('invalid-body', [
          p,
          q,
          // A bare value is sent as its JSON text: inject sends only objects as JSON.
          typeof b === 'object' && b !== null
            ? { payload: b }
            : { payload: JSON.stringify(b) ?? 'null', contentType: 'application/json' },
        ]),
      ),
      fc
        .tuple(path('valid'), query('valid'), fc.constantFrom(...rawBodies))
        .map(([p, q, raw]) => build('raw-body', [p, q, raw])),
    );
  }
  return fc.oneof(...variants);
}

const KNOWN_KEY = /(^|_)(id|ref|code|lot|conveyor)$|^lot_number$|^key$|^container$/;

/** Gathers the ids, codes and lot numbers a reply holds, however deep. */
export function harvest(value: unknown, into: Dictionary, key = ''): void {
  if (Array.isArray(value)) {
    for (const item of value) harvest(item, into, key);
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) harvest(v, into, k);
    return;
  }
  if (!KNOWN_KEY.test(key)) return;
  if (typeof value === 'string' && value && !into.strings.includes(value)) into.strings.push(value);
  if (Number.isInteger(value) && !into.integers.includes(value as number))
    into.integers.push(value as number);
}

/**
 * The operations of the app's OpenAPI document that answer with a reply, its event streams left
 * out: a stream never ends, so neither would a request to it.
 */
export function replyingOperationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as OpenApiDocument;
  const streams = new Set(app.apiRoutes.filter((r) => r.stream).map((r) => r.key));
  return operationsOf(doc).filter((op) => {
    const entry = entryFor(op.method, op.route);
    return !entry || !streams.has(entry.key);
  });
}

/**
 * The values the plant has (ids, names, codes), for valid requests: gathered from the replies of
 * every list (a GET without path parameters).
 */
export async function dictionaryOf(
  app: FastifyInstance,
  operations: readonly Operation[],
  token: string,
): Promise<Dictionary> {
  const dictionary: Dictionary = { strings: [], integers: [] };
  for (const op of operations) {
    if (op.method !== 'GET' || op.pathParams.length > 0) continue;
    const res = await app.inject({ url: op.route, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode === 200 && res.headers['content-type']?.includes('json'))
      harvest(res.json(), dictionary);
  }
  return dictionary;
}
