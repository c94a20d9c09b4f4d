import type { ErrorReply, LoginReply, RefreshReply } from '@roastery/contract';
import type { ReplyParser } from './api-client.ts';

/*
 * The replies read before anyone is signed in (sign-in itself, its errors) and by the api
 * client for every call (errors, token refresh), checked without the contract's zod schemas:
 * zod would otherwise load with the sign-in screen. They accept what those schemas accept,
 * which their tests hold them to; every other reply is still checked with the contract.
 */

const fieldChecks = {
  string: (value: unknown) => typeof value === 'string',
  // As zod's int(): a number that is a safe integer.
  integer: (value: unknown) => Number.isSafeInteger(value),
};

/** Each field of a reply and the kind of value it must hold. */
type Shape<T> = { [K in keyof T]-?: T[K] extends string ? 'string' : 'integer' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A parser that keeps the fields of shape, each of the kind it names, and drops the rest. */
function objectReply<T>(what: string, shape: Shape<T>): ReplyParser<T> {
  return {
    parse(data) {
      if (!isRecord(data)) throw new TypeError(`${what} is not an object.`);
      const reply: Record<string, unknown> = {};
      for (const [key, kind] of Object.entries<keyof typeof fieldChecks>(shape)) {
        if (!fieldChecks[kind](data[key])) throw new TypeError(`${what} has no valid ${key}.`);
        reply[key] = data[key];
      }
      return reply as T;
    },
  };
}

export const loginReply = objectReply<LoginReply>('The sign-in reply', {
  full_name: 'string',
  token: 'string',
  refreshToken: 'string',
  role: 'integer',
});

export const refreshReply = objectReply<RefreshReply>('The token refresh reply', {
  token: 'string',
  refreshToken: 'string',
});

const errorShape: Shape<ErrorReply> = { statusCode: 'integer', error: 'string', message: 'string' };

/**
 * The fields of an error reply, each optional; nothing at all when a field is of the wrong
 * kind (as the contract's errorReply.partial() reads it).
 */
export function errorReplyFields(data: unknown): Partial<ErrorReply> {
  if (!isRecord(data)) return {};
  const fields: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries<keyof typeof fieldChecks>(errorShape)) {
    if (data[key] === undefined) continue;
    if (!fieldChecks[kind](data[key])) return {};
    fields[key] = data[key];
  }
  return fields;
}
