import fc, { type Arbitrary } from 'fast-check';
import { hostileStrings, hostileValues } from './hostile-corpus.ts';

/**
 * The subset of JSON Schema (OpenAPI 3.0 dialect) that the route schemas produce: what the
 * console's contract is made of, nothing more.
 */
export interface JsonSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
}

/** valid: what the schema admits; edge: its limits and the hostile corpus where text goes. */
export type Mode = 'valid' | 'edge';

/**
 * Values the running app already holds (device codes, ids, lot numbers), gathered from its list
 * replies: random text seldom names a real row, and a request for no row stops at its 404.
 */
export interface Dictionary {
  strings: string[];
  integers: number[];
}

/** Where a value goes: its field's name and what the app holds. */
interface Context {
  name: string;
  dictionary: Dictionary;
}

const TIME_ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham'];

/** The date-time fields are checked by a long regex; real dates are what matters. */
const isoDate: Arbitrary<string> = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z') })
  .filter((d) => !Number.isNaN(d.getTime()))
  .map((d) => d.toISOString());

function bounds(schema: JsonSchema, integer: boolean): { min: number; max: number } {
  const floor = integer ? Number.MIN_SAFE_INTEGER : -Number.MAX_VALUE;
  const ceiling = integer ? Number.MAX_SAFE_INTEGER : Number.MAX_VALUE;
  let min = schema.minimum ?? floor;
  let max = schema.maximum ?? ceiling;
  const step = integer ? 1 : 0.01;
  if (schema.exclusiveMinimum === true) min += step;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + step;
  if (schema.exclusiveMaximum === true) max -= step;
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - step;
  return { min, max };
}

function integerArbitrary(schema: JsonSchema, mode: Mode, ctx: Context): Arbitrary<number> {
  const { min, max } = bounds(schema, true);
  // Ids in the seeded database are small: most valid numbers should name a real row.
  const small = fc.integer({ min: Math.max(min, 0), max: Math.max(Math.min(max, 40), min) });
  const any = fc.integer({ min, max });
  const known = ctx.dictionary.integers.filter((n) => n >= min && n <= max);
  const valid =
    known.length > 0 ? fc.oneof(small, any, fc.constantFrom(...known)) : fc.oneof(small, any);
  if (mode === 'valid') return valid;
  const limits = [min, max, 0, -1, 1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2];
  return fc.oneof(valid, fc.constantFrom(...limits));
}

function numberArbitrary(schema: JsonSchema, mode: Mode): Arbitrary<number> {
  const { min, max } = bounds(schema, false);
  const lo = Math.max(min, -1e9);
  const hi = Math.min(max, 1e9);
  const cents = fc
    .integer({ min: Math.ceil(lo * 100), max: Math.max(Math.floor(hi * 100), Math.ceil(lo * 100)) })
    .map((c) => c / 100);
  const any = fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  if (mode === 'valid') return fc.oneof(cents, any);
  const limits = [min, max, 0, -0, -1, 0.005, 1.005, 1e-9, 1e308, -1e308, 2 ** 53 + 1];
  return fc.oneof(cents, any, fc.constantFrom(...limits.filter(Number.isFinite)));
}

function stringArbitrary(schema: JsonSchema, mode: Mode, ctx: Context): Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 200, 200);
  const fits = (s: string) =>
    s.length >= minLength &&
    s.length <= (schema.maxLength ?? Infinity) &&
    (!schema.pattern || new RegExp(schema.pattern).test(s));
  let base: Arbitrary<string>;
  if (schema.format === 'date-time' || /date|_at$|^from$|^to$/.test(ctx.name)) base = isoDate;
  else if (ctx.name === 'tz') base = fc.constantFrom(...TIME_ZONES);
  else if (schema.pattern) {
    base = fc.stringMatching(new RegExp(schema.pattern), { size: 'small' }).filter(fits);
  } else {
    base = fc.string({ minLength, maxLength, unit: 'grapheme' });
  }
  const known = ctx.dictionary.strings.filter(fits);
  if (known.length > 0) base = fc.oneof(base, fc.constantFrom(...known));
  if (mode === 'valid') return base;
  const limit = schema.maxLength ?? 4096;
  const edges = [
    '',
    ' ',
    'x'.repeat(limit),
    'x'.repeat(limit + 1),
    '\u00e9'.repeat(Math.min(limit, 1000)),
    '\u{1F600}'.repeat(Math.min(limit, 500)),
    ...hostileStrings,
  ];
  return fc.oneof(base, fc.constantFrom(...edges));
}

