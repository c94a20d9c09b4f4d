import { describe, expect, it, vi } from 'vitest';
import {
  DemoBinary as B,
  DemoInput as I,
  type CommandRef,
  type WorkflowDefinition,
  type WorkflowTrigger,
} from '@roastery/contract';
import type { WriteOutcome } from './ports.ts';
import {
  EventRecorder,
  FakeDevicePort,
  ManualClock,
  MemoryRunStore,
  MemoryWorkflowSource,
  step,
  trigger,
  waitOn,
  workflowOf,
} from './testing/index.ts';
import {
  MANUAL_MODE_REFUSAL,
  UNKNOWN_MODE_REFUSAL,
  UNKNOWN_MODE_RESUME_REFUSAL,
  WorkflowEngine,
} from './workflow-engine.ts';

const bin = (device_id: string, command_id: number): CommandRef => ({
  device_id,
  command_kind: 'binary',
  command_id,
});
const input = (device_id: string, command_id: number): CommandRef => ({
  device_id,
  command_kind: 'input',
  command_id,
});

function setup(workflows: WorkflowDefinition[], triggers: WorkflowTrigger[] = []) {
  const devices = new FakeDevicePort();
  const clock = new ManualClock();
  const store = new MemoryRunStore();
  const source = new MemoryWorkflowSource(workflows, triggers);
  const recorder = new EventRecorder();
  let next = 0;
  const build = () =>
    new WorkflowEngine({
      devices,
      store,
      workflows: source,
      clock,
      events: recorder,
      notifier: recorder,
      newRunId: () => `run-${(next += 1)}`,
    });
  const engine = build();
  const messages = (workflowId: number) =>
    engine.currentRun(workflowId)?.timeline.map((entry) => entry.message) ?? [];
  const stateOf = (workflowId: number) => engine.currentRun(workflowId)?.state;
  return { devices, clock, store, source, recorder, engine, build, messages, stateOf };
}

/** Silo to roaster: open the silo, wait for the roaster to take the charge, set the burner. */
const siloToRoaster = workflowOf(1, 'Silo to roaster', [
  step({ device_id: 'GS1', command_id: B.DischargeGate, wait_finish: true }),
  step({
    device_id: 'R1',
    command_id: B.Drum,
    wait_finish: true,
    wait_device: [
      waitOn({ device_id: 'R1', command_id: B.ChargeGateOpened, command_value: 1 }),
      waitOn({
        device_id: 'R1',
        type: 'input',
        command_id: I.GreenWeight,
        condition: '>=',
        command_value: 250,
      }),
    ],
  }),
  step({ device_id: 'R1', type: 'input', command_id: I.BurnerSetPoint, dynamic: true }),
]);

