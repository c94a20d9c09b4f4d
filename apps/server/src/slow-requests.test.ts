import { once } from 'node:events';
import { request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@roastery/contract';
import { startTestServer, type TestApp } from '../test/helper.ts';

let t: TestApp & { url: string };
beforeAll(async () => {
  t = await startTestServer({ REQUEST_BODY_TIMEOUT: '500ms' });
});
afterAll(() => t.close());

/** The most bytes trickled: far past the timeout, well inside the test's own. */
const MAX_TRICKLE = 100;

/**
 * Sends a request's headers, then its body a byte at a time every 100 ms, until the server
 * closes the connection or MAX_TRICKLE bytes have gone. Returns what the server answered, and
 * whether it closed the connection.
 */
async function trickle(): Promise<{ answer: string; closed: boolean }> {
  const { port } = new URL(t.url);
  const socket = connect({ port: Number(port), host: '127.0.0.1' });
  await once(socket, 'connect');
  let answer = '';
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  socket.on('error', () => undefined);
  const ended = once(socket, 'close').then(() => (closed = true));
  socket.write(
    'POST /api/user/login HTTP/1.1\r\nHost: console\r\nContent-Type: application/json\r\n' +
      'Content-Length: 1000\r\n\r\n',
  );
  for (let sent = 0; sent < MAX_TRICKLE && !closed; sent++) {
    socket.write(' ');
    await Promise.race([ended, new Promise((r) => setTimeout(r, 100))]);
  }
  socket.destroy();
  return { answer, closed };
}

function openLiveStream(token: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.url}/api/live`, {
      headers: { authorization: `Bearer ${token}` },
      agent: false,
    });
    req.on('response', resolve).on('error', reject).end();
  });
}

describe('a request that arrives too slowly', () => {
  it('is cut off with 408, while the server answers others and the live stream stays open', async () => {
    const live = await openLiveStream(await t.tokenFor(Role.Supervisor));
    expect(live.statusCode).toBe(200);
    let liveEnded = false;
    live.on('close', () => (liveEnded = true));
    live.resume();

    const { answer, closed } = await trickle();
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);

    const health = await fetch(`${t.url}/api/health/live`);
    expect(health.status).toBe(200);
    // The stream was open for longer than the timeout, through the check that cut the trickle.
    expect(liveEnded).toBe(false);
    live.destroy();
  });
});