function objectArbitrary(
  schema: JsonSchema,
  mode: Mode,
  ctx: Context,
): Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields: Record<string, Arbitrary<unknown>> = {};
  for (const [key, field] of Object.entries(properties)) {
    fields[key] = arbitraryOf(field, mode, { ...ctx, name: key });
  }
  const record = fc.record(fields, {
    requiredKeys: Object.keys(properties).filter((k) => required.has(k)),
  });
  if (typeof schema.additionalProperties !== 'object') return record;
  const extra = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 12 }),
    arbitraryOf(schema.additionalProperties, mode, ctx),
    { maxKeys: 4 },
  );
  return fc.tuple(record, extra).map(([known, more]) => ({ ...more, ...known }));
}

/** An arbitrary of values for a schema: valid ones, or valid ones with edge values inside. */
export function arbitraryOf(schema: JsonSchema, mode: Mode, ctx: Context): Arbitrary<unknown> {
  const base = nonNullArbitrary(schema, mode, ctx);
  return schema.nullable ? fc.oneof(fc.constant(null), base) : base;
}

function nonNullArbitrary(schema: JsonSchema, mode: Mode, ctx: Context): Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, mode, ctx)));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, mode, ctx);
    case 'integer':
      return integerArbitrary(schema, mode, ctx);
    case 'number':
      return numberArbitrary(schema, mode);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? arbitraryOf(schema.items, mode, ctx) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 6, 6),
      });
    case 'object':
      return objectArbitrary(schema, mode, ctx);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of another JSON type than the schema's: what a careless or hostile client sends. */
function wrongTypeArbitrary(schema: JsonSchema): Arbitrary<unknown> {
  const others: Arbitrary<unknown>[] = [fc.constantFrom(...hostileValues)];
  if (schema.type !== 'string') others.push(fc.constantFrom('1', 'true', 'null', '[]', '{}'));
  if (schema.type !== 'integer' && schema.type !== 'number')
    others.push(fc.constantFrom(1, -1, 0, 1.5));
  if (schema.type !== 'boolean') others.push(fc.boolean());
  if (schema.type !== 'object') others.push(fc.constant({ x: 1 }));
  if (schema.type !== 'array') others.push(fc.constant([1, 'a']));
  if (!schema.nullable) others.push(fc.constant(null));
  return fc.oneof(...others);
}

/**
 * Values the schema refuses, built from a valid one: another type, a required field missing,
 * an unknown field, one field of the wrong type, or the hostile corpus in place of a field.
 */
export function invalidArbitraryOf(schema: JsonSchema, ctx: Context): Arbitrary<unknown> {
  const variants: Arbitrary<unknown>[] = [wrongTypeArbitrary(schema)];
  const properties = Object.keys(schema.properties ?? {});
  if (schema.type === 'object' && properties.length > 0) {
    const valid = objectArbitrary(schema, 'valid', ctx);
    const key = fc.constantFrom(...properties);
    variants.push(
      fc
        .tuple(valid, key, fc.constantFrom(...hostileValues))
        .map(([v, k, bad]) => ({ ...v, [k]: bad })),
      fc
        .tuple(valid, key)
        .chain(([v, k]) =>
          wrongTypeArbitrary(schema.properties?.[k] ?? {}).map((bad) => ({ ...v, [k]: bad })),
        ),
      fc
        .tuple(valid, key)
        .map(([v, k]) => Object.fromEntries(Object.entries(v).filter(([name]) => name !== k))),
      valid.map((v) => ({ ...v, unexpected_field: 'x', 'drop table users': 1 })),
    );
  }
  if (schema.type === 'array' && schema.items) {
    variants.push(
      fc.array(wrongTypeArbitrary(schema.items), { minLength: 1, maxLength: 3 }),
      fc.array(arbitraryOf(schema.items, 'valid', ctx), { minLength: 200, maxLength: 300 }),
    );
  }
  return fc.oneof(...variants);
}
