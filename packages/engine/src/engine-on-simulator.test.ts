import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DemoBinary as B,
  DemoInput as I,
  demoPlant,
  type WorkflowDefinition,
  type WorkflowTrigger,
} from '@roastery/contract';
import { PlcGateway, type WriteRecord } from '@roastery/plc';
import { startSimulator, type Simulator } from '@roastery/simulator';
import {
  EventRecorder,
  GatewayDevicePort,
  MemoryRunStore,
  MemoryWorkflowSource,
  step,
  systemClock,
  trigger,
  waitOn,
  workflowOf,
} from './testing/index.ts';
import { MANUAL_MODE_REFUSAL, WorkflowEngine } from './workflow-engine.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const eventually = { timeout: 10_000, interval: 10 };

/** The real path: engine -> DevicePort adapter -> PLC gateway -> Modbus TCP -> simulator. */
async function setup(workflows: WorkflowDefinition[], triggers: WorkflowTrigger[] = []) {
  const simulator: Simulator = await startSimulator({ port: 0, echoDelayMs: 20, modeDelayMs: 20 });
  const gateway = new PlcGateway({
    config: {
      protocol: 'modbus-tcp',
      host: simulator.host,
      port: simulator.port,
      unitId: demoPlant.unitId,
      scanIntervalMs: 50,
    },
    plant: demoPlant,
  });
  const writes: WriteRecord[] = [];
  gateway.on('write', (record) => writes.push(record));
  gateway.start();
  const devices = new GatewayDevicePort(gateway, demoPlant);
  await vi.waitFor(
    () => expect(gateway.getSnapshot().devices.every((d) => d.quality === 'good')).toBe(true),
    eventually,
  );
  const store = new MemoryRunStore();
  const source = new MemoryWorkflowSource(workflows, triggers);
  const recorder = new EventRecorder();
  const engines: WorkflowEngine[] = [];
  const build = async () => {
    const engine = new WorkflowEngine({
      devices,
      store,
      workflows: source,
      clock: systemClock,
      events: recorder,
      notifier: recorder,
    });
    engines.push(engine);
    await engine.open();
    return engine;
  };
  cleanups.push(async () => {
    for (const engine of engines) await engine.close();
    await gateway.stop();
    await simulator.stop();
  });
  const plc = (device: string, label: string) => simulator.model.getValue(device, label);
  const written = (device: string, commandId: number) =>
    writes.filter((w) => w.device_id === device && w.command_id === commandId);
  return { simulator, gateway, devices, store, recorder, build, plc, written };
}

/** Open the silo's discharge, start the drum once the roaster's charge gate is open, set the burner. */
const charge = workflowOf(1, 'Charge roaster 1', [
  step({ device_id: 'GS1', command_id: B.DischargeGate, wait_finish: true }),
  step({
    device_id: 'R1',
    command_id: B.Drum,
    wait_finish: true,
    wait_device: [waitOn({ device_id: 'R1', command_id: B.ChargeGateOpened, command_value: 1 })],
  }),
  step({
    device_id: 'R1',
    type: 'input',
    command_id: I.BurnerSetPoint,
    dynamic: true,
    wait_finish: true,
  }),
]);

const messages = (engine: WorkflowEngine, id: number) =>
  engine.currentRun(id)?.timeline.map((e) => e.message) ?? [];

