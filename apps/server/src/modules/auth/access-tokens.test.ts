import { describe, expect, it } from 'vitest';
import { AccessTokens } from './access-tokens.ts';

const SECRET = 'a-test-signing-secret-of-enough-length';

describe('AccessTokens', () => {
  it('refuses a token that was checked before, once it has expired', async () => {
    let now = Date.parse('2026-11-23T08:00:00.000Z');
    const tokens = new AccessTokens(SECRET, 900, () => now);
    const token = await tokens.sign({ userId: 7, tokenVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, tokenVersion: 3 });
    now += 899_999;
    expect(await tokens.verify(token)).toEqual({ userId: 7, tokenVersion: 3 });
    now += 1;
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token signed with another secret or altered', async () => {
    const tokens = new AccessTokens(SECRET, 900);
    const other = new AccessTokens(`${SECRET}-other`, 900);
    const token = await tokens.sign({ userId: 7, tokenVersion: 3 });
    expect(await tokens.verify(token)).toBeDefined();
    expect(await other.verify(token)).toBeUndefined();
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: '1', ver: 3, exp: 4e9 })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${payload}.${signature}`)).toBeUndefined();
  });
});
