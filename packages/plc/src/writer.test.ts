import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceStateCache } from './device-state-cache.ts';
import type { TagAddress } from './driver.ts';
import { TagMap } from './tag-map.ts';
import { testCommands, testTags } from './testing/test-plant.ts';
import { Writer, type WriteRecord } from './writer.ts';

const speed = { device_id: 'M1', command_kind: 'input', command_id: 10 } as const;
const speedFeedback = 'M1/input/11';
const start = { device_id: 'M1', command_kind: 'binary', command_id: 1 } as const;
const jog = { device_id: 'M1', command_kind: 'binary', command_id: 3 } as const;

function setup(
  options: {
    connected?: boolean;
    write?: (target: TagAddress, raw: readonly number[]) => Promise<void>;
  } = {},
) {
  const tagMap = new TagMap(testTags(), testCommands);
  const cache = new DeviceStateCache(tagMap.all());
  const writes: { target: TagAddress; raw: readonly number[] }[] = [];
  let cycles = 0;
  const driver = {
    write:
      options.write ??
      (async (target: TagAddress, raw: readonly number[]) => {
        writes.push({ target, raw });
      }),
  };
  const writer = new Writer({
    driver,
    tagMap,
    cache,
    confirmTimeoutMs: 3_000,
    isConnected: () => options.connected ?? true,
    startedCycles: () => cycles,
  });
  const records: WriteRecord[] = [];
  const warnings: WriteRecord[] = [];
  writer.on('write', (record) => records.push(record));
  writer.on('unconfirmed', (record) => warnings.push(record));
  /** Simulates a scan cycle that read `value` from `key`. */
  const scan = (key: string, value: number) => {
    cycles += 1;
    cache.applyReadings([{ key, value }], Date.now(), cycles);
    writer.checkConfirmations();
  };
  return { writer, cache, writes, records, warnings, scan, bumpCycles: () => (cycles += 1) };
}