describe('WorkflowEngine on the plant simulator through the PLC gateway', () => {
  it('runs a multi-step workflow with wait_finish and wait_device to the end', async () => {
    const t = await setup([charge]);
    const engine = await t.build();
    expect((await engine.start(1, { who: 'ada', dynamic: { '103': 420 } })).ok).toBe(true);

    await vi.waitFor(
      () => expect(messages(engine, 1).at(-1)).toContain('waiting until'),
      eventually,
    );
    expect(t.plc('GS1', 'Discharge Gate Opened')).toBe(1);
    expect(t.plc('R1', 'Drum Running')).toBe(1);
    expect(t.written('R1', I.BurnerSetPoint)).toEqual([]);

    // Someone opens the roaster's charge gate at the PLC.
    t.simulator.model.setValue('R1', 'Charge Gate', 1);
    await vi.waitFor(() => expect(engine.currentRun(1)?.state).toBe('finished'), eventually);

    expect(t.plc('R1', 'Burner Set-point')).toBe(420);
    expect(messages(engine, 1)).toEqual([
      'Workflow started by ada.',
      'Step 1 (GS1 Discharge Gate): wrote 1 (confirmed by the PLC).',
      'Step 2 (R1 Drum): wrote 1 (confirmed by the PLC).',
      'Step 2 (R1 Drum): waiting until R1 Charge Gate Opened = 1.',
      'Step 2 (R1 Drum): R1 Charge Gate Opened = 1 holds.',
      'Step 3 (R1 Burner Set-point): wrote 420 (confirmed by the PLC).',
      'Workflow finished.',
    ]);
    expect(engine.currentRun(1)?.status.map((row) => row.response_from_plc)).toEqual([1, 1, 420]);
    expect(t.written('GS1', B.DischargeGate).map((w) => w.result)).toEqual(['ok']);
  });

  it('stops mid-run: the wait is abandoned and nothing more is written', async () => {
    const t = await setup([charge]);
    const engine = await t.build();
    const started = await engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    await vi.waitFor(
      () => expect(messages(engine, 1).at(-1)).toContain('waiting until'),
      eventually,
    );
    await engine.stop(1, 'bob');
    t.simulator.model.setValue('R1', 'Charge Gate', 1);
    await vi.waitFor(() => expect(t.plc('R1', 'Charge Gate Opened')).toBe(1), eventually);
    if (started.ok) await engine.settled(started.run.id);

    expect(engine.currentRun(1)?.state).toBe('stopped');
    expect(t.written('R1', I.BurnerSetPoint)).toEqual([]);
    // Stop leaves what the run opened as it is: the PLC keeps the silo open.
    expect(t.plc('GS1', 'Discharge Gate Opened')).toBe(1);

    const reset = await engine.clearAndReset(1, 'bob');
    expect(reset.ok && reset.writes.map((w) => w.result)).toEqual(['ok', 'ok']);
    expect(t.plc('GS1', 'Discharge Gate Opened')).toBe(0);
    expect(t.plc('R1', 'Drum Running')).toBe(0);
  });

  it('refuses to start while a device is in manual mode at the PLC', async () => {
    const t = await setup([charge]);
    const engine = await t.build();
    const manual = { device_id: 'R1', command_kind: 'binary' as const, command_id: B.ManualMode };
    expect(await t.gateway.write({ ...manual, who: 'operator', value: 1 })).toMatchObject({
      result: 'ok',
    });
    await vi.waitFor(() => expect(t.devices.mode('R1')).toBe('manual'), eventually);

    const refused = await engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    expect(refused).toMatchObject({ ok: false, message: MANUAL_MODE_REFUSAL, devices: ['R1'] });
    expect(t.written('GS1', B.DischargeGate)).toEqual([]);
  });

  it('fails a wait that does not hold in time, with the step and the last value', async () => {
    const slow = workflowOf(
      2,
      'Wait for weight',
      [
        step({
          device_id: 'R1',
          command_id: B.CoolingTray,
          wait_device: [
            waitOn({
              device_id: 'R1',
              type: 'input',
              command_id: I.RoastedWeight,
              condition: '>=',
              command_value: 100,
            }),
          ],
        }),
      ],
      { wait_timeout_s: 0.3 },
    );
    const t = await setup([slow]);
    const engine = await t.build();
    await engine.start(2, { who: 'ada' });
    await vi.waitFor(() => expect(engine.currentRun(2)?.state).toBe('failed'), eventually);
    expect(engine.currentRun(2)?.error).toBe(
      'Step 1 (R1 Cooling Tray): timed out after 300 ms waiting for R1 Roasted Weight >= 100 (last value 0).',
    );
    expect(t.recorder.notices.map((n) => n.type)).toEqual(['alarm']);
  });

  it('after a restart mid-run, resumes from the current step without repeating confirmed writes', async () => {
    const t = await setup([charge]);
    const first = await t.build();
    await first.start(1, { who: 'ada', dynamic: { '103': 420 } });
    await vi.waitFor(
      () => expect(messages(first, 1).at(-1)).toContain('waiting until'),
      eventually,
    );
    await first.close();

    const second = await t.build();
    expect(second.currentRun(1)?.state).toBe('interrupted');
    expect(t.recorder.notices.at(-1)?.text).toContain('was interrupted by a server restart');
    expect((await second.resume(1, 'bob')).ok).toBe(true);
    t.simulator.model.setValue('R1', 'Charge Gate', 1);
    await vi.waitFor(() => expect(second.currentRun(1)?.state).toBe('finished'), eventually);

    expect(t.written('GS1', B.DischargeGate)).toHaveLength(1);
    expect(t.written('R1', B.Drum)).toHaveLength(1);
    expect(t.written('R1', I.BurnerSetPoint)).toHaveLength(1);
  });

  it('refuses a second run on a device already driven by another', async () => {
    const other = workflowOf(2, 'Silo 1 inlet', [
      step({ device_id: 'GS1', command_id: B.InletGate }),
    ]);
    const t = await setup([charge, other]);
    const engine = await t.build();
    const first = await engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    const second = await engine.start(2, { who: 'bob' });
    expect(second).toMatchObject({
      ok: false,
      reason: 'locked',
      message: `GS1 (Green Silo 1) is already driven by run ${first.ok ? first.run.id : ''} of workflow 'Charge roaster 1'.`,
    });
    await engine.stop(1, 'ada');
  });

  it('chains triggers: the child starts when the parent finishes', async () => {
    const parent = workflowOf(1, 'Open silo 1', [
      step({ device_id: 'GS1', command_id: B.InletGate, wait_finish: true }),
    ]);
    const child = workflowOf(2, 'Open silo 2', [
      step({ device_id: 'GS2', command_id: B.InletGate, wait_finish: true }),
    ]);
    const t = await setup([parent, child], [trigger(1, 2, 'parent_finished', 1)]);
    const engine = await t.build();
    await engine.start(1, { who: 'ada' });
    await vi.waitFor(() => expect(engine.currentRun(2)?.state).toBe('finished'), eventually);
    expect(engine.currentRun(1)?.state).toBe('finished');
    expect(t.plc('GS1', 'Inlet Gate Opened')).toBe(1);
    expect(t.plc('GS2', 'Inlet Gate Opened')).toBe(1);
  });
});
