import { describe, expect, it } from 'vitest';
import { CachedValue } from './cached-value.ts';

/** A load the test completes by hand, so no answer depends on timing. */
function manualLoads() {
  const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const load = () =>
    new Promise<string>((resolve, reject) => {
      pending.push({ resolve, reject });
    });
  return { pending, load };
}

describe('CachedValue', () => {
  it('loads once for every caller, then answers from memory', async () => {
    let loads = 0;
    const cached = new CachedValue(async () => `value ${++loads}`);
    const [a, b] = await Promise.all([cached.get(), cached.get()]);
    expect([a, b, loads]).toEqual(['value 1', 'value 1', 1]);
    // Kept: the answer is the value itself, not a promise.
    expect(cached.get()).toBe('value 1');
    expect(loads).toBe(1);
  });

  it('reads again after an invalidation', async () => {
    let loads = 0;
    const cached = new CachedValue(async () => `value ${++loads}`);
    expect(await cached.get()).toBe('value 1');
    cached.invalidate();
    expect(await cached.get()).toBe('value 2');
    expect(cached.get()).toBe('value 2');
  });

  it('never keeps a load that was under way when the value was invalidated', async () => {
    const { pending, load } = manualLoads();
    const cached = new CachedValue(load);
    const before = cached.get();
    cached.invalidate();
    const after = cached.get();
    expect(pending).toHaveLength(2);
    pending[0]!.resolve('read before the change');
    pending[1]!.resolve('read after the change');
    // The first load's callers get its answer, but the cache keeps only the second's.
    expect(await before).toBe('read before the change');
    expect(await after).toBe('read after the change');
    expect(cached.get()).toBe('read after the change');
  });

  it('keeps nothing from a failed load, and tries again on the next call', async () => {
    const { pending, load } = manualLoads();
    const cached = new CachedValue(load);
    const failed = cached.get();
    pending[0]!.reject(new Error('database unreachable'));
    await expect(failed).rejects.toThrow('database unreachable');
    const retried = cached.get();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve('read');
    expect(await retried).toBe('read');
  });
});
