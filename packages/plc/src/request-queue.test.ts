import { describe, expect, it, vi } from 'vitest';
import { RequestQueue } from './request-queue.ts';

describe('RequestQueue', () => {
  it('runs one job at a time, in order', async () => {
    const queue = new RequestQueue();
    let inFlight = 0;
    let maxInFlight = 0;
    const order: number[] = [];
    const job = (n: number) => async () => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5 - n));
      order.push(n);
      inFlight -= 1;
      return n * 10;
    };
    const results = await Promise.all([0, 1, 2, 3].map((n) => queue.enqueue(job(n))));
    expect(results).toEqual([0, 10, 20, 30]);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(maxInFlight).toBe(1);
  });

  it('goes on after a job fails, synchronously or not', async () => {
    const queue = new RequestQueue();
    const failing = queue.enqueue(() => {
      throw new Error('sync');
    });
    const rejecting = queue.enqueue(async () => {
      throw new Error('async');
    });
    const fine = queue.enqueue(async () => 'ok');
    await expect(failing).rejects.toThrow('sync');
    await expect(rejecting).rejects.toThrow('async');
    await expect(fine).resolves.toBe('ok');
  });

  it('rejects the waiting jobs, not the running one', async () => {
    const queue = new RequestQueue();
    let release: () => void = () => undefined;
    const running = queue.enqueue(
      () => new Promise<string>((resolve) => (release = () => resolve('done'))),
    );
    const waiting = queue.enqueue(async () => 'never');
    expect(queue.pending).toBe(1);
    queue.rejectPending(new Error('link lost'));
    await expect(waiting).rejects.toThrow('link lost');
    release();
    await expect(running).resolves.toBe('done');
    expect(queue.busy).toBe(false);
  });

  it('keeps up to its window of jobs in flight, started in order', async () => {
    const queue = new RequestQueue(3);
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const job = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        releases[n] = () => resolve(n);
      });
    const results = Promise.all([0, 1, 2, 3, 4].map((n) => queue.enqueue(job(n))));
    expect(started).toEqual([0, 1, 2]);
    expect(queue.inFlight).toBe(3);
    expect(queue.pending).toBe(2);
    releases[0]?.();
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2, 3]));
    for (const n of [1, 2, 3]) releases[n]?.();
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2, 3, 4]));
    releases[4]?.();
    await expect(results).resolves.toEqual([0, 1, 2, 3, 4]);
  });

  it('slides the window over start order: an unanswered oldest job holds it', async () => {
    const queue = new RequestQueue(3);
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const job = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        releases[n] = () => resolve(n);
      });
    const results = Promise.all([0, 1, 2, 3, 4].map((n) => queue.enqueue(job(n))));
    releases[2]?.();
    releases[1]?.();
    await vi.waitFor(() => expect(queue.inFlight).toBe(1));
    // Jobs 1 and 2 are done, but job 3 would make four numbers outstanding since job 0.
    expect(started).toEqual([0, 1, 2]);
    releases[0]?.();
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2, 3, 4]));
    releases[3]?.();
    releases[4]?.();
    await expect(results).resolves.toEqual([0, 1, 2, 3, 4]);
  });

  it('runs an exclusive job alone, after the earlier jobs and before the later ones', async () => {
    const queue = new RequestQueue(4);
    const log: string[] = [];
    let inFlight = 0;
    const job = (name: string) => async () => {
      inFlight += 1;
      log.push(`start ${name} (${inFlight} in flight)`);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      log.push(`end ${name}`);
    };
    await Promise.all([
      queue.enqueue(job('read a')),
      queue.enqueue(job('read b')),
      queue.enqueue(job('write'), { exclusive: true }),
      queue.enqueue(job('read c')),
    ]);
    expect(log.indexOf('start write (1 in flight)')).toBeGreaterThan(
      Math.max(log.indexOf('end read a'), log.indexOf('end read b')),
    );
    expect(log.indexOf('start read c (1 in flight)')).toBeGreaterThan(log.indexOf('end write'));
    expect(log.slice(0, 2)).toEqual(['start read a (1 in flight)', 'start read b (2 in flight)']);
  });

  it('refuses a window that is not a positive integer', () => {
    expect(() => new RequestQueue(0)).toThrow(RangeError);
    expect(() => new RequestQueue(1.5)).toThrow(RangeError);
  });
});
