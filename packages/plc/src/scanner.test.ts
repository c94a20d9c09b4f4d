import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TagArea } from '@roastery/contract';
import { DeviceStateCache } from './device-state-cache.ts';
import { DriverError } from './driver.ts';
import { planReads } from './read-planner.ts';
import { Scanner, type ScanCycle } from './scanner.ts';
import { TagMap, tagKey } from './tag-map.ts';
import { testCommands, testTags } from './testing/test-plant.ts';

type ReadBlock = (area: TagArea, start: number, count: number) => Promise<number[]>;

function setup(
  readBlock: ReadBlock,
  planOptions: Parameters<typeof planReads>[1] = {},
  maxInFlight?: number,
) {
  const tagMap = new TagMap(testTags(), testCommands);
  const cache = new DeviceStateCache(tagMap.all());
  const scanner = new Scanner({
    driver: { readBlock },
    tagMap,
    cache,
    plan: planReads(tagMap.all(), planOptions),
    intervalMs: 100,
    staleAfterScans: 3,
    offlineAfterScans: 6,
    ...(maxInFlight === undefined ? {} : { maxInFlight }),
  });
  const cycles: ScanCycle[] = [];
  scanner.on('cycle', (cycle) => cycles.push(cycle));
  return { scanner, cache, cycles };
}

const zeros: ReadBlock = async (_area, _start, count) => new Array<number>(count).fill(0);

