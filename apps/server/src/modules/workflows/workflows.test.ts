import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DemoBinary,
  DemoInput,
  Role,
  type Diagram,
  type DynamicValueForm,
  type RunningWorkflowState,
  type Workflow,
  type WorkflowListEntry,
  type WorkflowStep,
} from '@roastery/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp, createServices } from '../../app.ts';
import {
  buildTestApp,
  eventually,
  testUsers,
  type ApiCaller,
  type TestApp,
} from '../../../test/helper.ts';

let t: TestApp;
let admin: ApiCaller;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  admin = t.as(Role.Administrator);
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
});
afterAll(() => t.close());

async function newWorkflow(name: string, type = 'moving'): Promise<Workflow> {
  const res = await admin<Workflow>('POST', '/api/diagram/create', { name, type });
  expect(res.status).toBe(201);
  return res.body;
}

const status = async (id: number) =>
  (await admin<RunningWorkflowState>('GET', `/api/workflow/${id}/status`)).body;

describe('workflow definitions', () => {
  it('creates, lists by type and search, and refuses a duplicate name', async () => {
    await newWorkflow('Silo 1 to Silo 2');
    await newWorkflow('Packing line 1', 'packing');
    const moving = await admin<{ name: string }[]>('GET', '/api/diagram/new/flow/list?s=moving');
    expect(moving.body.map((w) => w.name)).toContain('Silo 1 to Silo 2');
    expect(moving.body.map((w) => w.name)).not.toContain('Packing line 1');
    const found = await admin<{ name: string }[]>(
      'GET',
      '/api/diagram/new/flow/list?s=all&q=packing',
    );
    expect(found.body.map((w) => w.name)).toEqual(['Packing line 1']);
    expect(
      (await admin('POST', '/api/diagram/create', { name: 'silo 1 to silo 2', type: 'moving' }))
        .status,
    ).toBe(409);
  });

  it('saves a diagram, refuses a stale copy and a missing body with the spec message', async () => {
    const w = await newWorkflow('Diagram test');
    const loaded = (await admin<Diagram>('GET', `/api/diagram/flow/${w.id}`)).body;
    const nodes = [
      {
        id: 'GS1',
        type: 'custom',
        data: {
          label: 'Green Silo 1',
          class: 'lg',
          targetCount: 1,
          sourceCount: 1,
          targetPosition: 'top',
          sourcePosition: 'bottom',
        },
        position: { x: 0, y: 0 },
      },
      {
        id: 'R1',
        type: 'custom',
        data: {
          label: 'Roaster 1',
          class: 'md',
          targetCount: 1,
          sourceCount: 1,
          targetPosition: 'top',
          sourcePosition: 'bottom',
        },
        position: { x: 0, y: 200 },
      },
    ];
    const saved = await admin<Diagram>('POST', '/api/diagram/c/update', {
      id: w.id,
      nodes,
      edges: [{ source: 'GS1', target: 'R1' }],
      revision: loaded.revision,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.nodes.map((n) => n.id)).toEqual(['GS1', 'R1']);
    const stale = await admin('POST', '/api/diagram/c/update', {
      id: w.id,
      nodes,
      edges: [],
      revision: loaded.revision,
    });
    expect(stale.status).toBe(409);
    const missing = await admin('POST', '/api/diagram/c/update', { id: w.id });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Error in saving flow');
    const dangling = await admin('POST', '/api/diagram/c/update', {
      id: w.id,
      nodes,
      edges: [{ source: 'GS1', target: 'X' }],
    });
    expect(dangling.status).toBe(422);
  });

  it('saves the order of devices, refusing a device listed twice with a 400', async () => {
    const w = await newWorkflow('Device order test');
    const entry = (device_id: string, sort_no: number) => ({
      device_name: device_id,
      device_id,
      work_flow_id: w.id,
      sort_no,
    });
    const twice = await admin('POST', `/api/workflow/${w.id}/device-sort`, [
      entry('GS1', 0),
      entry('GS2', 1),
      entry('GS1', 2),
    ]);
    expect(twice).toEqual({
      status: 400,
      body: expect.objectContaining({
        message: 'Each device may appear once in the order: GS1 appears more than once.',
      }),
    });
    const saved = await admin('POST', `/api/workflow/${w.id}/device-sort`, [
      entry('GS2', 0),
      entry('GS1', 1),
    ]);
    expect(saved).toEqual({
      status: 200,
      body: [
        { device_id: 'GS2', sort_no: 0 },
        { device_id: 'GS1', sort_no: 1 },
      ],
    });
  });

  it('checks every step against the plant, naming the step', async () => {
    const w = await newWorkflow('Validation test');
    const wrongCommand = await admin('POST', '/api/diagram/rules', {
      workflow_id: w.id,
      device_id: 'GS1',
      type: 'binary',
      command_id: DemoBinary.Burner,
      command_value: 1,
    });
    expect(wrongCommand.status).toBe(422);
    expect(wrongCommand.body.message).toMatch(/Step 1/);
    const unknownDevice = await admin('POST', '/api/diagram/rules', {
      workflow_id: w.id,
      device_id: 'NOPE',
      type: 'binary',
      command_id: DemoBinary.Open,
    });
    expect(unknownDevice.status).toBe(422);
    const badJson = await admin('POST', '/api/diagram/rules', {
      workflow_id: w.id,
      device_id: 'GS1',
      type: 'binary',
      command_id: DemoBinary.InletGate,
      wait_device: '{not json',
    });
    expect(badJson.status).toBe(400);
  });
});

describe('system workflows', () => {
  it('cannot be deleted: the refusal names the workflow and nothing of it changes', async () => {
    const list = await admin<WorkflowListEntry[]>('GET', '/api/diagram/new/flow/list?s=all');
    const system = list.body.find((w) => w.reserved);
    if (!system) throw new Error('no system workflow is seeded');
    const before = await admin<Workflow>('GET', `/api/workflow/${system.id}`);
    expect(before.body.steps.length).toBeGreaterThan(0);

    const refused = await admin('DELETE', `/api/diagram/${system.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `'${system.name}' is a system workflow and cannot be deleted.`,
    );
    expect(await admin<Workflow>('GET', `/api/workflow/${system.id}`)).toEqual(before);
    const after = await admin<WorkflowListEntry[]>('GET', '/api/diagram/new/flow/list?s=all');
    expect(after.body).toContainEqual(system);
  });
});

describe('running a workflow on the PLC', () => {
  it("logs each PLC write of a run once, under the person who started it, with the run's step", async () => {
    const w = await newWorkflow('GS4 inlet gate, logged once');
    await admin('POST', '/api/diagram/rules', {
      workflow_id: w.id,
      device_id: 'GS4',
      type: 'binary',
      command_id: DemoBinary.InletGate,
      command_value: 1,
      wait_finish: true,
    });
    const from = new Date();
    expect((await admin('POST', '/api/workflow/start', { work_flow_id: w.id })).status).toBe(200);
    await eventually(
      async () => (await status(w.id)).state === 'finished',
      'the run to finish',
      20_000,
    );
    const run = t.services.engine.currentRun(w.id);
    if (!run) throw new Error('the run is gone');
    const write = `Inlet Gate set to 1: ok — workflow '${w.name}', step 1, run ${run.id.slice(0, 8)}`;
    // The runtime logs the write once its result is known, apart from the run's own events.
    await eventually(
      async () => (await t.services.eventLog.page({ search: write }, 1, 10)).data.length > 0,
      "the write's entry in the events log",
    );
    await t.services.eventRecorder.settled();

    const entries = (await t.services.eventLog.page({ search: w.name, from }, 1, 50)).data;
    expect(entries.filter((e) => /set to 1|wrote 1/.test(e.event_description))).toEqual([
      expect.objectContaining({
        kind: 'plc-write',
        event_description: write,
        user: testUsers[Role.Administrator].full_name,
        result: 'ok',
      }),
    ]);
    // The run's own course is still in the log: only the repeat of the write is left out.
    expect(entries.map((e) => e.event_description)).toContain(
      `${w.name}: Workflow started by ${testUsers[Role.Administrator].full_name}.`,
    );
  });

  it('runs steps with wait_finish and a wait_device condition, with a dynamic value, then Clear & Reset', async () => {
    const w = await newWorkflow('GS2 discharge to R2');
    const step = (body: object) =>
      admin<WorkflowStep>('POST', '/api/diagram/rules', { workflow_id: w.id, ...body });
    expect(
      (
        await step({
          device_id: 'GS2',
          type: 'binary',
          command_id: DemoBinary.DischargeGate,
          command_value: 1,
          wait_finish: true,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await step({
          device_id: 'R2',
          type: 'input',
          command_id: DemoInput.BurnerSetPoint,
          dynamic: true,
          wait_finish: true,
          wait_device: JSON.stringify([
            {
              device_id: 'GS2',
              type: 'binary',
              command_id: DemoBinary.DischargeGateOpened,
              condition: '=',
              command_value: 1,
              is_silo: true,
            },
          ]),
        })
      ).status,
    ).toBe(201);
    const check = await admin<DynamicValueForm>('GET', `/api/workflow/${w.id}/check`);
    expect(check.body.show).toBe(true);
    expect(check.body.data[0]?.form[0]).toMatchObject({ device_name: 'Roaster 2' });
    const dynamicStepId = check.body.data[0]!.form[0]!.step_id;

    const started = await admin<RunningWorkflowState>('POST', '/api/workflow/start', {
      work_flow_id: w.id,
      dynamic: { [dynamicStepId]: 420 },
    });
    expect(started.status).toBe(200);
    const done = await eventually(
      async () => {
        const s = await status(w.id);
        return s.state === 'finished' ? s : undefined;
      },
      'the run to finish',
      20_000,
    );
    expect(done.running).toBe(false);
    expect(done.status.map((r) => [r.response_from_app, r.response_from_plc])).toEqual([
      [1, 1],
      [420, 420],
    ]);
    expect(done.timeline.length).toBeGreaterThanOrEqual(3);

    const reset = await admin<RunningWorkflowState>('POST', `/api/workflow/${w.id}/clear-reset`);
    expect(reset.status).toBe(200);
    await eventually(async () => {
      const r = await admin<{ binary: { name: string; value: number | null }[] }>(
        'GET',
        '/api/device/detail?id=GS2',
      );
      return r.body.binary.find((c) => c.name === 'Discharge Gate')?.value === 0;
    }, 'the gate written back to 0');
    expect((await status(w.id)).state).toBe('idle');
  });

  it('refuses to start while a device is in manual mode, with the spec message', async () => {
    const w = await newWorkflow('Manual refusal');
    await admin('POST', '/api/diagram/rules', {
      workflow_id: w.id,
      device_id: 'GS4',
      type: 'binary',
      command_id: DemoBinary.InletGate,
      command_value: 1,
    });
    await admin('PUT', '/api/device/mode/GS4');
    await eventually(
      async () =>
        (await admin<{ manual: boolean }>('GET', '/api/device/detail?id=GS4')).body.manual,
      'GS4 in manual',
    );
    const res = await admin('POST', '/api/workflow/start', { work_flow_id: w.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(
      'This workflow cannot be started. Some of the devices are in manual mode.',
    );
  });

  it('stops a waiting run at once and refuses a second run on the same device', async () => {
    const w = await newWorkflow('Waits forever');
    await admin('POST', '/api/diagram/rules', {
      workflow_id: w.id,
      device_id: 'GS5',
      type: 'binary',
      command_id: DemoBinary.InletGate,
      command_value: 1,
      wait_device: [
        {
          device_id: 'R1',
          type: 'input',
          command_id: DemoInput.Phase,
          condition: '=',
          command_value: 4,
          is_silo: false,
        },
      ],
    });
    const other = await newWorkflow('Same silo');
    await admin('POST', '/api/diagram/rules', {
      workflow_id: other.id,
      device_id: 'GS5',
      type: 'binary',
      command_id: DemoBinary.DischargeGate,
      command_value: 1,
    });
    expect((await admin('POST', '/api/workflow/start', { work_flow_id: w.id })).status).toBe(200);
    await eventually(async () => (await status(w.id)).state === 'running', 'the run');
    const locked = await admin('POST', '/api/workflow/start', { work_flow_id: other.id });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toMatch(/GS5|Green Silo 5/);
    expect((await admin('DELETE', `/api/diagram/${w.id}`)).status).toBe(409);
    const stopped = await admin<RunningWorkflowState>('POST', `/api/workflow/${w.id}/stop`, {});
    expect(stopped.body.state).toBe('stopped');
    expect((await admin('POST', `/api/workflow/${w.id}/clear`)).status).toBe(200);
    expect((await admin('DELETE', `/api/diagram/${w.id}`)).status).toBe(200);
  });
});

describe('a server restart during a run', () => {
  it('marks the run interrupted with an alarm; resume continues it without repeating the write', async () => {
    const first = await buildTestApp({}, { plant: true });
    const caller = first.as(Role.Administrator);
    await eventually(() => first.services.runtime.connected(), 'the PLC connection');
    const w = (
      await caller<Workflow>('POST', '/api/diagram/create', {
        name: 'Survives a restart',
        type: 'moving',
      })
    ).body;
    await caller('POST', '/api/diagram/rules', {
      workflow_id: w.id,
      device_id: 'WRB3',
      type: 'binary',
      command_id: DemoBinary.InletGate,
      command_value: 1,
      wait_finish: true,
      wait_device: [
        {
          device_id: 'DS1',
          type: 'input',
          command_id: DemoInput.ScaleWeight,
          condition: '>=',
          command_value: 10,
          is_silo: false,
        },
      ],
    });
    await caller('POST', '/api/workflow/start', { work_flow_id: w.id });
    const statusOn = async (app: FastifyInstance) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/workflow/${w.id}/status`,
          headers: { authorization: `Bearer ${await first.tokenFor(Role.Administrator)}` },
        })
      ).json() as RunningWorkflowState;
    // The write is confirmed (stored as such) and the run waits on the scale: a restart now
    // must not send it again. A write not yet confirmed may be sent again after a restart.
    await eventually(
      () => first.services.engine.currentRun(w.id)?.phases[0] === 'confirmed',
      'the gate write confirmed',
    );

    // The process dies: nothing ends the run, the plant connection and the engine just go.
    await first.services.stopPlant();
    const services = await createServices(first.config, first.database);
    await services.startPlant();
    const app = await buildApp({ config: first.config, database: first.database, services });
    try {
      await app.ready();
      const after = await statusOn(app);
      expect(after.state).toBe('interrupted');
      expect(
        (await services.notifications.active()).data.some((n) =>
          n.text.includes("'Survives a restart' was interrupted"),
        ),
      ).toBe(true);
      await eventually(() => services.runtime.connected(), 'the new PLC connection');
      await eventually(
        () =>
          services.runtime.value({
            device_id: 'WRB3',
            command_kind: 'binary',
            command_id: DemoBinary.ManualModeActive,
          })?.quality === 'good',
        'the first scan after the restart',
      );
      const token = await first.tokenFor(Role.Administrator);
      const resumed = await app.inject({
        method: 'POST',
        url: `/api/workflow/${w.id}/resume`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(resumed.statusCode).toBe(200);
      services.runtime.simulator.running?.model.setValue('DS1', 'Scale Weight', 25);
      const done = await eventually(
        async () => {
          const s = await statusOn(app);
          return s.state === 'finished' ? s : undefined;
        },
        'the resumed run to finish',
        20_000,
      );
      expect(done.state).toBe('finished');
      const writes = await services.eventLog.page({ kind: 'plc-write' }, 1, 50);
      // One write in all: the one before the restart; the resumed run did not send it again.
      expect(writes.data.filter((e) => e.event_description.startsWith('Inlet Gate'))).toHaveLength(
        1,
      );
    } finally {
      await app.close();
      await services.stopPlant();
      await first.close();
    }
  }, 90_000);
});
