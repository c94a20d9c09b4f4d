import { afterEach, describe, expect, it } from 'vitest';
import { demoPlant } from '@roastery/contract';
import { startSimulator, type Simulator } from '@roastery/simulator';
import type { DeviceQuality } from './device-state-cache.ts';
import { PlcGateway, type ConnectionEvent, type PlcGatewayConfig } from './plc-gateway.ts';
import { startFaultProxy, type FaultProxy } from './testing/fault-proxy.ts';
import { seededRandom } from './testing/seeded-random.ts';
import { trackUnhandledRejections, waitFor } from './testing/wait-for.ts';
import type { WriteRecord } from './writer.ts';

/** Faults injected by the long run; `npm run test:soak` raises it. */
const FAULTS = Number(process.env.PLC_FAULTS ?? 500);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const burnerId = demoPlant.commands.find(
  (c) => c.kind === 'input' && c.label === 'Burner Set-point',
)?.id;
if (burnerId === undefined) throw new Error('the demo plant has no Burner Set-point');
const burner = (device_id: string) => ({
  device_id,
  command_kind: 'input' as const,
  command_id: burnerId,
});

/** Every value the PLC took from a Modbus write, per device: counted where it lands. */
function countModbusWrites(simulator: Simulator, label: string) {
  const applied = new Map<string, number>();
  simulator.store.onWrite((tag, origin) => {
    if (origin !== 'modbus' || tag.label !== label) return;
    const key = `${tag.device_id}=${simulator.store.valueOf(tag)}`;
    applied.set(key, (applied.get(key) ?? 0) + 1);
  });
  return (device_id: string, value: number) => applied.get(`${device_id}=${value}`) ?? 0;
}

/** Modbus TCP: the function code follows the 7-byte header; 6 and 16 write registers. */
const isWriteAnswer = (chunk: Buffer) => chunk[7] === 6 || chunk[7] === 16;

async function setup(config: Partial<PlcGatewayConfig> = {}) {
  const unhandled = trackUnhandledRejections();
  const simulator = await startSimulator({ seed: 13, clock: 'manual' });
  const proxy: FaultProxy = await startFaultProxy({
    target: { host: simulator.host, port: simulator.port },
  });
  const gateway = new PlcGateway({
    config: {
      protocol: 'modbus-tcp',
      host: proxy.host,
      port: proxy.port,
      unitId: demoPlant.unitId,
      scanIntervalMs: 100,
      requestTimeoutMs: 5_000,
      backoff: { minMs: 20, maxMs: 200 },
      ...config,
    },
    plant: demoPlant,
  });
  const events = {
    connection: [] as ConnectionEvent[],
    qualities: [] as (DeviceQuality & { state: string })[],
    writes: [] as WriteRecord[],
  };
  gateway.on('connection', (event) => events.connection.push(event));
  gateway.on('quality', (q) => events.qualities.push({ ...q, state: gateway.health().state }));
  gateway.on('write', (record) => events.writes.push(record));
  cleanups.push(async () => {
    await gateway.stop();
    await proxy.close();
    await simulator.stop();
    unhandled.dispose();
    expect(unhandled.errors).toEqual([]);
  });
  const allGood = () => gateway.getSnapshot().devices.every((device) => device.quality === 'good');
  gateway.start();
  await waitFor(allGood, 'every device good', { timeoutMs: 20_000 });
  return { gateway, proxy, simulator, events, allGood };
}

