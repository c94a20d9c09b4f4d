import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type RunningWorkflowState, type WorkflowListEntry } from '@roastery/contract';
import { buildTestApp, eventually, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { demoWorkflows } from './seed-demo-workflows.ts';

let t: TestApp;
let admin: ApiCaller;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  admin = t.as(Role.Administrator);
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
});
afterAll(() => t.close());

async function idOf(name: string): Promise<number> {
  const { body } = await admin<WorkflowListEntry[]>('GET', '/api/diagram/new/flow/list');
  const found = body.find((w) => w.name === name);
  if (!found) throw new Error(`no workflow ${name}`);
  return found.id;
}

async function runToEnd(id: number): Promise<RunningWorkflowState> {
  const started = await admin('POST', '/api/workflow/start', { work_flow_id: id });
  expect(started.status).toBe(200);
  return eventually(
    async () => {
      const { body } = await admin<RunningWorkflowState>('GET', `/api/workflow/${id}/status`);
      return ['finished', 'failed', 'stopped'].includes(body.state) ? body : undefined;
    },
    'the run to end',
    30_000,
  );
}

describe('the demo workflows', () => {
  it('are seeded as system workflows whose steps all fit the plant', async () => {
    const { body } = await admin<WorkflowListEntry[]>('GET', '/api/diagram/new/flow/list');
    expect(
      body
        .filter((w) => w.reserved)
        .map((w) => w.name)
        .sort(),
    ).toEqual(demoWorkflows.map((w) => w.name).sort());
    for (const w of body.filter((x) => x.reserved)) {
      const definition = await t.services.workflows.workflow(w.id);
      expect(t.services.engine.validate(definition!)).toEqual([]);
    }
  });

  it('dump bags from the dump station scale into Green Silo 1 on the simulator', async () => {
    const sim = t.services.runtime.simulator.running!;
    sim.model.setDumpScaleWeight('DS1', 100);
    const end = await runToEnd(await idOf('Dump DS1 into Green Silo 1'));
    expect(end.state).toBe('finished');
    expect(sim.model.getValue('DS1', 'Scale Weight')).toBe(0);
    expect(sim.model.getValue('GS1', 'Occupancy')).toBe(100);
  });

  it('move rework from the re-entry bin into WRB Bin 2', async () => {
    const sim = t.services.runtime.simulator.running!;
    sim.model.setValue('REB1', 'Occupancy', 40);
    const end = await runToEnd(await idOf('Rework: Re-entry Bin into WRB Bin 2'));
    expect(end.state).toBe('finished');
    expect(sim.model.getValue('WRB2', 'Occupancy')).toBe(40);
  });
});

describe('a device used by a workflow', () => {
  it('cannot be deleted, and the refusal names the workflow', async () => {
    const res = await admin('DELETE', '/api/device/REB1');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      "Re-entry Bin is used by workflow 'Rework: Re-entry Bin into WRB Bin 2': remove it from there before deleting it.",
    );
    expect((await admin('GET', '/api/device/detail?id=REB1')).status).toBe(200);
  });
});
