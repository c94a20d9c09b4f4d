import { describe, expect, it } from 'vitest';
import { minutesLeftToWarn, needsRenewal, tokenExpiry } from './session-expiry.ts';

function jwt(payload: object): string {
  const body = btoa(JSON.stringify(payload))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${body}.signature`;
}

describe('session expiry', () => {
  it("reads a token's expiry, and nothing from a token that has none", () => {
    expect(tokenExpiry(jwt({ exp: 1_800_000_000, sub: 'ü?>' }))).toBe(1_800_000_000_000);
    expect(tokenExpiry(jwt({ sub: '1' }))).toBeUndefined();
    expect(tokenExpiry('not-a-token')).toBeUndefined();
    expect(tokenExpiry(undefined)).toBeUndefined();
  });

  it('renews a token that would expire before the next background call and a minute after', () => {
    const now = 1_000_000;
    expect(needsRenewal(now + 181_000, now)).toBe(false);
    expect(needsRenewal(now + 179_000, now)).toBe(true);
    expect(needsRenewal(undefined, now)).toBe(false);
  });

  it('warns within the window only, in whole minutes, and never when set to 0', () => {
    const now = 0;
    expect(minutesLeftToWarn(6 * 60_000, now, 5)).toBeUndefined();
    expect(minutesLeftToWarn(4 * 60_000 + 1, now, 5)).toBe(5);
    expect(minutesLeftToWarn(10_000, now, 5)).toBe(1);
    expect(minutesLeftToWarn(10_000, now, 0)).toBeUndefined();
  });
});
