import { z } from 'zod';
import { INT32_MAX, INT32_MIN } from '@roastery/contract';

type JsonSchema = Record<string, unknown>;

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isInteger(node: JsonSchema): boolean {
  return node.type === 'integer' || (Array.isArray(node.type) && node.type.includes('integer'));
}

function numberAt(node: JsonSchema, key: string): number | undefined {
  const value = node[key];
  return typeof value === 'number' ? value : undefined;
}

/** An exclusive bound of an integer is one step inside the inclusive one. */
function withinInt32(node: JsonSchema): boolean {
  const min = numberAt(node, 'minimum') ?? (numberAt(node, 'exclusiveMinimum') ?? -Infinity) + 1;
  const max = numberAt(node, 'maximum') ?? (numberAt(node, 'exclusiveMaximum') ?? Infinity) - 1;
  return min >= INT32_MIN && max <= INT32_MAX;
}

// Only these keys hold schemas; others (default, enum, const) hold data that must not be read as one.
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Keys holding one schema, and the step they add to a field's path ('' for none). */
const SCHEMA_VALUES = new Map([
  ['items', '0'],
  ['contains', '0'],
  ['additionalProperties', '*'],
  ['propertyNames', ''],
  ['not', ''],
  ['if', ''],
  ['then', ''],
  ['else', ''],
]);

function collect(node: JsonSchema, path: string[], found: Set<string>): void {
  if (isInteger(node) && !withinInt32(node)) found.add(path.join('.') || '(the whole value)');
  for (const [key, child] of Object.entries(node)) {
    if (SCHEMA_MAPS.has(key) && isSchema(child)) {
      for (const [name, schema] of Object.entries(child)) {
        if (isSchema(schema)) collect(schema, key === '$defs' ? path : [...path, name], found);
      }
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(child)) {
      for (const schema of child) if (isSchema(schema)) collect(schema, path, found);
    } else if (SCHEMA_VALUES.has(key) && isSchema(child)) {
      const step = SCHEMA_VALUES.get(key);
      collect(child, step ? [...path, step] : path, found);
    }
  }
}

/**
 * The fields ('tags.0.command_id') of a request schema that accept an integer beyond the
 * 32-bit range of the database's integer columns. Both sides are read: what the client sends,
 * and what a transform makes of it (a comma-separated text turned into ids).
 */
export function unboundedIntegers(schema: z.ZodType): string[] {
  const found = new Set<string>();
  for (const io of ['input', 'output'] as const) {
    collect(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), [], found);
  }
  return [...found];
}