describe('the PLC link through a faulty network', () => {
  it('ages the values of a PLC that stops answering: stale, then offline, then the request times out and drops the link', async () => {
    const { gateway, proxy, events, allGood } = await setup();
    events.qualities.length = 0;
    proxy.setMode('blackhole');

    await waitFor(() => events.connection.length === 1, 'connection-lost', { timeoutMs: 30_000 });
    const r1 = events.qualities.filter((q) => q.device_id === 'R1');
    // Stale at 2 scans and offline at 5 while the link still looks up; the timeout comes later.
    expect(r1.map((q) => [q.quality, q.state])).toEqual([
      ['stale', 'connected'],
      ['offline', 'connected'],
    ]);
    expect(events.connection[0]).toMatchObject({ type: 'connection-lost' });
    expect(gateway.health().lastError).toMatch(/timed out/i);

    proxy.setMode('pass');
    await waitFor(() => events.connection.length === 2, 'connection-restored');
    expect(events.connection[1]?.type).toBe('connection-restored');
    await waitFor(allGood, 'every device good again');
  });

  it('shows slow answers as stale without dropping the link, and good once they are quick again', async () => {
    const { proxy, events, allGood } = await setup();
    events.qualities.length = 0;
    // Each of the plan's requests waits: a cycle takes several scan intervals.
    proxy.setMode('delay', 80);
    await waitFor(
      () => events.qualities.some((q) => q.quality === 'stale'),
      'a device stale from slow reads',
      { timeoutMs: 20_000 },
    );
    proxy.setMode('pass');
    await waitFor(allGood, 'every device good again', { timeoutMs: 20_000 });
    expect(events.connection).toEqual([]);
    expect(events.qualities.every((q) => q.state === 'connected')).toBe(true);
  });

  it('fails a write whose answer never comes, and never sends it again', async () => {
    const { gateway, proxy, simulator, events } = await setup({ requestTimeoutMs: 400 });
    const applied = countModbusWrites(simulator, 'Burner Set-point');
    // The request reaches the PLC and is applied; its answer is cut mid-frame.
    proxy.cutNextChunk('to-client', 3, isWriteAnswer);
    const cut = await gateway.write({ ...burner('R1'), who: 'fault-test', value: 321 });
    expect(cut).toMatchObject({ result: 'failed', ackLatencyMs: null });

    // A request swallowed whole (a hung link): the write times out.
    await waitFor(() => gateway.health().state === 'connected', 'connected again');
    proxy.setMode('blackhole');
    const swallowed = await gateway.write({ ...burner('R2'), who: 'fault-test', value: 777 });
    expect(swallowed).toMatchObject({ result: 'failed', ackLatencyMs: null });
    proxy.setMode('pass');

    await waitFor(() => events.connection.at(-1)?.type === 'connection-restored', 'back');
    const cycles = gateway.health().scan.cycles;
    await waitFor(() => gateway.health().scan.cycles >= cycles + 5, 'five scans after return');
    // The PLC took the cut write once; the console reported it failed and did not resend it.
    expect(applied('R1', 321)).toBe(1);
    expect(applied('R2', 777)).toBe(0);
    expect(gateway.getValue(burner('R2'))?.value).not.toBe(777);
    expect(events.writes.map((w) => [w.value, w.result])).toEqual([
      [321, 'failed'],
      [777, 'failed'],
    ]);
  });

  it(
    `ends every command exactly once, applied or failed, across ${FAULTS} injected faults`,
    async () => {
      const { gateway, proxy, simulator, events } = await setup({
        scanIntervalMs: 20,
        requestTimeoutMs: 100,
        confirmTimeoutMs: 150,
        backoff: { minMs: 5, maxMs: 40 },
      });
      const applied = countModbusWrites(simulator, 'Burner Set-point');
      const random = seededRandom(2026);
      const faults = [
        'drop',
        'cut-request',
        'cut-answer',
        'blackhole',
        'delay',
        'refuse',
        'none',
      ] as const;
      const injected: Record<(typeof faults)[number], number> = {
        drop: 0,
        'cut-request': 0,
        'cut-answer': 0,
        blackhole: 0,
        delay: 0,
        refuse: 0,
        none: 0,
      };
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const issued: { device_id: string; value: number; record: WriteRecord }[] = [];
      let value = 0;
      let count = 0;
      while (count < FAULTS) {
        await waitFor(() => gateway.health().state === 'connected', 'connected', {
          timeoutMs: 20_000,
        });
        // Two roasters' commands queue behind each other while the fault strikes.
        const commands = ['R1', 'R2'].map((device_id) => {
          value = (value % 60_000) + 1;
          const v = value;
          return gateway
            .write({ ...burner(device_id), who: 'fault-run', value: v })
            .then((record) => issued.push({ device_id, value: v, record }));
        });
        const fault = faults[Math.floor(random() * faults.length)] ?? 'none';
        await sleep(Math.floor(random() * 12));
        injected[fault] += 1;
        if (fault !== 'none') count += 1;
        switch (fault) {
          case 'drop':
            proxy.dropConnections();
            break;
          case 'cut-request':
            proxy.cutNextChunk('to-target', 1 + Math.floor(random() * 8));
            break;
          case 'cut-answer':
            proxy.cutNextChunk('to-client', 1 + Math.floor(random() * 8));
            break;
          case 'blackhole':
            proxy.setMode('blackhole');
            break;
          case 'delay':
            proxy.setMode('delay', 20 + Math.floor(random() * 200));
            break;
          case 'refuse':
            proxy.setMode('refuse');
            proxy.dropConnections();
            break;
          case 'none':
            break;
        }
        await Promise.all(commands);
        proxy.heal();
      }
      // Writes land before their records settle; give any stray late frame a chance to show.
      const cycles = gateway.health().scan.cycles;
      await waitFor(() => gateway.health().scan.cycles >= cycles + 5, 'five scans at the end', {
        timeoutMs: 20_000,
      });

      const acknowledged = issued.filter((c) => c.record.result !== 'failed');
      const lost = acknowledged.filter((c) => applied(c.device_id, c.value) !== 1);
      const doubled = issued.filter((c) => applied(c.device_id, c.value) > 1);
      const refusedButApplied = issued.filter(
        (c) =>
          c.record.result === 'failed' &&
          c.record.ackLatencyMs === null &&
          /not connected/.test(c.record.error ?? '') &&
          applied(c.device_id, c.value) > 0,
      );
      expect({ lost, doubled, refusedButApplied }).toEqual({
        lost: [],
        doubled: [],
        refusedButApplied: [],
      });
      // Every command ended once, with one record each.
      expect(issued).toHaveLength(events.writes.length);
      expect(new Set(issued.map((c) => `${c.device_id}=${c.value}`)).size).toBe(issued.length);
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(issued.length - acknowledged.length).toBeGreaterThan(0);
      expect(Object.values(injected).reduce((a, b) => a + b, 0) - injected.none).toBe(FAULTS);
      const results = Object.groupBy(issued, (c) => c.record.result);
      // The figures of the run, for docs/reliability.md.
      console.log(
        JSON.stringify({
          faults: FAULTS,
          injected,
          commands: issued.length,
          results: Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v?.length])),
          failedButApplied: issued.filter(
            (c) => c.record.result === 'failed' && applied(c.device_id, c.value) === 1,
          ).length,
          lost: lost.length,
          doubled: doubled.length,
        }),
      );
    },
    60_000 + FAULTS * 400,
  );
});
