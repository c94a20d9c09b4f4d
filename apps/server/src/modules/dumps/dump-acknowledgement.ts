import type { Dump } from '@roastery/contract';
import { conflict } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import { dumpChanged, type DumpServiceDeps } from './dump-context.ts';
import { getDump } from './dump-reads.ts';
import { siloLevel } from './silo-level.ts';

/** The operator has the bags at the station: start the dumping workflow of the target. */
export async function acknowledgeDump(
  d: DumpServiceDeps,
  id: number,
  who: Principal,
): Promise<Dump> {
  const dump = await getDump(d, id);
  if (dump.status !== 'pending' && dump.status !== 'failed') {
    throw conflict(`Dump request ${id} is ${dump.status}, not waiting to be acknowledged.`);
  }
  const workflow = await fillingWorkflow(
    d,
    dump.device_id,
    dump.status === 'failed' ? dump.workflow_id : null,
  );
  if (!workflow) {
    throw conflict(`No dumping workflow fills ${dump.device_name}. Add one under Workflows.`);
  }
  // A retried dump keeps the level of its first start: what reached the silo counts from there.
  const row = await d.repo.find(id);
  const level = row?.dump.levelAtStartCenti ?? siloLevel(d.runtime, dump.device_id);
  if (dump.status === 'pending') {
    const steps = (await d.workflows.get(workflow.id)).steps;
    d.crew?.tipBags(
      steps.map((s) => s.device_id),
      dump.amount,
    );
  }
  const result = await d.engine.start(workflow.id, {
    who: who.fullName,
    owner: { kind: 'dump', id },
  });
  if (!result.ok) throw conflict(result.message);
  await d.repo.transition(id, ['pending', 'failed'], {
    status: 'acknowledged',
    workflowId: workflow.id,
    runId: result.run.id,
    error: null,
    acknowledgedBy: who.id,
    acknowledgedAt: new Date(),
    levelAtStartCenti: level,
  });
  dumpChanged(d, id);
  await d.engine.handlePlantEvent('dump_acknowledged', who.fullName);
  return getDump(d, id);
}

/**
 * The dumping workflow that fills the target: a retried dump's own, since what is left of its
 * bags is on that station's scale; else the first by name whose devices no run drives now, so
 * that a dump goes through the second dump station while the first is busy; else the first,
 * whose start then says what holds it.
 */
async function fillingWorkflow(d: DumpServiceDeps, target: string, retried: number | null) {
  const candidates = await d.workflows.workflowsDriving('dumping', target);
  const own = candidates.find((c) => c.workflow.id === retried);
  if (own) return own.workflow;
  const busy = new Set(
    d.engine.activeRuns().flatMap((run) => run.steps.map((s) => s.device_id.toLowerCase())),
  );
  const free = candidates.find((c) => c.devices.every((device) => !busy.has(device.toLowerCase())));
  return (free ?? candidates[0])?.workflow;
}
