import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LIVE_BROWSER_HEADER,
  LIVE_HEARTBEAT_MS,
  LIVE_MAX_STREAMS_PER_BROWSER,
  Role,
  type RoleId,
} from '@roastery/contract';
import { buildTestApp, eventually, type TestApp } from '../../../test/helper.ts';

interface Stream {
  status: number;
  /** The refusal's message, when refused. */
  message?: string;
  reader?: ReadableStreamDefaultReader<string>;
  headers?: Headers;
  close(): void;
}

let t: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});

async function listening(env: Record<string, string>) {
  t = await buildTestApp(env);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const tokens = new Map<RoleId, string>();
  for (const role of [Role.Administrator, Role.Supervisor, Role.Operator] as const) {
    tokens.set(role, await t.tokenFor(role));
  }
  const app = t;
  /** A stream as a tab opens it; `browser` is the id the console's tabs send. */
  const openStream = async (role: RoleId, browser?: string): Promise<Stream> => {
    const abort = new AbortController();
    const res = await fetch(`${base}/api/live`, {
      headers: {
        authorization: `Bearer ${tokens.get(role)}`,
        ...(browser === undefined ? {} : { [LIVE_BROWSER_HEADER]: browser }),
      },
      signal: abort.signal,
    });
    if (res.status !== 200) {
      const body = (await res.json()) as { message: string };
      return { status: res.status, message: body.message, close: () => undefined };
    }
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    // The first bytes arrive once the server has counted the stream.
    await reader.read();
    return { status: 200, reader, headers: res.headers, close: () => abort.abort() };
  };
  return { app, openStream, tokens };
}

