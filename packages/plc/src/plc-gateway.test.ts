import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceQuality, TagValue } from './device-state-cache.ts';
import { PlcGateway, type ConnectionEvent, type PlcGatewayConfig } from './plc-gateway.ts';
import { startFixturePlc, type FixturePlc, type FixturePlcOptions } from './testing/fixture-plc.ts';
import { testCommands, testTags } from './testing/test-plant.ts';
import { trackUnhandledRejections, waitFor } from './testing/wait-for.ts';
import type { WriteRecord } from './writer.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** M1 echoes Start -> Running and Speed -> Speed Feedback; M2 echoes nothing. */
const m1Echoes: FixturePlcOptions['echoes'] = [
  { area: 'coil', from: 0, to: 1, delayMs: 30 },
  { area: 'holding', from: 0, to: 1, delayMs: 30 },
];

async function setup(
  options: { fixture?: FixturePlcOptions; config?: Partial<PlcGatewayConfig> } = {},
) {
  const unhandled = trackUnhandledRejections();
  const plc: FixturePlc = await startFixturePlc({ echoes: m1Echoes, ...options.fixture });
  const gateway = new PlcGateway({
    config: {
      protocol: 'modbus-tcp',
      host: plc.host,
      port: plc.port,
      unitId: 1,
      scanIntervalMs: 40,
      requestTimeoutMs: 1_000,
      confirmTimeoutMs: 2_000,
      backoff: { minMs: 50, maxMs: 200 },
      ...options.config,
    },
    plant: { tags: testTags(), commands: testCommands },
  });
  const events = {
    values: [] as TagValue[],
    qualities: [] as DeviceQuality[],
    connection: [] as ConnectionEvent[],
    writes: [] as WriteRecord[],
    unconfirmed: [] as WriteRecord[],
  };
  gateway.on('value', (value) => events.values.push(value));
  gateway.on('quality', (quality) => events.qualities.push(quality));
  gateway.on('connection', (event) => events.connection.push(event));
  gateway.on('write', (record) => events.writes.push(record));
  gateway.on('unconfirmed', (record) => events.unconfirmed.push(record));
  cleanups.push(async () => {
    await gateway.stop();
    await plc.stop();
    unhandled.dispose();
    expect(unhandled.errors).toEqual([]);
  });
  const deviceQuality = (device_id: string) =>
    gateway.getSnapshot().devices.find((device) => device.device_id === device_id)?.quality;
  const allGood = () => gateway.getSnapshot().devices.every((device) => device.quality === 'good');
  return { plc, gateway, events, deviceQuality, allGood };
}

const ref = (device_id: string, command_kind: 'binary' | 'input', command_id: number) => ({
  device_id,
  command_kind,
  command_id,
});

