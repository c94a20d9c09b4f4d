import { Ajv, type ValidateFunction } from 'ajv';
import type { JsonSchema } from './schema-arbitraries.ts';
import type { Operation } from './operations.ts';

/**
 * OpenAPI 3.0 writes exclusive bounds as booleans beside minimum/maximum (JSON Schema draft 4);
 * Ajv reads the later form, where the bound itself is the number. A nullable union (`oneOf` or
 * `anyOf` with `nullable` and no `type`) becomes a union that also admits null, which Ajv's
 * `nullable` cannot say without a type.
 */
function toDraft7(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toDraft7);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = toDraft7(value);
  const s = schema as JsonSchema;
  if (s.exclusiveMinimum === true) {
    out.exclusiveMinimum = s.minimum;
    delete out.minimum;
  } else if (s.exclusiveMinimum === false) delete out.exclusiveMinimum;
  if (s.exclusiveMaximum === true) {
    out.exclusiveMaximum = s.maximum;
    delete out.maximum;
  } else if (s.exclusiveMaximum === false) delete out.exclusiveMaximum;
  if (out.nullable === true && out.type === undefined) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

/** What every error reply carries, whether or not its route declares it. */
const errorShape = {
  type: 'object',
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string', minLength: 1 },
    message: { type: 'string', minLength: 1 },
  },
  required: ['statusCode', 'error', 'message'],
};

/** Checks replies against the schemas their operation declares; undefined when a reply is right. */
export class ReplyChecker {
  readonly #ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  readonly #compiled = new Map<JsonSchema, ValidateFunction>();
  readonly #error = this.#ajv.compile(errorShape);

  #validator(schema: JsonSchema): ValidateFunction {
    let validate = this.#compiled.get(schema);
    if (!validate) {
      validate = this.#ajv.compile(toDraft7(schema) as object);
      this.#compiled.set(schema, validate);
    }
    return validate;
  }

  /** The problem with one reply, or undefined. */
  problem(op: Operation, status: number, contentType: string, body: string): string | undefined {
    if (status >= 500 && status !== 503) return `status ${status}: ${body.slice(0, 300)}`;
    const declared = op.responses.get(status);
    const isJson = contentType.startsWith('application/json');
    if (!declared && status < 400) {
      const declaresSuccess = [...op.responses.keys()].some((s) => s < 400);
      return declaresSuccess ? `status ${status} is not declared` : undefined;
    }
    if (!isJson) return `status ${status} answered ${contentType || 'no content type'}`;
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return `status ${status}: the body is not JSON`;
    }
    const validate = declared ? this.#validator(declared) : this.#error;
    if (!validate(json)) {
      return `status ${status}: ${this.#ajv.errorsText(validate.errors)} in ${body.slice(0, 300)}`;
    }
    if (status >= 400 && (json as { statusCode?: unknown }).statusCode !== status) {
      return `status ${status}: the body says ${String((json as { statusCode?: unknown }).statusCode)}`;
    }
    return undefined;
  }
}
