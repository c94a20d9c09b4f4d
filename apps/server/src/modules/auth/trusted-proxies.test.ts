import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Role, type AuditPage, type SignInThrottle, type UserSession } from '@roastery/contract';
import { ADMIN_PASSWORD, USER_PASSWORD, buildTestApp, type TestApp } from '../../../test/helper.ts';

// The console behind one proxy at 10.50.0.1 and a load balancer network 192.168.7.0/24.
let t: TestApp;
const clock = { now: Date.parse('2026-04-06T08:00:00Z') };
const PROXY = '10.50.0.1';

beforeAll(async () => {
  t = await buildTestApp(
    { TRUST_PROXY: `${PROXY}, 192.168.7.0/24` },
    { signInClock: () => clock.now },
  );
});
afterAll(() => t.close());
beforeEach(() => {
  clock.now += 60 * 60_000;
});

function login(
  username: string,
  password: string,
  peer: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password },
    remoteAddress: peer,
    headers,
  });
}

/** 200 wrong passwords at once, each claiming a new forwarded address: the status codes counted. */
async function forgedSpray(peer: string, forwardedFor: (i: number) => string) {
  const replies = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      login('sam.supervisor', 'wrong-password', peer, { 'x-forwarded-for': forwardedFor(i) }),
    ),
  );
  const counts: Record<number, number> = {};
  for (const reply of replies) counts[reply.statusCode] = (counts[reply.statusCode] ?? 0) + 1;
  return counts;
}

async function throttledAddresses(): Promise<string[]> {
  const { body } = await t.as(Role.Administrator)<SignInThrottle[]>('GET', '/api/user/throttles');
  return body.map((throttle) => throttle.address);
}

async function clearThrottles(): Promise<void> {
  expect((await t.as(Role.Administrator)('DELETE', '/api/user/throttles')).status).toBe(200);
}

/** The address of the newest sign-in of sam.supervisor in the audit log and the sessions list. */
async function recordedAddresses(): Promise<{ audit: string | null; session: string | null }> {
  await t.services.audit.flush();
  const admin = t.as(Role.Administrator);
  const { body: audit } = await admin<AuditPage>(
    'GET',
    '/api/audit?category=auth&user=sam.supervisor&limit=1',
  );
  const users = await admin<{ id: number; username: string }[]>('GET', '/api/user');
  const sam = users.body.find((u) => u.username === 'sam.supervisor');
  const { body: sessions } = await admin<UserSession[]>('GET', `/api/user/${sam?.id}/sessions`);
  return { audit: audit.data[0]?.address ?? null, session: sessions[0]?.address ?? null };
}

describe('TRUST_PROXY names the proxies whose X-Forwarded-For is believed', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const peer = '10.60.0.9';
    const counts = await forgedSpray(peer, (i) => `203.0.113.${i % 250}, 198.51.100.${i % 250}`);
    expect(counts).toEqual({ 401: 5, 429: 195 });
    expect(await throttledAddresses()).toEqual([peer]);
    await clearThrottles();

    const signedIn = await login('sam.supervisor', USER_PASSWORD, peer, {
      'x-forwarded-for': '203.0.113.77',
    });
    expect(signedIn.statusCode).toBe(200);
    expect(await recordedAddresses()).toEqual({ audit: peer, session: peer });
  });

  it('takes the right-most address a trusted proxy did not add', async () => {
    const client = '198.51.100.23';
    // The client forges the left part; the proxies append what they saw, right-most last.
    const counts = await forgedSpray(
      PROXY,
      (i) => `203.0.113.${i % 250}, ${client}, 192.168.7.${(i % 200) + 1}`,
    );
    expect(counts).toEqual({ 401: 5, 429: 195 });
    expect(await throttledAddresses()).toEqual([client]);
    await clearThrottles();

    const signedIn = await login('sam.supervisor', USER_PASSWORD, PROXY, {
      'x-forwarded-for': `203.0.113.1, ${client}`,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(await recordedAddresses()).toEqual({ audit: client, session: client });
  });

  it("believes the trusted proxy's X-Forwarded-Proto: the device cookie is Secure over HTTPS", async () => {
    const overHttps = await login('admin', ADMIN_PASSWORD, PROXY, {
      'x-forwarded-for': '198.51.100.24',
      'x-forwarded-proto': 'https',
    });
    expect(overHttps.cookies).toMatchObject([{ secure: true, httpOnly: true, sameSite: 'Strict' }]);
    const forgedProto = await login('admin', ADMIN_PASSWORD, '10.60.0.10', {
      'x-forwarded-proto': 'https',
    });
    expect(forgedProto.cookies).toMatchObject([{ httpOnly: true }]);
    expect(forgedProto.cookies[0]?.secure).toBeUndefined();
  });
});