describe('WorkflowEngine', () => {
  it('runs write -> wait_finish -> wait_device step by step and finishes with the right timeline', async () => {
    const t = setup([siloToRoaster]);
    await t.engine.open();
    const started = await t.engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    expect(started.ok).toBe(true);

    await vi.waitFor(() => expect(t.messages(1).at(-1)).toContain('waiting until'));
    expect(t.devices.writes.map((w) => w.ref)).toEqual([
      bin('GS1', B.DischargeGate),
      bin('R1', B.Drum),
    ]);
    t.devices.set(bin('R1', B.ChargeGateOpened), 1);
    t.devices.set(input('R1', I.GreenWeight), 200);
    expect(t.stateOf(1)).toBe('running');
    t.devices.set(input('R1', I.GreenWeight), 250);

    await vi.waitFor(() => expect(t.stateOf(1)).toBe('finished'));
    expect(t.devices.writes.map((w) => [w.ref.command_id, w.value])).toEqual([
      [B.DischargeGate, 1],
      [B.Drum, 1],
      [I.BurnerSetPoint, 420],
    ]);
    expect(t.messages(1)).toEqual([
      'Workflow started by ada.',
      'Step 1 (GS1 Discharge Gate): wrote 1 (confirmed by the PLC).',
      'Step 2 (R1 Drum): wrote 1 (confirmed by the PLC).',
      'Step 2 (R1 Drum): waiting until R1 Charge Gate Opened = 1 and R1 Green Weight >= 250.',
      'Step 2 (R1 Drum): R1 Charge Gate Opened = 1 and R1 Green Weight >= 250 holds.',
      'Step 3 (R1 Burner Set-point): wrote 420 (confirmed by the PLC).',
      'Workflow finished.',
    ]);
    const run = t.engine.currentRun(1);
    expect(run?.phases).toEqual(['done', 'done', 'done']);
    expect(run?.status.map((row) => [row.response_from_app, row.response_from_plc])).toEqual([
      [1, 1],
      [1, 1],
      [420, 420],
    ]);
    // The write is the person's; what it was for goes with it to the events log.
    expect(t.devices.writes[0]).toMatchObject({
      who: 'ada',
      context: "workflow 'Silo to roaster', step 1, run run-1",
    });
    // Every transition was stored, and the store holds the last one.
    const states = t.store.saves.map((s) => s.state);
    expect(states[0]).toBe('running');
    expect(states.at(-1)).toBe('finished');
    expect(t.store.get('run-1')).toEqual(run);
    expect(t.recorder.events.filter((e) => e.type === 'timeline')).toHaveLength(7);
    // The entries that report a write say so: the events log has the write from the gateway.
    expect(
      t.recorder.events.flatMap((e) =>
        e.type === 'timeline' && e.reportsWrite ? [e.entry.message] : [],
      ),
    ).toEqual([
      'Step 1 (GS1 Discharge Gate): wrote 1 (confirmed by the PLC).',
      'Step 2 (R1 Drum): wrote 1 (confirmed by the PLC).',
      'Step 3 (R1 Burner Set-point): wrote 420 (confirmed by the PLC).',
    ]);
    expect(t.recorder.notices).toEqual([]);
  });

  it('with wait_finish, waits for the PLC feedback when the write is only acknowledged', async () => {
    const t = setup([
      workflowOf(1, 'Gate', [
        step({ device_id: 'GS1', command_id: B.InletGate, wait_finish: true }),
      ]),
    ]);
    t.devices.respond = async () => ({ result: 'unconfirmed' });
    await t.engine.open();
    await t.engine.start(1, { who: 'ada' });
    await vi.waitFor(() => expect(t.messages(1).at(-1)).toContain('waiting for'));
    expect(t.messages(1).at(-1)).toBe(
      'Step 1 (GS1 Inlet Gate): waiting for GS1 Inlet Gate Opened to show 1.',
    );
    expect(t.engine.currentRun(1)?.phases).toEqual(['written']);
    t.devices.set(bin('GS1', B.InletGateOpened), 1);
    await vi.waitFor(() => expect(t.stateOf(1)).toBe('finished'));
    expect(t.messages(1)).toContain('Step 1 (GS1 Inlet Gate): GS1 Inlet Gate Opened shows 1.');
  });

  it('fails the run when a write fails, naming the step', async () => {
    const t = setup([workflowOf(1, 'Gate', [step({ device_id: 'GS1', command_id: B.InletGate })])]);
    t.devices.respond = async () => ({ result: 'failed', error: 'PLC not connected' });
    await t.engine.open();
    await t.engine.start(1, { who: 'ada' });
    await vi.waitFor(() => expect(t.stateOf(1)).toBe('failed'));
    expect(t.engine.currentRun(1)?.error).toBe(
      'Step 1 (GS1 Inlet Gate): the write of 1 failed: PLC not connected',
    );
    expect(t.recorder.notices[0]).toMatchObject({ type: 'alarm' });
  });

  it('stop ends the run at once: waits abandoned, nothing more written, devices free', async () => {
    const t = setup([siloToRoaster]);
    await t.engine.open();
    await t.engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    await vi.waitFor(() => expect(t.messages(1).at(-1)).toContain('waiting until'));

    const stopped = await t.engine.stop(1, 'bob');
    expect(stopped.ok).toBe(true);
    expect(t.stateOf(1)).toBe('stopped');
    expect(t.messages(1).at(-1)).toBe('Stopped by bob at Step 2 (R1 Drum).');
    t.devices.set(bin('R1', B.ChargeGateOpened), 1);
    t.devices.set(input('R1', I.GreenWeight), 300);
    await t.engine.settled('run-1');
    expect(t.devices.writes).toHaveLength(2);
    expect(t.clock.pendingTimers).toBe(0);
    expect(t.store.get('run-1')?.state).toBe('stopped');
    // What the run opened stays open until Clear & Reset.
    expect(t.devices.value(bin('GS1', B.DischargeGate))).toBe(1);
    expect((await t.engine.stop(1, 'bob')).ok).toBe(false);
  });

  it('refuses to start while a device of the workflow is in manual mode', async () => {
    const t = setup([siloToRoaster]);
    await t.engine.open();
    t.devices.setManual('R1', true);
    const result = await t.engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    expect(result).toMatchObject({
      ok: false,
      reason: 'manual',
      message: 'This workflow cannot be started. Some of the devices are in manual mode.',
      devices: ['R1'],
    });
    expect(MANUAL_MODE_REFUSAL).toBe(
      'This workflow cannot be started. Some of the devices are in manual mode.',
    );
    expect(t.devices.writes).toEqual([]);
    expect(t.engine.currentRun(1)).toBeUndefined();
  });

  it('refuses to start while the PLC does not report the mode of a device, naming it', async () => {
    const t = setup([siloToRoaster]);
    await t.engine.open();
    t.devices.setOffline('R1', true);
    const result = await t.engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    expect(result).toMatchObject({
      ok: false,
      reason: 'unknown_mode',
      message: `${UNKNOWN_MODE_REFUSAL} Unknown: R1 (Roaster 1).`,
      devices: ['R1'],
    });
    expect(t.devices.writes).toEqual([]);
    expect(t.engine.currentRun(1)).toBeUndefined();

    t.devices.setOffline('R1', false);
    expect((await t.engine.start(1, { who: 'ada', dynamic: { '103': 420 } })).ok).toBe(true);
  });

  it('pauses when a device switches to manual mid-run, writes nothing, and goes on back in auto', async () => {
    const t = setup([siloToRoaster]);
    await t.engine.open();
    await t.engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    await vi.waitFor(() => expect(t.messages(1).at(-1)).toContain('waiting until'));

    t.devices.setManual('R1', true);
    expect(t.stateOf(1)).toBe('paused');
    expect(t.messages(1).at(-1)).toBe('Paused: R1 (Roaster 1) switched to manual mode.');
    expect(t.recorder.notices.at(-1)).toMatchObject({ type: 'alarm', device_id: 'R1' });
    expect((await t.engine.status(1))?.paused_by).toEqual([
      { device_id: 'R1', device_name: 'Roaster 1' },
    ]);
    // The wait may hold while paused, but the next write waits for auto mode.
    t.devices.set(bin('R1', B.ChargeGateOpened), 1);
    t.devices.set(input('R1', I.GreenWeight), 300);
    await vi.waitFor(() => expect(t.engine.currentRun(1)?.current_step).toBe(2));
    expect(t.devices.writes).toHaveLength(2);

    t.devices.setManual('R1', false);
    await vi.waitFor(() => expect(t.stateOf(1)).toBe('finished'));
    expect(t.messages(1)).toContain('Resumed: every device is back in auto mode.');
    expect(t.devices.writes).toHaveLength(3);
    expect((await t.engine.status(1))?.paused_by).toEqual([]);
  });

  it('fails a run left paused in manual mode longer than manual_timeout_s', async () => {
    const t = setup([
      workflowOf(
        1,
        'Gate',
        [
          step({
            device_id: 'GS1',
            command_id: B.InletGate,
            wait_device: [
              waitOn({ device_id: 'R1', command_id: B.ChargeGateOpened, command_value: 1 }),
            ],
          }),
        ],
        { manual_timeout_s: 60 },
      ),
    ]);
    await t.engine.open();
    await t.engine.start(1, { who: 'ada' });
    await vi.waitFor(() => expect(t.messages(1).at(-1)).toContain('waiting until'));
    t.devices.setManual('GS1', true);
    t.clock.advance(60_000);
    expect(t.stateOf(1)).toBe('failed');
    expect(t.engine.currentRun(1)?.error).toBe(
      'Failed: GS1 (Green Silo 1) stayed in manual mode for 1 min.',
    );
  });

  it('fails a wait on timeout with a clear timeline message and an alarm; a step can override', async () => {
    const t = setup([
      workflowOf(
        1,
        'Charge',
        [
          step({
            device_id: 'R1',
            command_id: B.ChargeGate,
            timeout_s: 30,
            wait_device: [
              waitOn({
                device_id: 'R1',
                type: 'input',
                command_id: I.GreenWeight,
                condition: '>',
                command_value: 100,
              }),
            ],
          }),
        ],
        { wait_timeout_s: 600 },
      ),
    ]);
    await t.engine.open();
    await t.engine.start(1, { who: 'ada' });
    await vi.waitFor(() => expect(t.messages(1).at(-1)).toContain('waiting until'));
    t.devices.set(input('R1', I.GreenWeight), 80);
    t.clock.advance(29_999);
    expect(t.stateOf(1)).toBe('running');
    t.clock.advance(1);
    await vi.waitFor(() => expect(t.stateOf(1)).toBe('failed'));
    const message =
      'Step 1 (R1 Charge Gate): timed out after 30 s waiting for R1 Green Weight > 100 (last value 80).';
    expect(t.messages(1).at(-1)).toBe(message);
    expect(t.engine.currentRun(1)?.error).toBe(message);
    expect(t.recorder.notices).toEqual([
      { type: 'alarm', device_id: 'R1', text: `Workflow 'Charge' failed. ${message}` },
    ]);
  });

  it('marks a run found running at start interrupted, and resumes it without repeating confirmed writes', async () => {
    const t = setup([siloToRoaster]);
    await t.engine.open();
    await t.engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    await vi.waitFor(() => expect(t.messages(1).at(-1)).toContain('waiting until'));
    await t.engine.close();
    expect(t.store.get('run-1')?.state).toBe('running');

    const engine = t.build();
    await engine.open();
    const run = engine.currentRun(1);
    expect(run?.state).toBe('interrupted');
    expect(run?.timeline.at(-1)?.message).toBe(
      'Interrupted: the server restarted while the run was active at Step 2 (R1 Drum). Resume it or stop it.',
    );
    expect(t.recorder.notices.at(-1)?.type).toBe('alarm');
    expect(t.store.get('run-1')?.state).toBe('interrupted');
    // It waits on a person: a plant stepped in lockstep with the runs goes on meanwhile.
    expect(engine.waitingOnPlant()).toBe(true);
    // An interrupted run keeps its devices.
    const other = workflowOf(2, 'Other', [step({ device_id: 'GS1', command_id: B.InletGate })]);
    t.source.workflows.set(2, other);
    expect((await engine.start(2, { who: 'bob' })).ok).toBe(false);

    t.devices.setManual('R1', true);
    expect(await engine.resume(1, 'bob')).toMatchObject({ ok: false, reason: 'manual' });
    t.devices.setManual('R1', false);
    t.devices.setOffline('R1', true);
    expect(await engine.resume(1, 'bob')).toMatchObject({
      ok: false,
      reason: 'unknown_mode',
      message: `${UNKNOWN_MODE_RESUME_REFUSAL} Unknown: R1 (Roaster 1).`,
    });
    t.devices.setOffline('R1', false);
    expect((await engine.resume(1, 'bob')).ok).toBe(true);
    t.devices.set(bin('R1', B.ChargeGateOpened), 1);
    t.devices.set(input('R1', I.GreenWeight), 300);
    await vi.waitFor(() => expect(engine.currentRun(1)?.state).toBe('finished'));
    expect(t.devices.writes.map((w) => w.ref.command_id)).toEqual([
      B.DischargeGate,
      B.Drum,
      I.BurnerSetPoint,
    ]);
    expect(engine.currentRun(1)?.timeline.map((e) => e.message)).toContain(
      'Resumed by bob from Step 2 (R1 Drum).',
    );
  });

  it('closes while a confirmed write is still being stored, without waiting on the next wait', async () => {
    const fill = workflowOf(1, 'Fill a bin', [
      step({
        device_id: 'WRB3',
        command_id: B.InletGate,
        wait_device: [
          waitOn({
            device_id: 'DS1',
            type: 'input',
            command_id: I.ScaleWeight,
            condition: '>=',
            command_value: 10,
          }),
        ],
      }),
    ]);
    const t = setup([fill]);
    await t.engine.open();
    // The save that follows the write's confirmation is held, as a busy database would hold it:
    // the close comes while it is stored, before the run asks for its wait on the scale.
    let release = () => {};
    const save = t.store.save.bind(t.store);
    t.store.save = async (run) => {
      if (run.phases[0] === 'confirmed') {
        await new Promise<void>((resolve) => (release = resolve));
      }
      return save(run);
    };
    await t.engine.start(1, { who: 'ada' });
    await vi.waitFor(() => expect(t.engine.currentRun(1)?.phases[0]).toBe('confirmed'));
    const closed = t.engine.close();
    release();
    await closed;
    expect(t.store.get('run-1')?.state).toBe('running');
    expect(t.clock.pendingTimers).toBe(0);
  });

  it('drives runs again when opened after a close, from what is stored', async () => {
    const t = setup([siloToRoaster]);
    await t.engine.open();
    await t.engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    await vi.waitFor(() => expect(t.messages(1).at(-1)).toContain('waiting until'));
    await t.engine.close();
    await t.engine.open();
    expect(t.stateOf(1)).toBe('interrupted');
    expect((await t.engine.resume(1, 'bob')).ok).toBe(true);
    t.devices.set(bin('R1', B.ChargeGateOpened), 1);
    t.devices.set(input('R1', I.GreenWeight), 300);
    await vi.waitFor(() => expect(t.stateOf(1)).toBe('finished'));
    expect(t.devices.writes.map((w) => w.ref.command_id)).toEqual([
      B.DischargeGate,
      B.Drum,
      I.BurnerSetPoint,
    ]);
  });

  it('after a crash between sending a write and hearing back, writes again only if the PLC does not show it', async () => {
    const gate = workflowOf(1, 'Gates', [
      step({ device_id: 'GS1', command_id: B.InletGate, wait_finish: true }),
      step({ device_id: 'GS2', command_id: B.InletGate, wait_finish: true }),
    ]);
    const t = setup([gate]);
    t.devices.respond = () => new Promise<WriteOutcome>(() => undefined);
    await t.engine.open();
    await t.engine.start(1, { who: 'ada' });
    await vi.waitFor(() => expect(t.store.get('run-1')?.phases[0]).toBe('writing'));
    void t.engine.close();

    // The first write did reach the PLC: resuming must not send it again.
    t.devices.set(bin('GS1', B.InletGateOpened), 1);
    t.devices.respond = async (ref, value) => {
      t.devices.set(t.devices.feedbackOf(ref), value);
      return { result: 'ok' };
    };
    const engine = t.build();
    await engine.open();
    await engine.resume(1, 'bob');
    await vi.waitFor(() => expect(engine.currentRun(1)?.state).toBe('finished'));
    expect(t.devices.writes.map((w) => w.ref.device_id)).toEqual(['GS1', 'GS2']);
    expect(engine.currentRun(1)?.timeline.map((e) => e.message)).toContain(
      'Step 1 (GS1 Inlet Gate): the PLC already shows 1; not written again.',
    );
  });

  it('refuses a second run on a device another run drives, naming the run and the device', async () => {
    const t = setup([
      siloToRoaster,
      workflowOf(2, 'Roaster prep', [step({ device_id: 'R1', command_id: B.CoolingTray })]),
    ]);
    await t.engine.open();
    await t.engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    expect(await t.engine.start(2, { who: 'bob' })).toMatchObject({
      ok: false,
      reason: 'locked',
      message: "R1 (Roaster 1) is already driven by run run-1 of workflow 'Silo to roaster'.",
      devices: ['R1'],
    });
    expect(await t.engine.start(1, { who: 'bob', dynamic: { '103': 420 } })).toMatchObject({
      ok: false,
      reason: 'busy',
    });
    await t.engine.stop(1, 'ada');
    expect((await t.engine.start(2, { who: 'bob' })).ok).toBe(true);
  });

  it('runs its own steps when the start carries them: validated, mode-checked and locked like the workflow', async () => {
    const t = setup([siloToRoaster]);
    await t.engine.open();
    const own = [
      step({ id: 1, sort_no: 1, device_id: 'GS2', command_id: B.DischargeGate }),
      step({ id: 2, sort_no: 2, device_id: 'GS2', command_id: B.DischargeGate, command_value: 0 }),
    ];
    const invalid = await t.engine.start(1, {
      who: 'ada',
      steps: [step({ id: 1, sort_no: 1, device_id: 'GS2', command_id: B.Burner })],
    });
    expect(invalid).toMatchObject({ ok: false, reason: 'invalid' });
    t.devices.setManual('GS2', true);
    expect(await t.engine.start(1, { who: 'ada', steps: own })).toMatchObject({
      ok: false,
      reason: 'manual',
      devices: ['GS2'],
    });
    t.devices.setManual('GS2', false);
    // The workflow's own dynamic step is not part of the run, so no value is asked for.
    const started = await t.engine.start(1, { who: 'ada', steps: own, runId: 'batch-7' });
    expect(started.ok && started.run.id).toBe('batch-7');
    await vi.waitFor(() => expect(t.stateOf(1)).toBe('finished'));
    expect(t.devices.writes.map((w) => [w.ref.device_id, w.value])).toEqual([
      ['GS2', 1],
      ['GS2', 0],
    ]);
    expect(t.engine.currentRun(1)?.steps.map((s) => s.device_id)).toEqual(['GS2', 'GS2']);
    expect(t.source.workflows.get(1)?.steps.map((s) => s.device_id)).toEqual(['GS1', 'R1', 'R1']);
    expect(await t.engine.start(1, { who: 'ada', steps: own, runId: 'batch-7' })).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: 'Run batch-7 already exists.',
    });
  });

  it('chains triggers: a child starts when its parent finishes; plant events start bound workflows', async () => {
    const a = workflowOf(1, 'A', [step({ device_id: 'GS1', command_id: B.InletGate })]);
    const b = workflowOf(2, 'B', [step({ device_id: 'GS2', command_id: B.InletGate })]);
    const c = workflowOf(3, 'C', [step({ device_id: 'GS3', command_id: B.InletGate })]);
    const d = workflowOf(4, 'D', [step({ device_id: 'DS1', command_id: B.Start })]);
    const t = setup(
      [a, b, c, d],
      [
        trigger(1, 2, 'parent_finished', 1),
        trigger(2, 3, 'parent_finished', 2),
        trigger(3, 4, 'dump_acknowledged'),
      ],
    );
    await t.engine.open();
    await t.engine.start(1, { who: 'ada' });
    await vi.waitFor(() => expect(t.stateOf(3)).toBe('finished'));
    expect(t.stateOf(1)).toBe('finished');
    expect(t.stateOf(2)).toBe('finished');
    expect(t.engine.currentRun(2)?.origin).toEqual({ kind: 'parent', parent_run_id: 'run-1' });
    expect(t.engine.currentRun(3)?.who).toBe('ada');
    expect(t.stateOf(4)).toBeUndefined();

    const results = await t.engine.handlePlantEvent('dump_acknowledged', 'system');
    expect(results.map((r) => [r.workflow_id, r.result.ok])).toEqual([[4, true]]);
    await vi.waitFor(() => expect(t.stateOf(4)).toBe('finished'));
    expect(t.messages(4)[0]).toBe('Workflow started by the plant event dump_acknowledged.');
  });

  it("names an order's run by its order, on the timeline and in the run screen's state", async () => {
    const roast = workflowOf(5, 'Roast', [step({ device_id: 'R1', command_id: B.Drum })]);
    const t = setup([roast]);
    await t.engine.open();
    expect((await t.engine.status(5))?.origin).toBeNull();
    await t.engine.start(5, { who: 'ada', origin: { kind: 'order', order_id: 12, batch: 2 } });
    await vi.waitFor(() => expect(t.stateOf(5)).toBe('finished'));
    expect(t.messages(5)[0]).toBe('Workflow started by ada for order 000012, batch 2.');
    expect((await t.engine.status(5))?.origin).toEqual({ kind: 'order', order_id: 12, batch: 2 });

    await t.engine.start(5, {
      who: 'order 000012',
      origin: { kind: 'order', order_id: 12, batch: 3 },
    });
    await vi.waitFor(() => expect(t.stateOf(5)).toBe('finished'));
    expect(t.messages(5)[0]).toBe('Workflow started for order 000012, batch 3.');
  });

  it('keeps the request a run was started for on the run and in the store', async () => {
    const roast = workflowOf(5, 'Roast', [step({ device_id: 'R1', command_id: B.Drum })]);
    const t = setup([roast]);
    await t.engine.open();
    const owned = await t.engine.start(5, { who: 'ada', owner: { kind: 'batch', id: 7 } });
    expect(owned.ok && owned.run.owner).toEqual({ kind: 'batch', id: 7 });
    await vi.waitFor(() => expect(t.stateOf(5)).toBe('finished'));
    expect(t.engine.currentRun(5)?.owner).toEqual({ kind: 'batch', id: 7 });
    expect(t.store.get('run-1')?.owner).toEqual({ kind: 'batch', id: 7 });

    await t.engine.start(5, { who: 'ada' });
    await vi.waitFor(() => expect(t.stateOf(5)).toBe('finished'));
    expect(t.engine.currentRun(5)?.owner).toBeNull();
  });

  it('warns when a trigger cannot start its workflow', async () => {
    const a = workflowOf(1, 'A', [step({ device_id: 'GS1', command_id: B.InletGate })]);
    const b = workflowOf(2, 'B', [step({ device_id: 'GS2', command_id: B.InletGate })]);
    const t = setup([a, b], [trigger(1, 2, 'parent_finished', 1)]);
    await t.engine.open();
    t.devices.setManual('GS2', true);
    await t.engine.start(1, { who: 'ada' });
    await vi.waitFor(() => expect(t.recorder.notices).toHaveLength(1));
    expect(t.recorder.notices[0]).toEqual({
      type: 'warning',
      device_id: 'GS2',
      text: `Workflow 2 was not started by 'A' finishing: ${MANUAL_MODE_REFUSAL}`,
    });
  });

  it('Clear forgets an ended run; Clear & Reset first writes 0 to every app command it wrote', async () => {
    const t = setup([siloToRoaster]);
    await t.engine.open();
    await t.engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    await vi.waitFor(() => expect(t.messages(1).at(-1)).toContain('waiting until'));
    expect((await t.engine.clear(1)).ok).toBe(false);
    await t.engine.stop(1, 'ada');

    const reset = await t.engine.clearAndReset(1, 'bob');
    expect(reset.ok && reset.writes).toEqual([
      { ref: bin('GS1', B.DischargeGate), result: 'ok' },
      { ref: bin('R1', B.Drum), result: 'ok' },
    ]);
    expect(t.devices.value(bin('GS1', B.DischargeGate))).toBe(0);
    expect(t.devices.value(bin('R1', B.Drum))).toBe(0);
    expect(t.store.get('run-1')?.cleared_at).not.toBeNull();
    expect(await t.engine.status(1)).toMatchObject({ running: false, state: 'idle', timeline: [] });
    expect(t.recorder.events.at(-1)).toEqual({ type: 'cleared', run_id: 'run-1', workflow_id: 1 });

    await t.engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    await t.engine.stop(1, 'ada');
    expect((await t.engine.clear(1)).ok).toBe(true);
    expect(await t.store.listUncleared()).toEqual([]);
  });

  it('keeps on a confirmed row what the PLC confirmed, while a row still to come follows the PLC', async () => {
    const openThenClose = workflowOf(4, 'Open the gate, then close it', [
      step({ device_id: 'GS1', command_id: B.DischargeGate, wait_finish: true }),
      step({
        device_id: 'R1',
        type: 'input',
        command_id: I.BurnerSetPoint,
        command_value: 300,
        wait_device: [
          waitOn({ device_id: 'R1', command_id: B.ChargeGateOpened, command_value: 1 }),
        ],
      }),
      step({ device_id: 'GS1', command_id: B.DischargeGate, command_value: 0, wait_finish: true }),
    ]);
    const t = setup([openThenClose]);
    await t.engine.open();
    await t.engine.start(4, { who: 'ada' });
    await vi.waitFor(() => expect(t.messages(4).at(-1)).toContain('waiting until'));
    const rows = async () =>
      (await t.engine.status(4))?.status.map((r) => [r.response_from_app, r.response_from_plc]);
    expect(await rows()).toEqual([
      [1, 1],
      [300, 300],
      [null, 1],
    ]);

    // The gate's feedback drops while step 2 waits: step 3, not written yet, shows it.
    t.devices.set(bin('GS1', B.DischargeGateOpened), 0);
    expect(await rows()).toEqual([
      [1, 1],
      [300, 300],
      [null, 0],
    ]);
    expect(t.recorder.events.at(-1)).toMatchObject({ type: 'status', index: 2 });

    t.devices.set(bin('R1', B.ChargeGateOpened), 1);
    await vi.waitFor(() => expect(t.stateOf(4)).toBe('finished'));
    expect(await rows()).toEqual([
      [1, 1],
      [300, 300],
      [0, 0],
    ]);
  });

  it('validates statically, each error naming its step, and refuses to start an invalid workflow', async () => {
    const bad = workflowOf(1, 'Bad', [
      step({ device_id: 'GS1', command_id: B.InletGate, command_value: 2 }),
      step({ device_id: 'XX9', command_id: B.InletGate }),
      step({ device_id: 'GS1', command_id: B.Burner }),
      step({ device_id: 'GS1', command_id: B.InletGateOpened }),
      step({
        device_id: 'R1',
        type: 'input',
        command_id: I.BurnerSetPoint,
        command_value: 70_000,
        wait_device: [
          waitOn({ device_id: 'R1', command_id: 99, command_value: 1 }),
          waitOn({ device_id: 'R1', command_id: B.BurnerOn, condition: '>', command_value: 0 }),
        ],
      }),
      step({ device_id: 'R1', type: 'input', command_id: I.BatchSize, dynamic: true }),
    ]);
    const t = setup([bad]);
    expect(t.engine.validate(bad).map((p) => p.message)).toEqual([
      'Step 1 (GS1 Inlet Gate): value 2 is not 0 or 1',
      'Step 2 (XX9 binary command 7): device XX9 does not exist',
      "Step 3 (GS1 binary command 13): binary command 13 is not a command of this device's type",
      'Step 4 (GS1 Inlet Gate Opened): Inlet Gate Opened is reported by the PLC and cannot be written',
      'Step 5 (R1 Burner Set-point): value 70000 is outside 0..65535',
      'Step 5 (R1 Burner Set-point): wait condition 1: binary command 99 is not a command of R1',
      'Step 5 (R1 Burner Set-point): wait condition 2: a binary command can only be compared with = or !=',
    ]);
    const refused = await t.engine.start(1, { who: 'ada' });
    expect(refused).toMatchObject({ ok: false, reason: 'invalid' });
    expect(!refused.ok && refused.problems?.at(-1)?.message).toBe(
      'Please set Batch Size for Roaster 1',
    );
    expect(await t.engine.checkStart(1)).toEqual({
      show: true,
      data: [
        { name: 'Bad', form: [{ step_id: 106, name: 'Batch Size', device_name: 'Roaster 1' }] },
      ],
    });
    expect(t.engine.validate({ steps: [] })).toEqual([
      { step_id: null, message: 'The workflow has no steps.' },
    ]);
  });
});

