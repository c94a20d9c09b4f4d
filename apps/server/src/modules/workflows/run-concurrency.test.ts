import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import {
  DemoBinary,
  DemoInput,
  Role,
  type RunningWorkflowState,
  type Workflow,
} from '@roastery/contract';
import { buildTestApp, eventually, type ApiCaller, type TestApp } from '../../../test/helper.ts';

/** Runs per property; `npm run test:soak` asks for at least 1,000. */
const runs = Number(process.env.CONCURRENCY_PROPERTY_RUNS ?? 40);

let t: TestApp;
let admin: ApiCaller;
/** Two workflows on the same bin (they exclude each other) and one on another bin. */
const workflows: { id: number; device: string }[] = [];

/** A workflow that opens a bin's gate and then waits on a level it never reaches. */
async function waitingWorkflow(name: string, device: string, gate: number): Promise<number> {
  const w = (await admin<Workflow>('POST', '/api/diagram/create', { name, type: 'moving' })).body;
  await admin('POST', '/api/diagram/rules', {
    workflow_id: w.id,
    device_id: device,
    type: 'binary',
    command_id: gate,
    command_value: 1,
    wait_finish: true,
    wait_device: [
      {
        device_id: device,
        type: 'input',
        command_id: DemoInput.Occupancy,
        condition: '>=',
        command_value: 4_999,
        is_silo: false,
      },
    ],
  });
  return w.id;
}

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  admin = t.as(Role.Administrator);
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
  workflows.push(
    { id: await waitingWorkflow('Fill WRB3', 'WRB3', DemoBinary.InletGate), device: 'WRB3' },
    { id: await waitingWorkflow('Empty WRB3', 'WRB3', DemoBinary.DischargeGate), device: 'WRB3' },
    { id: await waitingWorkflow('Fill WRB2', 'WRB2', DemoBinary.InletGate), device: 'WRB2' },
  );
  await eventually(
    () =>
      t.services.runtime.value({
        device_id: 'WRB2',
        command_kind: 'binary',
        command_id: DemoBinary.ManualModeActive,
      })?.quality === 'good',
    'the first scan',
  );
});
afterAll(() => t.close());

type Command = { kind: 'start' | 'stop'; workflow: 0 | 1 | 2 };
const command: fc.Arbitrary<Command> = fc.record({
  kind: fc.constantFrom<'start' | 'stop'>('start', 'stop'),
  workflow: fc.constantFrom<0 | 1 | 2>(0, 1, 2),
});

const ACTIVE = new Set(['running', 'paused', 'interrupted']);
const statusOf = async (id: number) =>
  (await admin<RunningWorkflowState>('GET', `/api/workflow/${id}/status`)).body;

async function storedRuns(): Promise<{ id: string; workflow_id: number; state: string }[]> {
  const result = (await t.database.db.execute(
    sql`select id, workflow_id, state from workflow_runs`,
  )) as { rows?: { id: string; workflow_id: number; state: string }[] };
  return result.rows ?? [];
}

describe(
  'workflow runs under interleaved concurrent start and stop requests',
  { timeout: 60_000 + runs * 5_000 },
  () => {
    it('start each run once, never drive a bin from two runs, and store what the engine holds', async () => {
      const seen = new Set((await storedRuns()).map((r) => r.id));
      const replies = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(
          fc.scheduler(),
          fc.array(command, { minLength: 2, maxLength: 8 }),
          async (s, commands) => {
            const issued = commands.map((c, index) =>
              s.schedule(Promise.resolve(index), `${c.kind} ${c.workflow}`).then(async () => {
                const { id } = workflows[c.workflow]!;
                const reply =
                  c.kind === 'start'
                    ? await admin('POST', '/api/workflow/start', { work_flow_id: id })
                    : await admin('POST', `/api/workflow/${id}/stop`, {});
                replies.set(reply.status, (replies.get(reply.status) ?? 0) + 1);
                return reply.status;
              }),
            );
            await s.waitAll();
            const statuses = await Promise.all(issued);

            // Every request was answered: done, or refused for the state it found (409), or because
            // the PLC link dropped on a loaded machine and the modes are unknown (503).
            expect(statuses.filter((status) => ![200, 409, 503].includes(status))).toEqual([]);
            const states = await Promise.all(workflows.map((w) => statusOf(w.id)));
            const runsNow = await storedRuns();
            const fresh = runsNow.filter((r) => !seen.has(r.id));
            workflows.forEach((w, index) => {
              const started = commands.filter(
                (c, i) => c.kind === 'start' && c.workflow === index && statuses[i] === 200,
              ).length;
              const stopped = commands.filter(
                (c, i) => c.kind === 'stop' && c.workflow === index && statuses[i] === 200,
              ).length;
              // One stored run per accepted start, no more (no run lost, none doubled).
              expect(fresh.filter((r) => r.workflow_id === w.id)).toHaveLength(started);
              // A stop ends the one active run. A run may also end by itself: on a loaded machine a
              // write can fail when the PLC link drops, and the run fails; it is then no longer active.
              const open = started - stopped;
              expect([0, 1]).toContain(open);
              if (ACTIVE.has(states[index]!.state)) expect(open).toBe(1);
              else if (open === 1) expect(['failed', 'finished']).toContain(states[index]!.state);
              const stored = runsNow.filter((r) => r.workflow_id === w.id && ACTIVE.has(r.state));
              expect(stored.length).toBe(ACTIVE.has(states[index]!.state) ? 1 : 0);
            });
            // Two runs on one bin at once would be two hands on the same gate.
            const activeBins = workflows
              .filter((_, index) => ACTIVE.has(states[index]!.state))
              .map((w) => w.device);
            expect(new Set(activeBins).size).toBe(activeBins.length);

            for (const r of fresh) seen.add(r.id);
            for (const [index, w] of workflows.entries())
              if (ACTIVE.has(states[index]!.state))
                if ((await admin('POST', `/api/workflow/${w.id}/stop`, {})).status !== 200)
                  expect(ACTIVE.has((await statusOf(w.id)).state)).toBe(false);
          },
        ),
        { numRuns: runs },
      );
      expect(replies.get(200)).toBeGreaterThan(0);
      expect(replies.get(409)).toBeGreaterThan(0);
    });
  },
);