describe('GET /api/live limits', () => {
  it('holds the per-user limit exactly under simultaneous opens, and frees a place on close', async () => {
    const { app, openStream } = await listening({ LIVE_MAX_STREAMS_PER_USER: '3' });
    const streams = await Promise.all(Array.from({ length: 20 }, () => openStream(Role.Operator)));
    const accepted = streams.filter((s) => s.status === 200);
    const refused = streams.filter((s) => s.status !== 200);
    expect(accepted).toHaveLength(3);
    expect(refused).toHaveLength(17);
    expect(new Set(refused.map((s) => s.status))).toEqual(new Set([429]));
    expect(refused[0]?.message).toBe(
      'This account already has 3 live connections open, the most allowed. Close a console tab or window that is no longer in use; meanwhile this one refreshes on a timer.',
    );

    // Another user is not held back by the operator's tabs.
    const supervisor = await openStream(Role.Supervisor);
    expect(supervisor.status).toBe(200);

    accepted[0]?.close();
    const again = await eventually(async () => {
      const s = await openStream(Role.Operator);
      return s.status === 200 ? s : undefined;
    }, 'a place freed by a closed stream');
    expect(again.status).toBe(200);
    expect((await openStream(Role.Operator)).status).toBe(429);
    expect(app.services.live.subscribers).toBe(4);
    for (const s of [...accepted, again, supervisor]) s.close();
  });

  it('refuses streams beyond the total with 503, but keeps one for an administrator', async () => {
    const { openStream } = await listening({
      LIVE_MAX_STREAMS_PER_USER: '3',
      LIVE_MAX_STREAMS: '4',
    });
    const operator = await Promise.all([1, 2, 3].map(() => openStream(Role.Operator)));
    const supervisor = await openStream(Role.Supervisor);
    expect([...operator, supervisor].map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const refused = await openStream(Role.Supervisor);
    expect(refused.status).toBe(503);
    expect(refused.message).toBe(
      'The console is serving the most live connections it allows (4). This screen refreshes on a timer and reconnects when one is free.',
    );
    // At the cap an administrator can still see the plant and act, with one stream.
    const admin = await openStream(Role.Administrator);
    expect(admin.status).toBe(200);
    const secondAdmin = await openStream(Role.Administrator);
    expect(secondAdmin.status).toBe(503);
    expect(secondAdmin.message).toBe(
      'The console is serving the most live connections it allows (5). This screen refreshes on a timer and reconnects when one is free.',
    );
    for (const s of [...operator, supervisor, admin]) s.close();
  });
});

describe('GET /api/live per browser', () => {
  const browser = (n: number) => n.toString(16).padStart(32, '0');

  it('leaves a browser connections for its pages: past the limit its tabs are told why, and a closed tab frees a place', async () => {
    const { openStream } = await listening({});
    const tabs = [];
    for (let i = 0; i < LIVE_MAX_STREAMS_PER_BROWSER; i += 1) {
      tabs.push(await openStream(Role.Operator, browser(1)));
    }
    expect(tabs.map((s) => s.status)).toEqual(Array(LIVE_MAX_STREAMS_PER_BROWSER).fill(200));
    const refused = await openStream(Role.Supervisor, browser(1));
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(
      `This browser already has live updates in ${LIVE_MAX_STREAMS_PER_BROWSER} console tabs, the most it can keep open while leaving connections for the screens. This tab refreshes on a timer and goes live when one of those tabs is closed.`,
    );
    // Another browser, and a client that names none, count only per user.
    const other = await openStream(Role.Operator, browser(2));
    const unnamed = await openStream(Role.Operator);
    expect([other.status, unnamed.status]).toEqual([200, 200]);

    tabs[0]!.close();
    const again = await eventually(async () => {
      const s = await openStream(Role.Operator, browser(1));
      return s.status === 200 ? s : undefined;
    }, 'a place freed by a closed tab');
    for (const s of [...tabs, other, unnamed, again]) s.close();
  });

  it('refuses a browser id that is not one the console makes', async () => {
    const { openStream } = await listening({});
    const bad = await openStream(Role.Operator, 'not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('The browser id must be 32 hexadecimal digits');
  });
});

describe('GET /api/live headers', () => {
  it('carries the security headers, though the route writes the response itself', async () => {
    const { openStream } = await listening({});
    const stream = await openStream(Role.Operator);
    expect(stream.headers?.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers?.get('x-content-type-options')).toBe('nosniff');
    expect(stream.headers?.get('x-frame-options')).toBe('DENY');
    expect(stream.headers?.get('content-security-policy')).toMatch(/^default-src 'self';/);
    stream.close();
  });
});

describe('GET /api/live heartbeat', () => {
  it('writes a comment line on an idle stream at every interval', async () => {
    // Only the interval timer is faked: the heartbeat is driven, never waited for.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { openStream } = await listening({});
    const stream = await openStream(Role.Operator);
    const reader = stream.reader!;
    for (let beat = 0; beat < 3; beat += 1) {
      vi.advanceTimersByTime(LIVE_HEARTBEAT_MS);
      const { value } = await reader.read();
      expect(value).toBe(': heartbeat\n\n');
    }
    stream.close();
  });
});

describe('GET /api/live and ended sessions', () => {
  it("closes a user's streams once an administrator resets the password, and no one else's", async () => {
    const { app, openStream, tokens } = await listening({});
    const operator = await openStream(Role.Operator);
    await openStream(Role.Supervisor);
    const open = app.services.live.subscribers;
    const operatorId = (await app.services.auth.authenticate(tokens.get(Role.Operator)!))!.id;

    const reset = await app.as(Role.Administrator)('POST', '/api/user/admin-reset-password', {
      user_id: operatorId,
      newPassword: 'a-new-password-123',
    });
    expect(reset.status).toBe(200);

    // The server ends the operator's stream: its reader reaches the end.
    for (;;) {
      const { done } = await operator.reader!.read();
      if (done) break;
    }
    await eventually(() => app.services.live.subscribers === open - 1, 'one stream left');
    expect(app.services.live.subscribers).toBe(open - 1);
  });
});

describe('GET /api/live when the session ends', () => {
  it("closes a person's stream when they are deleted or given another role, not when renamed", async () => {
    t = await buildTestApp({});
    const app = t;
    const base = await app.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = app.as(Role.Administrator);
    let people = 0;
    /** A new person signed in, with a live stream open as their tab opens it. */
    const personWithStream = async () => {
      people += 1;
      const username = `live.person.${people}`;
      const { id } = await app.services.users.create(
        {
          full_name: `Live Person ${people}`,
          username,
          user_role: Role.Supervisor,
          password: 'live-person-pass',
        },
        'Test setup',
      );
      const login = await app.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username, password: 'live-person-pass' },
      });
      const res = await fetch(`${base}/api/live`, {
        headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` },
      });
      expect(res.status).toBe(200);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      await reader.read();
      return { id, reader };
    };
    /** Reads until the server ends the stream, or until an event of this type arrives. */
    const readUntil = async (reader: ReadableStreamDefaultReader<string>, event?: string) => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended';
        if (event && value.includes(`event: ${event}\n`)) return event;
      }
    };

    const renamed = await personWithStream();
    expect((await admin('PUT', `/api/user/${renamed.id}`, { full_name: 'New Name' })).status).toBe(
      200,
    );
    app.services.live.publish({
      type: 'plc',
      state: 'connected',
      error: null,
      not_live_since: null,
    });
    expect(await readUntil(renamed.reader, 'plc')).toBe('plc');

    const demoted = await personWithStream();
    expect(
      (await admin('PUT', `/api/user/${demoted.id}`, { user_role: Role.Operator })).status,
    ).toBe(200);
    expect(await readUntil(demoted.reader)).toBe('ended');

    const deleted = await personWithStream();
    expect((await admin('DELETE', `/api/user/${deleted.id}`)).status).toBe(200);
    expect(await readUntil(deleted.reader)).toBe('ended');

    // The renamed person's stream is still open: it receives what is published next.
    app.services.live.publish({
      type: 'plc',
      state: 'connected',
      error: null,
      not_live_since: null,
    });
    expect(await readUntil(renamed.reader, 'plc')).toBe('plc');
    await renamed.reader.cancel();
  });
});
