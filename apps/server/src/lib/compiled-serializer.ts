import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A reply serializer compiled from the route's zod schema, for the hot reads that answer from
 * memory (a device's summary). The app's default serializer encodes every reply through zod
 * before JSON.stringify, which on such a route costs more than the route's own work; here the
 * schema becomes JSON Schema once and fast-json-stringify writes the reply from it, keeping only
 * the declared fields. The replies are built from typed records, so the compiler, not a check
 * on every request, keeps them in shape.
 */
export function compiledSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  if (!(schema instanceof z.ZodType)) throw new TypeError('a compiled reply needs a zod schema');
  return fastJson(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-07' }) as Parameters<typeof fastJson>[0],
  );
}
