import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_MS, createLiveInvalidator, type LiveQueryKeys } from './live-invalidator.ts';

const deviceListQueryKey = ['devices', 'list'];
const keys: LiveQueryKeys = {
  deviceDetail: (code) => ['devices', 'detail', code],
  deviceList: deviceListQueryKey,
  allDevices: ['devices'],
  notifications: ['notifications'],
  siloStats: ['silos'],
  orders: ['orders'],
  stock: [['transfers'], ['dumps']],
  dashboardPlant: ['dashboard', 'plant'],
};

/** The device list as a screen holds it, served in `fetchMs`: each reply says which fetch it was. */
function watchedList(fetchMs: number) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000 } } });
  let started = 0;
  const observer = new QueryObserver(client, {
    queryKey: deviceListQueryKey,
    queryFn: ({ signal }) => {
      started += 1;
      const fetch = started;
      return new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => resolve(fetch), fetchMs);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('cancelled'));
        });
      });
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return {
    client,
    started: () => started,
    data: () => client.getQueryData<number>(deviceListQueryKey),
    unsubscribe,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the live invalidator', () => {
  it('lets a slow fetch finish under a steady stream of events, so a new row reaches the screen', async () => {
    // A list that takes 0.5 s to serve, and events asking for it every 0.1 s for 5 s.
    const list = watchedList(500);
    const invalidate = createLiveInvalidator(list.client, keys);
    await vi.advanceTimersByTimeAsync(600);
    expect(list.data()).toBe(1);
    const answered: (number | undefined)[] = [];
    for (let ms = 0; ms < 5_000; ms += 100) {
      invalidate.deviceList();
      await vi.advanceTimersByTimeAsync(100);
      answered.push(list.data());
    }
    // The screen's list moved on while the events kept coming.
    expect(answered[24]).toBeGreaterThan(1);
    await vi.advanceTimersByTimeAsync(1_000);
    // Each fetch ran to its end: the one after the last event answered.
    expect(list.data()).toBe(list.started());
    expect(list.started()).toBeGreaterThanOrEqual(6);
    expect(list.started()).toBeLessThanOrEqual(5_000 / 500 + 2);
    invalidate.dispose();
    list.unsubscribe();
  });

  it('refetches again after a fetch that was under way when its batch ended', async () => {
    const list = watchedList(500);
    const invalidate = createLiveInvalidator(list.client, keys);
    // The first fetch is under way; an event arrives, and its batch ends before the fetch does.
    await vi.advanceTimersByTimeAsync(50);
    invalidate.deviceList();
    await vi.advanceTimersByTimeAsync(BATCH_MS);
    expect(list.started()).toBe(1);
    // That fetch may have read the rows before the event: a second one follows it.
    await vi.advanceTimersByTimeAsync(500 + BATCH_MS + 500);
    expect(list.started()).toBe(2);
    expect(list.data()).toBe(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(list.started()).toBe(2);
    invalidate.dispose();
    list.unsubscribe();
  });

  it('refetches an idle list once per batch, however many events asked', async () => {
    const list = watchedList(50);
    const invalidate = createLiveInvalidator(list.client, keys);
    await vi.advanceTimersByTimeAsync(100);
    for (let i = 0; i < 20; i += 1) invalidate.deviceList();
    await vi.advanceTimersByTimeAsync(BATCH_MS + 100);
    expect(list.started()).toBe(2);
    expect(list.data()).toBe(2);
    invalidate.dispose();
    list.unsubscribe();
  });
});
