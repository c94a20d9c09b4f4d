import { describe, expect, it } from 'vitest';
import { tokenUserId } from './token-claims.ts';

function jwt(payload: object): string {
  const body = btoa(JSON.stringify(payload))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${body}.signature`;
}

describe('token claims', () => {
  it("reads the user's id from the subject, and none from a token without a numeric one", () => {
    expect(tokenUserId(jwt({ sub: '42', exp: 1_800_000_000 }))).toBe(42);
    expect(tokenUserId(jwt({ sub: 'sam' }))).toBeUndefined();
    expect(tokenUserId(jwt({ sub: 42 }))).toBeUndefined();
    expect(tokenUserId(`eyJhbGciOiJIUzI1NiJ9.${btoa('"42"')}.signature`)).toBeUndefined();
    expect(tokenUserId('not-a-token')).toBeUndefined();
    expect(tokenUserId(undefined)).toBeUndefined();
  });
});
