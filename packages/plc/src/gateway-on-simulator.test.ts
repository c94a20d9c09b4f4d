import { afterEach, describe, expect, it } from 'vitest';
import { demoPlant, type CommandKind } from '@roastery/contract';
import { startSimulator, type Simulator, type SimulatorOptions } from '@roastery/simulator';
import { BACKOFF_DEFAULTS, type SetTimer } from './connection-supervisor.ts';
import type { DeviceQuality } from './device-state-cache.ts';
import { PlcGateway, type ConnectionEvent, type PlcGatewayConfig } from './plc-gateway.ts';
import { trackUnhandledRejections, waitFor } from './testing/wait-for.ts';
import type { WriteRecord } from './writer.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const labelOf = (kind: CommandKind, id: number) => {
  const command = demoPlant.commands.find((c) => c.kind === kind && c.id === id);
  if (!command) throw new Error(`no ${kind} command ${id}`);
  return command.label;
};
const commandId = (kind: CommandKind, label: string) => {
  const command = demoPlant.commands.find((c) => c.kind === kind && c.label === label);
  if (!command) throw new Error(`no ${kind} command '${label}'`);
  return command.id;
};

async function setup(
  options: {
    simulator?: SimulatorOptions;
    config?: Partial<PlcGatewayConfig>;
    setTimer?: SetTimer;
  } = {},
) {
  const unhandled = trackUnhandledRejections();
  let simulator: Simulator | undefined = await startSimulator({ seed: 7, ...options.simulator });
  const port = simulator.port;
  const gateway = new PlcGateway({
    config: {
      protocol: 'modbus-tcp',
      host: simulator.host,
      port,
      unitId: demoPlant.unitId,
      scanIntervalMs: 100,
      backoff: { minMs: 50, maxMs: 400 },
      ...options.config,
    },
    plant: demoPlant,
    ...(options.setTimer ? { setTimer: options.setTimer } : {}),
  });
  const events = {
    connection: [] as ConnectionEvent[],
    qualities: [] as DeviceQuality[],
    writes: [] as WriteRecord[],
    unconfirmed: [] as WriteRecord[],
  };
  gateway.on('connection', (event) => events.connection.push(event));
  gateway.on('quality', (quality) => events.qualities.push(quality));
  gateway.on('write', (record) => events.writes.push(record));
  gateway.on('unconfirmed', (record) => events.unconfirmed.push(record));
  cleanups.push(async () => {
    await gateway.stop();
    await simulator?.stop();
    unhandled.dispose();
    expect(unhandled.errors).toEqual([]);
  });
  const allGood = () => gateway.getSnapshot().devices.every((device) => device.quality === 'good');
  return {
    gateway,
    events,
    allGood,
    simulator: () => simulator,
    stopSimulator: async () => {
      await simulator?.stop();
      simulator = undefined;
    },
    restartSimulator: async () => {
      simulator = await startSimulator({ seed: 7, ...options.simulator, port });
    },
  };
}

