import { describe, expect, it } from 'vitest';
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
});
