import { describe, expect, it } from 'vitest';
import { SharedRead, SharedReads } from './shared-read.ts';

/** A read that resolves when the test says so, counting how often it was started. */
function controlledRead() {
  const pending: ((value: number) => void)[] = [];
  let started = 0;
  const read = () =>
    new Promise<number>((resolve) => {
      started += 1;
      pending.push(resolve);
    });
  return {
    read,
    started: () => started,
    resolve(index: number, value: number) {
      const settle = pending[index];
      if (!settle) throw new Error(`read ${index} was not started`);
      settle(value);
    },
  };
}

function setup() {
  let now = 1_000;
  const c = controlledRead();
  const shared = new SharedRead(c.read, { maxAgeMs: 1_000, now: () => now });
  return { c, shared, advance: (ms: number) => (now += ms) };
}

describe('SharedRead', () => {
  it('answers the requests that arrive during a read with that read', async () => {
    const { c, shared } = setup();
    const first = shared.get();
    const second = shared.get();
    expect(c.started()).toBe(1);
    c.resolve(0, 7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
  });

  it('answers with a finished read until it is maxAgeMs old, then reads again', async () => {
    const { c, shared, advance } = setup();
    const first = shared.get();
    c.resolve(0, 1);
    await first;
    advance(999);
    expect(await shared.get()).toBe(1);
    expect(c.started()).toBe(1);
    advance(1);
    const later = shared.get();
    expect(c.started()).toBe(2);
    c.resolve(1, 2);
    expect(await later).toBe(2);
  });

  it('never answers a request made after a change with a read started before it', async () => {
    const { c, shared } = setup();
    const before = shared.get();
    shared.invalidate();
    const after = shared.get();
    const alongside = shared.get();
    expect(c.started()).toBe(2);
    c.resolve(1, 20);
    c.resolve(0, 10);
    expect(await before).toBe(10);
    expect(await after).toBe(20);
    expect(await alongside).toBe(20);
    // The older read, ending last, neither replaced the newer result nor made it read again.
    expect(await shared.get()).toBe(20);
    expect(c.started()).toBe(2);
  });

  it('reads again after a change even when the last read is fresh', async () => {
    const { c, shared } = setup();
    const first = shared.get();
    c.resolve(0, 1);
    await first;
    shared.invalidate();
    const next = shared.get();
    expect(c.started()).toBe(2);
    c.resolve(1, 2);
    expect(await next).toBe(2);
  });

  it('shares a failure only with the requests that joined the failed read', async () => {
    let calls = 0;
    const shared = new SharedRead(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database unavailable');
        return calls;
      },
      { maxAgeMs: 1_000 },
    );
    const [a, b] = [shared.get(), shared.get()];
    await expect(a).rejects.toThrow('database unavailable');
    await expect(b).rejects.toThrow('database unavailable');
    expect(await shared.get()).toBe(2);
  });
});

describe('SharedReads', () => {
  function keyed(maxKeys = 2) {
    const started: string[] = [];
    const reads = new SharedReads(
      async (q: { page: number }) => {
        started.push(`page ${q.page}`);
        return `${q.page}:${started.length}`;
      },
      { keyOf: (q) => String(q.page), maxKeys, maxAgeMs: 1_000 },
    );
    return { reads, started };
  }

  it('shares a read between requests for the same query only', async () => {
    const { reads, started } = keyed();
    expect(await Promise.all([reads.get({ page: 1 }), reads.get({ page: 1 })])).toEqual([
      '1:1',
      '1:1',
    ]);
    expect(await reads.get({ page: 2 })).toBe('2:2');
    expect(await reads.get({ page: 1 })).toBe('1:1');
    expect(started).toEqual(['page 1', 'page 2']);
  });

  it('reads every query again after a change', async () => {
    const { reads } = keyed();
    await reads.get({ page: 1 });
    await reads.get({ page: 2 });
    reads.invalidate();
    expect(await reads.get({ page: 1 })).toBe('1:3');
    expect(await reads.get({ page: 2 })).toBe('2:4');
  });

  it('keeps at most maxKeys queries, forgetting the oldest', async () => {
    const { reads, started } = keyed(2);
    await reads.get({ page: 1 });
    await reads.get({ page: 2 });
    await reads.get({ page: 3 });
    expect(await reads.get({ page: 2 })).toBe('2:2');
    expect(await reads.get({ page: 1 })).toBe('1:4');
    expect(started).toEqual(['page 1', 'page 2', 'page 3', 'page 1']);
  });
});