describe('Scanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never starts a cycle while the previous one runs', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const { scanner, cycles } = setup(async (_area, _start, count) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // Each read takes longer than the whole scan interval.
      await new Promise((resolve) => setTimeout(resolve, 150));
      inFlight -= 1;
      return new Array<number>(count).fill(0);
    });
    scanner.start();
    await vi.advanceTimersByTimeAsync(2_000);
    // stop() waits for the cycle in progress, whose read needs the clock to move on.
    const stopped = scanner.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    await stopped;
    expect(maxInFlight).toBe(1);
    expect(cycles.length).toBeGreaterThanOrEqual(5);
    expect(cycles.map((c) => c.cycle)).toEqual(cycles.map((_, i) => i + 1));
  });

  it('shares one cycle between concurrent callers', async () => {
    const { scanner } = setup(zeros);
    const [a, b] = [scanner.runCycle(), scanner.runCycle()];
    expect(a).toBe(b);
    await a;
    expect(scanner.startedCycles).toBe(1);
  });

  it('stops a cycle at the first link error and leaves the values as they were', async () => {
    let reads = 0;
    const { scanner, cache } = setup(async () => {
      reads += 1;
      throw new DriverError('link', 'read: ECONNRESET', { code: 'ECONNRESET' });
    });
    const cycle = await scanner.runCycle();
    expect(reads).toBe(1);
    expect(cycle).toMatchObject({ requests: 2, failedRequests: 1, linkError: 'read: ECONNRESET' });
    expect(cache.deviceQuality('M1')).toBe('offline');
    expect(scanner.health().lastReadError).toBe('read: ECONNRESET');
  });

  it('goes on after a Modbus exception, and the values it missed go stale', async () => {
    let failHolding = false;
    const { scanner, cache } = setup(async (area, _start, count) => {
      if (area === 'holding' && failHolding) {
        throw new DriverError('exception', 'Modbus exception 4', { exceptionCode: 4 });
      }
      return new Array<number>(count).fill(0);
    });
    await scanner.runCycle();
    expect(cache.deviceQuality('M1')).toBe('good');
    failHolding = true;
    await vi.advanceTimersByTimeAsync(301);
    const cycle = await scanner.runCycle();
    expect(cycle).toMatchObject({ failedRequests: 1 });
    expect(cycle.linkError).toBeUndefined();
    expect(cache.get('M1/input/12')?.quality).toBe('stale');
    expect(cache.get('M1/binary/1')?.quality).toBe('good');
    expect(cache.deviceQuality('M1')).toBe('stale');
  });

  it('splits a bridged read refused with "illegal data address"', async () => {
    const reads: string[] = [];
    const { scanner } = setup(
      async (area, start, count) => {
        reads.push(`${area}:${start}+${count}`);
        if (area === 'holding' && count > 5) {
          throw new DriverError('exception', 'Modbus exception 2', { exceptionCode: 2 });
        }
        return new Array<number>(count).fill(0);
      },
      { maxGapRegisters: 10 },
    );
    await scanner.runCycle();
    await scanner.runCycle();
    expect(reads).toEqual([
      'coil:0+13',
      'holding:0+15',
      'coil:0+13',
      'holding:0+5',
      'holding:10+5',
    ]);
    expect(scanner.health().requestsPerCycle).toBe(3);
  });

  it('publishes value changes and device quality changes', async () => {
    let temperature = 100;
    const { scanner } = setup(async (area, start, count) => {
      const values = new Array<number>(count).fill(0);
      if (area === 'holding' && start === 0) values[4] = temperature;
      return values;
    });
    const values: number[] = [];
    const qualities: string[] = [];
    scanner.on('value', (v) => {
      if (v.device_id === 'M1' && v.command_id === 13) values.push(v.value ?? Number.NaN);
    });
    scanner.on('quality', (q) => qualities.push(`${q.device_id}:${q.quality}`));
    await scanner.runCycle();
    await scanner.runCycle();
    temperature = 250;
    await scanner.runCycle();
    scanner.markOffline(Date.now());
    expect(values).toEqual([10, 25]);
    expect(qualities).toEqual(['M1:good', 'M2:good', 'M1:offline', 'M2:offline']);
  });

  it('keeps up to maxInFlight reads in flight and applies the replies in plan order', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const started: number[] = [];
    const { scanner, cycles } = setup(
      async (area, start, count) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        started.push(start);
        // The later a read starts, the sooner it is answered: replies arrive reversed.
        await new Promise((resolve) => setTimeout(resolve, 40 - started.length * 10));
        inFlight -= 1;
        return new Array<number>(count).fill(area === 'coil' ? 1 : 7);
      },
      { maxGapRegisters: 0, maxGapCoils: 0 },
      2,
    );
    const requestOf = new Map(
      scanner.plan.flatMap((request, index) => request.tags.map((tag) => [tag.key, index])),
    );
    const applied: number[] = [];
    scanner.on('value', (value) => applied.push(requestOf.get(tagKey(value)) ?? -1));
    expect(scanner.plan.length).toBeGreaterThanOrEqual(3);

    const cycle = scanner.runCycle();
    await vi.advanceTimersByTimeAsync(100);
    expect(await cycle).toMatchObject({ requests: scanner.plan.length, failedRequests: 0 });
    expect(maxInFlight).toBe(2);
    expect(applied.length).toBeGreaterThan(scanner.plan.length);
    expect(applied).toEqual([...applied].sort((a, b) => a - b));
    expect(new Set(applied)).toEqual(new Set(scanner.plan.map((_, index) => index)));
    expect(cycles).toHaveLength(1);
  });

  it('ends a cycle broken by a link error only once the reads already sent have settled', async () => {
    const settled: string[] = [];
    const { scanner, cache } = setup(
      async (area, start, count) => {
        if (start === 0 && area === 'coil') {
          throw new DriverError('link', 'read: ECONNRESET', { code: 'ECONNRESET' });
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
        settled.push(`${area}:${start}`);
        return new Array<number>(count).fill(0);
      },
      { maxGapRegisters: 0, maxGapCoils: 0 },
      2,
    );
    const cycle = scanner.runCycle();
    let ended = false;
    void cycle.then(() => (ended = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await cycle).toMatchObject({ failedRequests: 1, linkError: 'read: ECONNRESET' });
    // The read sent beside the failed one settled; none was sent after the failure was seen.
    expect(settled).toHaveLength(1);
    expect(cache.deviceQuality('M1')).toBe('offline');
  });
});
