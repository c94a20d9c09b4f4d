import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  type AuditPage,
  type RunningWorkflowState,
  type WorkflowListEntry,
} from '@roastery/contract';
import { buildTestApp, eventually, testUsers, type TestApp } from '../../../test/helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
});
afterAll(() => t.close());

describe("the engine's PLC writes in the audit log", () => {
  it('records each step write with the run, step, device, command, value, outcome and starter', async () => {
    const supervisor = t.as(Role.Supervisor);
    const { body: list } = await supervisor<WorkflowListEntry[]>(
      'GET',
      '/api/diagram/new/flow/list',
    );
    const workflow = list.find((w) => w.name === 'Rework: Re-entry Bin into WRB Bin 2');
    if (!workflow) throw new Error('the demo plant has no rework workflow');
    t.services.runtime.simulator.running!.model.setValue('REB1', 'Occupancy', 30);

    // 503 until the first scans have told the devices' modes.
    const started = await eventually(async () => {
      const res = await supervisor('POST', '/api/workflow/start', { work_flow_id: workflow.id });
      return res.status === 503 ? undefined : res;
    }, "the PLC to report the devices' modes");
    expect(started.status).toBe(200);
    const end = await eventually(
      async () => {
        const { body } = await supervisor<RunningWorkflowState>(
          'GET',
          `/api/workflow/${workflow.id}/status`,
        );
        return ['finished', 'failed', 'stopped'].includes(body.state) ? body : undefined;
      },
      'the run to end',
      30_000,
    );
    expect(end.state).toBe('finished');
    const run = t.services.engine.currentRun(workflow.id);
    if (!run) throw new Error('the engine holds no run of the workflow');

    await t.services.audit.flush();
    const res = await t.as(Role.Administrator)<AuditPage>(
      'GET',
      `/api/audit?limit=50&category=workflow&text=${encodeURIComponent(run.id)}`,
    );
    expect(res.status).toBe(200);
    // Newest first; the run wrote its four steps in order.
    const writes = res.body.data.filter((e) => e.action === 'plc-write').reverse();
    const prefix = `run=${run.id}, workflow=${workflow.name}`;
    expect(writes.map((e) => ({ user: e.user_name, target: e.target, result: e.result }))).toEqual(
      [
        ['WRB2', 'Inlet Gate', 1],
        ['REB1', 'Discharge Gate', 1],
        ['REB1', 'Discharge Gate', 0],
        ['WRB2', 'Inlet Gate', 0],
      ].map(([device, label, value], index) => ({
        user: testUsers[Role.Supervisor].full_name,
        target: `${prefix}, step=Step ${index + 1} (${device} ${label}), device=${device}, command=${run.steps[index]!.type} ${run.steps[index]!.command_id}, value=${value}`,
        result: 'confirmed by the PLC',
      })),
    );
    const verified = await t.as(Role.Administrator)<{ intact: boolean }>(
      'GET',
      '/api/audit/verify',
    );
    expect(verified.body.intact).toBe(true);
  });
});
