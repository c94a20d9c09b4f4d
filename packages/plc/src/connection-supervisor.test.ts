import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  ConnectionSupervisor,
  type StateTransition,
} from './connection-supervisor.ts';

/** A connect function whose attempts the test settles by hand. */
function manualConnect() {
  const attempts: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const connect = () =>
    new Promise<void>((resolve, reject) => {
      attempts.push({ resolve, reject });
    });
  return { connect, attempts };
}

function record(supervisor: ConnectionSupervisor) {
  const transitions: StateTransition[] = [];
  supervisor.on('transition', (t) => transitions.push(t));
  return {
    transitions,
    states: () => transitions.map((t) => t.to),
  };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('backoffDelay', () => {
  const options = { minMs: 100, maxMs: 1_000, factor: 2, jitter: 0 };

  it('grows exponentially from the minimum and stops at the maximum', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, options))).toEqual([
      100, 200, 400, 800, 1_000, 1_000,
    ]);
  });

  it('shortens the delay by at most the jitter share, never beyond the maximum', () => {
    const jittered = { ...options, jitter: 0.5 };
    expect(backoffDelay(3, jittered, () => 0)).toBe(400);
    expect(backoffDelay(3, jittered, () => 0.999_999)).toBe(200);
    for (let attempt = 1; attempt < 20; attempt += 1) {
      const delay = backoffDelay(attempt, jittered, Math.random);
      expect(delay).toBeLessThanOrEqual(1_000);
      expect(delay).toBeGreaterThanOrEqual(50);
    }
  });
});

describe('ConnectionSupervisor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const backoff = { minMs: 100, maxMs: 400, factor: 2, jitter: 0 };

  it('goes disconnected -> connecting -> connected', async () => {
    const { connect, attempts } = manualConnect();
    const supervisor = new ConnectionSupervisor({ connect, backoff });
    const log = record(supervisor);
    expect(supervisor.state).toBe('disconnected');
    supervisor.start();
    expect(supervisor.state).toBe('connecting');
    attempts[0]?.resolve();
    await settle();
    expect(log.states()).toEqual(['connecting', 'connected']);
    expect(log.transitions[0]?.from).toBe('disconnected');
  });

  it('retries failed attempts with growing delays until one succeeds', async () => {
    const { connect, attempts } = manualConnect();
    const supervisor = new ConnectionSupervisor({ connect, backoff });
    const log = record(supervisor);
    supervisor.start();
    for (let i = 0; i < 4; i += 1) {
      attempts[i]?.reject(new Error(`refused ${i}`));
      await settle();
      const delay = log.transitions.at(-1)?.delayMs ?? 0;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(attempts).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts).toHaveLength(i + 2);
    }
    attempts[4]?.resolve();
    await settle();
    const backoffs = log.transitions.filter((t) => t.to === 'backoff');
    expect(backoffs.map((t) => t.delayMs)).toEqual([100, 200, 400, 400]);
    expect(backoffs.map((t) => t.attempt)).toEqual([1, 2, 3, 4]);
    expect(backoffs[0]?.error).toBe('refused 0');
    expect(supervisor.state).toBe('connected');
    expect(supervisor.attempt).toBe(0);
  });

  it('backs off when a connected link is lost, then reconnects', async () => {
    const { connect, attempts } = manualConnect();
    const supervisor = new ConnectionSupervisor({ connect, backoff });
    const log = record(supervisor);
    supervisor.start();
    attempts[0]?.resolve();
    await settle();
    supervisor.linkLost('ECONNRESET');
    expect(supervisor.state).toBe('backoff');
    expect(log.transitions.at(-1)).toMatchObject({
      from: 'connected',
      to: 'backoff',
      error: 'ECONNRESET',
      delayMs: 100,
    });
    await vi.advanceTimersByTimeAsync(100);
    attempts[1]?.resolve();
    await settle();
    expect(log.states()).toEqual(['connecting', 'connected', 'backoff', 'connecting', 'connected']);
  });

  it('ignores a link loss reported when not connected', () => {
    const { connect } = manualConnect();
    const supervisor = new ConnectionSupervisor({ connect, backoff });
    supervisor.linkLost('late');
    expect(supervisor.state).toBe('disconnected');
  });

  it('stops during backoff without attempting again', async () => {
    const { connect, attempts } = manualConnect();
    const supervisor = new ConnectionSupervisor({ connect, backoff });
    supervisor.start();
    attempts[0]?.reject(new Error('refused'));
    await settle();
    supervisor.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempts).toHaveLength(1);
    expect(supervisor.state).toBe('closed');
  });

  it('ignores an attempt that succeeds after stop', async () => {
    const { connect, attempts } = manualConnect();
    const supervisor = new ConnectionSupervisor({ connect, backoff });
    const log = record(supervisor);
    supervisor.start();
    supervisor.stop();
    attempts[0]?.resolve();
    await settle();
    expect(log.states()).toEqual(['connecting', 'closed']);
  });

  it('restarts after stop', async () => {
    const { connect, attempts } = manualConnect();
    const supervisor = new ConnectionSupervisor({ connect, backoff });
    supervisor.start();
    supervisor.stop();
    supervisor.start();
    attempts[1]?.resolve();
    await settle();
    expect(supervisor.state).toBe('connected');
  });

  it('treats a connect function that throws as a failed attempt', async () => {
    const supervisor = new ConnectionSupervisor({
      connect: () => {
        throw new Error('bad host');
      },
      backoff,
    });
    supervisor.start();
    await settle();
    expect(supervisor.state).toBe('backoff');
    supervisor.stop();
  });

  it('refuses a backoff whose maximum is below its minimum', () => {
    expect(
      () =>
        new ConnectionSupervisor({
          connect: async () => undefined,
          backoff: { minMs: 10, maxMs: 5 },
        }),
    ).toThrow(RangeError);
  });
});
