import { describe, expect, it } from 'vitest';
import * as contract from '@roastery/contract';
import { errorReplyFields, loginReply, refreshReply } from './reply-checks.ts';

const values: unknown[] = [
  undefined,
  null,
  0,
  'text',
  [],
  ['a', 'b'],
  '',
  -3,
  1.5,
  2 ** 53,
  Number.NaN,
  true,
  {},
  { nested: 1 },
];

/** Objects made from every field of a shape, each of them right, missing or any other value. */
function samples(valid: Record<string, unknown>): unknown[] {
  const all: unknown[] = [valid, { ...valid, extra: 'dropped' }, ...values];
  for (const key of Object.keys(valid)) {
    const { [key]: _, ...missing } = valid;
    all.push(missing);
    for (const value of values) all.push({ ...valid, [key]: value });
  }
  return all;
}

/** What a parser yields, or that it refused. */
function outcome(parse: () => unknown): { value: unknown } | 'refused' {
  try {
    return { value: parse() };
  } catch {
    return 'refused';
  }
}

describe('reply checks without zod', () => {
  it('accepts and refuses the sign-in replies the contract accepts and refuses', () => {
    const login = samples({ full_name: 'Ada Roaster', token: 'a.b.c', refreshToken: 'r', role: 2 });
    for (const data of login) {
      expect(
        outcome(() => loginReply.parse(data)),
        JSON.stringify(data),
      ).toEqual(outcome(() => contract.loginReply.parse(data)));
    }
    expect(loginReply.parse({ full_name: 'A', token: 't', refreshToken: 'r', role: 1 })).toEqual({
      full_name: 'A',
      token: 't',
      refreshToken: 'r',
      role: 1,
    });
  });

  it('accepts and refuses the token refresh replies the contract accepts and refuses', () => {
    for (const data of samples({ token: 'a.b.c', refreshToken: 'r' })) {
      expect(
        outcome(() => refreshReply.parse(data)),
        JSON.stringify(data),
      ).toEqual(outcome(() => contract.refreshReply.parse(data)));
    }
  });

  it('reads the fields of an error reply as the contract reads them', () => {
    const partial = contract.errorReply.partial();
    for (const data of samples({ statusCode: 409, error: 'Conflict', message: 'Taken.' })) {
      const parsed = partial.safeParse(data);
      expect(errorReplyFields(data), JSON.stringify(data)).toEqual(
        parsed.success ? parsed.data : {},
      );
    }
    expect(errorReplyFields({ error: 'Code Required' })).toEqual({ error: 'Code Required' });
  });
});