describe('WorkflowEngine.waiting', () => {
  it('lists the conditions of the current step that do not hold yet, with since when', async () => {
    const t = setup([siloToRoaster]);
    await t.engine.open();
    t.devices.respond = async () => ({ result: 'unconfirmed' });
    await t.engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    await vi.waitFor(() => expect(t.messages(1).at(-1)).toContain('waiting for'));
    const startedAt = new Date(t.clock.now()).toISOString();
    expect(t.engine.waiting()).toEqual([
      {
        run_id: 'run-1',
        workflow_id: 1,
        workflow_name: 'Silo to roaster',
        step_index: 0,
        kind: 'wait_finish',
        ref: bin('GS1', B.DischargeGateOpened),
        condition: '=',
        value: 1,
        current: 0,
        text: 'GS1 Discharge Gate Opened = 1',
        since: startedAt,
      },
    ]);

    t.clock.advance(5_000);
    t.devices.respond = async () => ({ result: 'ok' });
    t.devices.set(bin('GS1', B.DischargeGateOpened), 1);
    await vi.waitFor(() => expect(t.messages(1).at(-1)).toContain('waiting until'));
    const waitingSince = new Date(t.clock.now()).toISOString();
    t.devices.set(input('R1', I.GreenWeight), 200);
    expect(t.engine.waiting()).toEqual([
      expect.objectContaining({
        step_index: 1,
        kind: 'wait_device',
        ref: bin('R1', B.ChargeGateOpened),
        condition: '=',
        value: 1,
        text: 'R1 Charge Gate Opened = 1',
        since: waitingSince,
      }),
      expect.objectContaining({
        step_index: 1,
        kind: 'wait_device',
        ref: input('R1', I.GreenWeight),
        condition: '>=',
        value: 250,
        current: 200,
        text: 'R1 Green Weight >= 250',
        since: waitingSince,
      }),
    ]);

    // A condition that holds is no longer waited on, even while the other keeps the step.
    t.devices.set(bin('R1', B.ChargeGateOpened), 1);
    expect(t.engine.waiting().map((w) => w.text)).toEqual(['R1 Green Weight >= 250']);

    t.devices.set(input('R1', I.GreenWeight), 250);
    await vi.waitFor(() => expect(t.stateOf(1)).toBe('finished'));
    expect(t.engine.waiting()).toEqual([]);
  });

  it('forgets the waits of a stopped run', async () => {
    const t = setup([siloToRoaster]);
    await t.engine.open();
    await t.engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    await vi.waitFor(() => expect(t.messages(1).at(-1)).toContain('waiting until'));
    expect(t.engine.waiting()).toHaveLength(2);
    await t.engine.stop(1, 'bob');
    expect(t.engine.waiting()).toEqual([]);
  });

  it('is waiting on the plant only while every active run waits on it, not while one stores a step', async () => {
    const t = setup([siloToRoaster]);
    await t.engine.open();
    expect(t.engine.waitingOnPlant()).toBe(true);
    await t.engine.start(1, { who: 'ada', dynamic: { '103': 420 } });
    await vi.waitFor(() => expect(t.messages(1).at(-1)).toContain('waiting until'));
    expect(t.engine.waitingOnPlant()).toBe(true);

    // The plant reaches the condition; the run stores the step before its next write.
    let release: () => void = () => undefined;
    const save = vi.spyOn(t.store, 'save').mockImplementationOnce(
      (run) =>
        new Promise<void>((resolve) => {
          release = () => {
            save.mockRestore();
            void t.store.save(run).then(resolve);
          };
        }),
    );
    t.devices.set(bin('R1', B.ChargeGateOpened), 1);
    t.devices.set(input('R1', I.GreenWeight), 250);
    await vi.waitFor(() => expect(save).toHaveBeenCalled());
    expect(t.engine.waitingOnPlant()).toBe(false);
    release();
    await vi.waitFor(() => expect(t.stateOf(1)).toBe('finished'));
    expect(t.engine.waitingOnPlant()).toBe(true);
  });
});