describe('PlcGateway against the plant simulator', () => {
  it('reads the whole demo plant in a few batched requests, every value as the simulator holds it', async () => {
    const { gateway, allGood, simulator } = await setup({ simulator: { clock: 'manual' } });
    gateway.start();
    await waitFor(allGood, 'every device good');

    const plan = gateway.readPlan();
    expect(plan.filter((r) => r.area === 'coil')).toHaveLength(1);
    expect(plan.every((r) => r.count <= (r.area === 'coil' ? 2000 : 125))).toBe(true);
    expect(plan.length).toBeLessThanOrEqual(8);

    const sim = simulator();
    const commands = gateway.getSnapshot().devices.flatMap((device) => device.commands);
    expect(commands).toHaveLength(demoPlant.tags.length);
    for (const command of commands) {
      const expected = sim?.model.getValue(
        command.device_id,
        labelOf(command.command_kind, command.command_id),
      );
      expect(command).toMatchObject({
        quality: 'good',
        value: expected,
      });
    }
  });

  it('confirms writes by the PLC feedback: a gate, a mode switch and a set-point', async () => {
    const { gateway, events, allGood, simulator } = await setup({
      simulator: { echoDelayMs: 100, modeDelayMs: 300 },
    });
    gateway.start();
    await waitFor(allGood, 'every device good');

    const inletGate = {
      device_id: 'GS1',
      command_kind: 'binary' as const,
      command_id: commandId('binary', 'Inlet Gate'),
    };
    const gate = await gateway.write({ ...inletGate, who: 'operator1', value: 1 });
    expect(gate).toMatchObject({ result: 'ok', who: 'operator1', value: 1 });
    expect(gateway.isSame(inletGate)).toBe(true);
    expect(simulator()?.model.getValue('GS1', 'Inlet Gate Opened')).toBe(1);

    const manual = {
      device_id: 'R1',
      command_kind: 'binary' as const,
      command_id: commandId('binary', 'Manual Mode'),
    };
    expect((await gateway.write({ ...manual, who: 'supervisor', value: true })).result).toBe('ok');

    const burner = {
      device_id: 'R1',
      command_kind: 'input' as const,
      command_id: commandId('input', 'Burner Set-point'),
    };
    const setPoint = await gateway.write({ ...burner, who: 'supervisor', value: 420 });
    expect(setPoint.result).toBe('ok');
    expect(gateway.getValue(burner)?.value).toBe(420);

    expect(events.writes.map((w) => [w.device_id, w.result])).toEqual([
      ['GS1', 'ok'],
      ['R1', 'ok'],
      ['R1', 'ok'],
    ]);
    expect(events.unconfirmed).toEqual([]);
  });

  it('warns when the feedback does not follow within the confirm timeout', async () => {
    const { gateway, events, allGood } = await setup({
      simulator: { echoDelayMs: 5_000 },
      config: { confirmTimeoutMs: 300 },
    });
    gateway.start();
    await waitFor(allGood, 'every device good');
    const gate = {
      device_id: 'GS2',
      command_kind: 'binary' as const,
      command_id: commandId('binary', 'Discharge Gate'),
    };
    const record = await gateway.write({ ...gate, who: 'operator2', value: 1 });
    expect(record.result).toBe('unconfirmed');
    expect(events.unconfirmed).toEqual([record]);
    expect(gateway.isSame(gate)).toBe(false);
  });

  it("announces a command again when its feedback confirms it, so a screen's pending state ends", async () => {
    const { gateway, allGood } = await setup({ simulator: { echoDelayMs: 300 } });
    gateway.start();
    await waitFor(allGood, 'every device good');
    const gate = {
      device_id: 'GS1',
      command_kind: 'binary' as const,
      command_id: commandId('binary', 'Inlet Gate'),
    };
    const feedbackId = commandId('binary', 'Inlet Gate Opened');
    const heard: { command_id: number; isSame: boolean }[] = [];
    gateway.on('value', (v) => {
      if (v.device_id === 'GS1' && v.command_kind === 'binary') {
        heard.push({ command_id: v.command_id, isSame: gateway.isSame(gate) });
      }
    });

    expect((await gateway.write({ ...gate, who: 'operator1', value: 1 })).result).toBe('ok');
    // The gate's own register changed first; the PLC's feedback came 300 ms later, and with it
    // the gate was heard again, now matching its feedback.
    const feedbackAt = heard.findIndex((h) => h.command_id === feedbackId);
    expect(feedbackAt).toBeGreaterThan(-1);
    expect(heard.slice(feedbackAt + 1)).toContainEqual({
      command_id: gate.command_id,
      isSame: true,
    });
  });

  it('survives the simulator stopping and coming back on the same port', async () => {
    const { gateway, events, allGood, stopSimulator, restartSimulator } = await setup();
    gateway.start();
    await waitFor(allGood, 'every device good');

    await stopSimulator();
    await waitFor(() => events.connection.length === 1, 'connection-lost');
    expect(events.connection[0]?.type).toBe('connection-lost');
    const offline = gateway.getSnapshot();
    expect(offline.devices.every((d) => d.quality === 'offline')).toBe(true);
    expect(offline.devices.flatMap((d) => d.commands).some((c) => c.quality !== 'offline')).toBe(
      false,
    );
    expect(gateway.health().alarm).toBe(true);
    await waitFor(() => gateway.health().attempt >= 2, 'reconnect attempts with backoff');

    await restartSimulator();
    await waitFor(() => events.connection.length === 2, 'connection-restored');
    expect(events.connection[1]?.type).toBe('connection-restored');
    await waitFor(allGood, 'every device good again');
    expect(gateway.health()).toMatchObject({ state: 'connected', alarm: false });
    const r1 = events.qualities.filter((q) => q.device_id === 'R1').map((q) => q.quality);
    expect(r1).toEqual(['good', 'offline', 'good']);
  });

  it('is connected again within one capped retry after a long outage', async () => {
    // The test fires the reconnect timers itself: many failed attempts without waiting them out.
    const retries: { ms: number; fire: () => void }[] = [];
    const setTimer: SetTimer = (ms, fn) => {
      retries.push({ ms, fire: fn });
      return () => undefined;
    };
    const { gateway, events, allGood, stopSimulator, restartSimulator } = await setup({
      config: { backoff: BACKOFF_DEFAULTS },
      setTimer,
    });
    gateway.start();
    await waitFor(allGood, 'every device good');

    await stopSimulator();
    await waitFor(() => retries.length === 1, 'the first retry scheduled');
    for (let failed = 1; failed < 12; failed += 1) {
      retries[failed - 1]?.fire();
      await waitFor(() => retries.length === failed + 1, `retry ${failed + 1} scheduled`);
    }
    expect(gateway.health()).toMatchObject({ state: 'backoff', attempt: 12, alarm: true });
    const delays = retries.map((r) => r.ms);
    expect(Math.max(...delays)).toBeLessThanOrEqual(BACKOFF_DEFAULTS.maxMs);
    const floor = BACKOFF_DEFAULTS.maxMs * (1 - BACKOFF_DEFAULTS.jitter);
    expect(delays.slice(-5).every((ms) => ms >= floor)).toBe(true);

    await restartSimulator();
    retries.at(-1)?.fire();
    await waitFor(() => events.connection.length === 2, 'connection-restored');
    expect(events.connection[1]?.type).toBe('connection-restored');
    expect(retries).toHaveLength(12);
    await waitFor(allGood, 'every device good again');
  });
});
