import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DemoBinary as B,
  DemoInput as I,
  demoPlant,
  type WorkflowDefinition,
} from '@roastery/contract';
import { PlcGateway, type WriteRecord } from '@roastery/plc';
import { startFaultProxy } from '@roastery/plc/testing';
import { startSimulator } from '@roastery/simulator';
import {
  EventRecorder,
  GatewayDevicePort,
  MemoryRunStore,
  MemoryWorkflowSource,
  step,
  systemClock,
  waitOn,
  workflowOf,
} from './testing/index.ts';
import { WorkflowEngine } from './workflow-engine.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const eventually = { timeout: 20_000, interval: 10 };

/** engine -> gateway -> a faulty network -> simulator. */
async function setup(workflow: WorkflowDefinition) {
  const simulator = await startSimulator({ port: 0, echoDelayMs: 20, modeDelayMs: 20 });
  const proxy = await startFaultProxy({ target: { host: simulator.host, port: simulator.port } });
  const gateway = new PlcGateway({
    config: {
      protocol: 'modbus-tcp',
      host: proxy.host,
      port: proxy.port,
      unitId: demoPlant.unitId,
      scanIntervalMs: 50,
      backoff: { minMs: 20, maxMs: 200 },
    },
    plant: demoPlant,
  });
  const writes: WriteRecord[] = [];
  gateway.on('write', (record) => writes.push(record));
  gateway.start();
  await vi.waitFor(
    () => expect(gateway.getSnapshot().devices.every((d) => d.quality === 'good')).toBe(true),
    eventually,
  );
  const recorder = new EventRecorder();
  const engine = new WorkflowEngine({
    devices: new GatewayDevicePort(gateway, demoPlant),
    store: new MemoryRunStore(),
    workflows: new MemoryWorkflowSource([workflow], []),
    clock: systemClock,
    events: recorder,
    notifier: recorder,
  });
  await engine.open();
  cleanups.push(async () => {
    await engine.close();
    await gateway.stop();
    await proxy.close();
    await simulator.stop();
  });
  const loseThePlc = () => {
    proxy.setMode('refuse');
    proxy.dropConnections();
  };
  const written = (device: string, commandId: number) =>
    writes.filter((w) => w.device_id === device && w.command_id === commandId);
  return { simulator, proxy, gateway, engine, recorder, loseThePlc, written };
}

const waitingOnTheCharge = (waitTimeoutS: number) =>
  workflowOf(
    1,
    'Charge roaster 1',
    [
      step({ device_id: 'GS1', command_id: B.DischargeGate, wait_finish: true }),
      step({
        device_id: 'R1',
        command_id: B.Drum,
        wait_finish: true,
        wait_device: [
          waitOn({ device_id: 'R1', command_id: B.ChargeGateOpened, command_value: 1 }),
        ],
      }),
      step({
        device_id: 'R1',
        type: 'input',
        command_id: I.BurnerSetPoint,
        dynamic: true,
        wait_finish: true,
      }),
    ],
    { wait_timeout_s: waitTimeoutS },
  );

const lastMessage = (engine: WorkflowEngine) =>
  engine.currentRun(1)?.timeline.at(-1)?.message ?? '';

describe('a workflow waiting on a device whose PLC is lost', () => {
  it('waits through the outage and goes on once the PLC is back and shows the condition, writing nothing twice', async () => {
    const t = await setup(waitingOnTheCharge(60));
    expect((await t.engine.start(1, { who: 'ada', dynamic: { '103': 410 } })).ok).toBe(true);
    await vi.waitFor(() => expect(lastMessage(t.engine)).toContain('waiting until'), eventually);

    t.loseThePlc();
    await vi.waitFor(() => expect(t.gateway.health().alarm).toBe(true), eventually);
    // The condition comes true at the PLC while the console cannot see it.
    t.simulator.model.setValue('R1', 'Charge Gate', 1);
    const cycles = t.gateway.health().scan.cycles;
    await vi.waitFor(
      () => expect(t.gateway.health().attempt).toBeGreaterThanOrEqual(3),
      eventually,
    );
    expect(t.gateway.health().scan.cycles).toBe(cycles);
    expect(t.engine.currentRun(1)?.state).toBe('running');
    expect(t.written('R1', I.BurnerSetPoint)).toEqual([]);

    t.proxy.heal();
    await vi.waitFor(() => expect(t.engine.currentRun(1)?.state).toBe('finished'), eventually);
    expect(t.simulator.model.getValue('R1', 'Burner Set-point')).toBe(410);
    expect(t.written('GS1', B.DischargeGate)).toHaveLength(1);
    expect(t.written('R1', B.Drum)).toHaveLength(1);
    expect(t.written('R1', I.BurnerSetPoint)).toHaveLength(1);
  });

  it('fails the wait at its timeout when the PLC does not come back, naming the unknown value', async () => {
    const t = await setup(waitingOnTheCharge(1));
    await t.engine.start(1, { who: 'ada', dynamic: { '103': 410 } });
    await vi.waitFor(() => expect(lastMessage(t.engine)).toContain('waiting until'), eventually);

    t.loseThePlc();
    await vi.waitFor(() => expect(t.engine.currentRun(1)?.state).toBe('failed'), eventually);
    expect(t.engine.currentRun(1)?.error).toMatch(
      /^Step 2 \(R1 Drum\): timed out after 1 s waiting for R1 Charge Gate Opened = 1 \(last value offline\)\.$/,
    );
    expect(t.recorder.notices.map((n) => n.type)).toContain('alarm');
    expect(t.written('R1', I.BurnerSetPoint)).toEqual([]);
    expect(t.gateway.health().state).not.toBe('connected');
  });
});