describe('PlcGateway over TCP', () => {
  it('scans the plant in batched reads and publishes changes only', async () => {
    // Two missed 40 ms scans make a value stale; a loaded machine's pause can be longer, and
    // staleness is not what this test is about (the ageing tests are).
    const { plc, gateway, events, allGood } = await setup({ config: { staleAfterScans: 100 } });
    // M1 weight 1000.00 lbs (uint32, scale 100), temperature -12.5 °F (int16, scale 10).
    plc.registers.set([0x0001, 0x86a0, 0xff83], 2);
    plc.coils[11] = 1;
    gateway.start();
    await waitFor(allGood, 'every device good');
    expect(gateway.readPlan().map((r) => [r.area, r.start, r.count])).toEqual([
      ['coil', 0, 13],
      ['holding', 0, 15],
    ]);
    expect(gateway.getValue(ref('M1', 'input', 12))).toMatchObject({
      value: 1000,
      quality: 'good',
    });
    expect(gateway.getValue(ref('M1', 'input', 13))).toMatchObject({ value: -12.5 });
    expect(gateway.getValue(ref('M2', 'binary', 2))).toMatchObject({ value: 1 });
    expect(gateway.health()).toMatchObject({
      state: 'connected',
      alarm: false,
      scan: { requestsPerCycle: 2 },
    });

    const cyclesBefore = gateway.health().scan.cycles;
    const temperatureEvents = () =>
      events.values.filter((v) => v.device_id === 'M1' && v.command_id === 13);
    plc.registers[4] = 250;
    await waitFor(() => temperatureEvents().length === 2, 'the temperature change');
    await waitFor(() => gateway.health().scan.cycles > cyclesBefore + 5, 'more scans');
    expect(temperatureEvents().map((v) => v.value)).toEqual([-12.5, 25]);
    expect(events.qualities.filter((q) => q.device_id === 'M1').map((q) => q.quality)).toEqual([
      'good',
    ]);
  });

  it('confirms a write by its feedback and reports it', async () => {
    const { gateway, events, allGood } = await setup();
    gateway.start();
    await waitFor(allGood, 'every device good');
    const speed = ref('M1', 'input', 10);
    const record = await gateway.write({ ...speed, who: 'operator1', value: 12.5 });
    expect(record).toMatchObject({ ...speed, who: 'operator1', value: 12.5, result: 'ok' });
    expect(record.latencyMs).toBeGreaterThanOrEqual(record.ackLatencyMs ?? 0);
    expect(gateway.getValue(ref('M1', 'input', 11))?.value).toBe(12.5);
    expect(gateway.isSame(speed)).toBe(true);
    const snapshotSpeed = gateway
      .getSnapshot()
      .devices.find((d) => d.device_id === 'M1')
      ?.commands.find((c) => c.command_kind === 'input' && c.command_id === 10);
    expect(snapshotSpeed).toMatchObject({ owner: 'app', isSame: true, value: 12.5 });

    const start = await gateway.write({ ...ref('M1', 'binary', 1), who: 'operator1', value: true });
    expect(start.result).toBe('ok');
    // Jog has no feedback command: reading the app coil back confirms it.
    const jog = await gateway.write({ ...ref('M2', 'binary', 3), who: 'operator1', value: 1 });
    expect(jog.result).toBe('ok');
    expect(events.writes.map((w) => w.result)).toEqual(['ok', 'ok', 'ok']);
  });

  it('warns when the PLC does not confirm a write in time', async () => {
    const { gateway, events, allGood } = await setup({ config: { confirmTimeoutMs: 300 } });
    gateway.start();
    await waitFor(allGood, 'every device good');
    const start = ref('M2', 'binary', 1);
    const record = await gateway.write({ ...start, who: 'operator2', value: 1 });
    expect(record.result).toBe('unconfirmed');
    expect(record.ackLatencyMs).not.toBeNull();
    expect(events.unconfirmed).toEqual([record]);
    expect(gateway.isSame(start)).toBe(false);
  });

  it('refuses a write to a plc-owned command and reports it', async () => {
    const { gateway, events, allGood } = await setup();
    gateway.start();
    await waitFor(allGood, 'every device good');
    const record = await gateway.write({ ...ref('M1', 'input', 12), who: 'operator1', value: 5 });
    expect(record).toMatchObject({ result: 'failed', ackLatencyMs: null });
    expect(record.error).toMatch(/owned by the PLC/);
    expect(events.writes).toEqual([record]);
  });

  it('raises an alarm when the PLC goes away, shows values offline, and clears it on reconnect', async () => {
    const { plc, gateway, events, allGood } = await setup();
    gateway.start();
    await waitFor(allGood, 'every device good');

    await plc.stop();
    await waitFor(() => events.connection.length === 1, 'connection-lost');
    expect(events.connection[0]).toMatchObject({ type: 'connection-lost' });
    const lost = events.connection[0];
    expect(lost?.type === 'connection-lost' && lost.error.length > 0).toBe(true);
    const snapshot = gateway.getSnapshot();
    expect(snapshot.devices.every((d) => d.quality === 'offline')).toBe(true);
    expect(snapshot.devices.flatMap((d) => d.commands).every((c) => c.quality === 'offline')).toBe(
      true,
    );
    expect(gateway.health().alarm).toBe(true);
    const offlineWrite = await gateway.write({ ...ref('M1', 'input', 10), who: 'op', value: 1 });
    expect(offlineWrite).toMatchObject({ result: 'failed', error: 'PLC not connected' });

    // Let a few reconnect attempts fail: the alarm is raised once per outage.
    await waitFor(() => gateway.health().attempt >= 2, 'failed reconnect attempts');
    expect(events.connection).toHaveLength(1);

    await plc.restart();
    await waitFor(() => events.connection.length === 2, 'connection-restored');
    expect(events.connection[1]).toMatchObject({ type: 'connection-restored' });
    await waitFor(allGood, 'every device good again');
    expect(gateway.health()).toMatchObject({ state: 'connected', alarm: false });
    expect(events.qualities.filter((q) => q.device_id === 'M1').map((q) => q.quality)).toEqual([
      'good',
      'offline',
      'good',
    ]);
  });

  it('marks values stale when their reads keep failing on a live link', async () => {
    const holding = new Set(Array.from({ length: 20 }, (_, i) => i));
    const { gateway, deviceQuality, allGood } = await setup({ fixture: { mapped: { holding } } });
    gateway.start();
    await waitFor(allGood, 'every device good');
    holding.clear();
    await waitFor(() => deviceQuality('M1') === 'stale', 'M1 stale');
    expect(gateway.getValue(ref('M1', 'input', 12))?.quality).toBe('stale');
    expect(gateway.getValue(ref('M1', 'binary', 1))?.quality).toBe('good');
    expect(gateway.health()).toMatchObject({ state: 'connected', alarm: false });
    expect(gateway.health().scan.lastReadError).toMatch(/Illegal data address/);
    for (let i = 0; i < 20; i += 1) holding.add(i);
    await waitFor(allGood, 'every device good again');
  });

  it('splits a bridged read the PLC refuses into gap-free reads', async () => {
    const holding = new Set([0, 1, 2, 3, 4, 10, 11, 12, 13, 14]);
    const { gateway, allGood } = await setup({ fixture: { mapped: { holding } } });
    gateway.start();
    await waitFor(allGood, 'every device good');
    expect(
      gateway
        .readPlan()
        .filter((r) => r.area === 'holding')
        .map((r) => [r.start, r.count]),
    ).toEqual([
      [0, 5],
      [10, 5],
    ]);
  });

  it('stops cleanly while the PLC is unreachable', async () => {
    const { plc, gateway, events } = await setup();
    await plc.stop();
    gateway.start();
    await waitFor(() => events.connection.length === 1, 'connection-lost');
    expect(gateway.health().state).toMatch(/connecting|backoff/);
    await gateway.stop();
    expect(gateway.health().state).toBe('closed');
  });

  it('refuses an unknown protocol and a bad tag map when built', () => {
    const plant = { tags: testTags(), commands: testCommands };
    const config = { protocol: 'profinet', host: '127.0.0.1', port: 1, unitId: 1 };
    expect(() => new PlcGateway({ config, plant })).toThrow(/No driver for protocol 'profinet'/);
    const [first] = testTags();
    expect(
      () =>
        new PlcGateway({
          config: { ...config, protocol: 'modbus-tcp' },
          plant: { ...plant, tags: [first!, first!] },
        }),
    ).toThrow(/mapped twice/);
    expect(
      () =>
        new PlcGateway({ config: { ...config, protocol: 'modbus-tcp', scanIntervalMs: 0 }, plant }),
    ).toThrow(/scanIntervalMs must be a positive number/);
    expect(
      () => new PlcGateway({ config: { ...config, protocol: 'modbus-tcp', unitId: 256 }, plant }),
    ).toThrow(/unitId must be an integer from 0 to 255/);
    for (const maxInFlight of [0, 33, 1.5]) {
      expect(
        () => new PlcGateway({ config: { ...config, protocol: 'modbus-tcp', maxInFlight }, plant }),
      ).toThrow(/maxInFlight must be an integer from 1 to 32/);
    }
  });
});