describe('Writer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the encoded value and confirms it by the feedback tag', async () => {
    const { writer, writes, records, scan } = setup();
    const pending = writer.write({ ...speed, who: 'operator1', value: 12.5 });
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toEqual([
      { target: expect.objectContaining({ area: 'holding', address: 0 }), raw: [125] },
    ]);
    scan(speedFeedback, 12.5);
    const record = await pending;
    expect(record).toMatchObject({ ...speed, who: 'operator1', value: 12.5, result: 'ok' });
    expect(record.ackLatencyMs).not.toBeNull();
    expect(records).toEqual([record]);
  });

  it('confirms only by a scan that started after the acknowledgement', async () => {
    const { writer, cache, scan, bumpCycles } = setup();
    // The feedback already shows 1 from an earlier scan: that must not count.
    bumpCycles();
    cache.applyReadings([{ key: 'M1/binary/2', value: 1 }], Date.now(), 1);
    const pending = writer.write({ ...start, who: 'op', value: true });
    await vi.advanceTimersByTimeAsync(0);
    writer.checkConfirmations();
    expect(writer.pendingConfirmations).toBe(1);
    scan('M1/binary/2', 1);
    expect((await pending).result).toBe('ok');
  });

  it('counts a write as unacknowledged from the call until the PLC answers or refuses it', async () => {
    const answers: { resolve: () => void; reject: (error: Error) => void }[] = [];
    const { writer } = setup({
      write: () =>
        new Promise<void>((resolve, reject) => {
          answers.push({ resolve, reject });
        }),
    });
    const first = writer.write({ ...speed, who: 'op', value: 40 });
    const second = writer.write({ ...start, who: 'op', value: true });
    expect(writer.unacknowledged).toBe(2);
    await vi.advanceTimersByTimeAsync(0);
    answers[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    // Acknowledged: it now waits for its feedback, not for the PLC's answer.
    expect(writer.unacknowledged).toBe(1);
    expect(writer.pendingConfirmations).toBe(1);
    answers[1]?.reject(new Error('Modbus exception 2'));
    expect((await second).result).toBe('failed');
    expect(writer.unacknowledged).toBe(0);
    await vi.advanceTimersByTimeAsync(3_000);
    expect((await first).result).toBe('unconfirmed');
  });

  it('reports an unconfirmed write as a warning after the timeout', async () => {
    const { writer, records, warnings, scan } = setup();
    const pending = writer.write({ ...speed, who: 'op', value: 40 });
    await vi.advanceTimersByTimeAsync(0);
    scan(speedFeedback, 39);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(writer.pendingConfirmations).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const record = await pending;
    expect(record.result).toBe('unconfirmed');
    expect(record.error).toMatch(/did not confirm within 3000 ms/);
    expect(record.latencyMs).toBeGreaterThanOrEqual(3_000);
    expect(warnings).toEqual([record]);
    expect(records).toEqual([record]);
  });

  it('refuses writes to plc-owned, unknown or out-of-range commands without sending them', async () => {
    const { writer, writes } = setup();
    const results = await Promise.all([
      writer.write({ device_id: 'M1', command_kind: 'binary', command_id: 2, who: 'op', value: 1 }),
      writer.write({
        device_id: 'NOPE',
        command_kind: 'binary',
        command_id: 1,
        who: 'op',
        value: 1,
      }),
      writer.write({ ...speed, who: 'op', value: 7_000 }),
      writer.write({ ...start, who: 'op', value: 5 }),
    ]);
    expect(results.map((r) => r.result)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(results[0]?.error).toMatch(/owned by the PLC/);
    expect(results[1]?.error).toMatch(/not mapped/);
    expect(results[2]?.error).toMatch(/out of range for uint16/);
    expect(results[3]?.error).toMatch(/0 or 1/);
    expect(writes).toEqual([]);
  });

  it('fails a write while the PLC is not connected', async () => {
    const { writer } = setup({ connected: false });
    const record = await writer.write({ ...start, who: 'op', value: 1 });
    expect(record).toMatchObject({
      result: 'failed',
      error: 'PLC not connected',
      ackLatencyMs: null,
    });
  });

  it('fails a write the PLC does not acknowledge', async () => {
    const { writer } = setup({
      write: async () => {
        throw new Error('write holding 0: Modbus exception 3');
      },
    });
    const record = await writer.write({ ...speed, who: 'op', value: 1 });
    expect(record).toMatchObject({
      result: 'failed',
      error: 'write holding 0: Modbus exception 3',
    });
  });

  it('sends one write at a time, in order', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const order: number[] = [];
    const { writer } = setup({
      write: async (_target, raw) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 10));
        order.push(raw[0] ?? -1);
        inFlight -= 1;
      },
    });
    void writer.write({ ...speed, who: 'a', value: 1 });
    void writer.write({ ...jog, who: 'b', value: 1 });
    void writer.write({ ...speed, who: 'c', value: 3 });
    await vi.advanceTimersByTimeAsync(100);
    expect(order).toEqual([10, 1, 30]);
    expect(maxInFlight).toBe(1);
  });

  it('supersedes a pending write by a later one to the same command', async () => {
    const { writer, warnings, scan } = setup();
    const first = writer.write({ ...speed, who: 'op', value: 10 });
    const second = writer.write({ ...speed, who: 'op', value: 20 });
    await vi.advanceTimersByTimeAsync(0);
    scan(speedFeedback, 20);
    expect((await first).result).toBe('superseded');
    expect((await second).result).toBe('ok');
    expect(warnings).toEqual([]);
  });

  it('abandons pending confirmations on stop without a warning', async () => {
    const { writer, warnings } = setup();
    const pending = writer.write({ ...speed, who: 'op', value: 10 });
    await vi.advanceTimersByTimeAsync(0);
    writer.abandonPending('stopping');
    expect(await pending).toMatchObject({ result: 'unconfirmed', error: 'stopping' });
    expect(warnings).toEqual([]);
  });

  it('says isSame when the feedback equals what the console last wrote', async () => {
    const { writer, cache, scan } = setup();
    expect(writer.isSame(speed)).toBe(false);
    // Before any write: the app tag's own reading stands for the last written value.
    scan('M1/input/10', 15);
    scan(speedFeedback, 15);
    expect(writer.isSame(speed)).toBe(true);
    void writer.write({ ...speed, who: 'op', value: 30 });
    await vi.advanceTimersByTimeAsync(0);
    expect(writer.lastWritten(speed)).toBe(30);
    expect(writer.isSame(speed)).toBe(false);
    scan(speedFeedback, 30);
    expect(writer.isSame(speed)).toBe(true);
    cache.markAllOffline(Date.now());
    expect(writer.isSame(speed)).toBe(false);
    expect(writer.isSame({ device_id: 'NOPE', command_kind: 'input', command_id: 10 })).toBe(false);
  });
});
