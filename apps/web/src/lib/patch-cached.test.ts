import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { patchCached } from './patch-cached.ts';

const key = ['devices', 'list'] as const;

describe('patchCached', () => {
  it('writes into a cached reply and leaves a current one current', () => {
    const client = new QueryClient();
    client.setQueryData(key, [1, 2]);
    expect(patchCached<number[]>(client, key, (rows) => [...rows, 3])).toEqual([1, 2, 3]);
    expect(client.getQueryData(key)).toEqual([1, 2, 3]);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it('keeps a reply that was out of date out of date, so its screen refetches it when it opens', async () => {
    const client = new QueryClient();
    client.setQueryData(key, [1, 2]);
    // A device was added while its list was not on screen: nothing refetches it yet.
    await client.invalidateQueries({ queryKey: key });
    patchCached<number[]>(client, key, (rows) => rows.map((n) => n * 10));
    expect(client.getQueryData(key)).toEqual([10, 20]);
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('writes nothing where nothing is cached', () => {
    const client = new QueryClient();
    expect(patchCached<number[]>(client, key, (rows) => [...rows, 1])).toBeUndefined();
    expect(client.getQueryState(key)).toBeUndefined();
  });
});
