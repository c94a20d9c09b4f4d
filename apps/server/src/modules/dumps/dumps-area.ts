import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import { SimulatedCrew } from '../../plant/runtime/simulated-crew.ts';
import type { RunSettlement } from '../../plant/settlement/run-settlement.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import type { WorkflowRunService } from '../workflows/workflow-run-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import type { DumpServiceDeps } from './dump-context.ts';
import { DumpRepository } from './dump-repository.ts';
import { dumpRoutes } from './dump-routes.ts';
import { DumpService } from './dump-service.ts';

/** What the dumps area needs from the rest of the console. */
export interface DumpsNeeds extends Omit<DumpServiceDeps, 'repo' | 'crew'> {
  db: Database;
  /** Books a dump's run once it ends. */
  settlement: Pick<RunSettlement, 'register'>;
}

function build(needs: DumpsNeeds) {
  const { beans, ledger, settings, workflows, engine, notifications, runtime, hub } = needs;
  const dumps = new DumpService({
    repo: new DumpRepository(needs.db),
    beans,
    ledger,
    settings,
    workflows,
    engine,
    notifications,
    runtime,
    crew: new SimulatedCrew(runtime),
    hub,
  });
  needs.settlement.register('dump', dumps.settler());
  return { dumps };
}

const routes: AreaRoutes<{
  dumps: DumpService;
  ledger: LedgerService;
  workflows: WorkflowService;
  workflowRuns: WorkflowRunService;
}> = async (api, { services }) => {
  await api.register(dumpRoutes, {
    prefix: '/dump',
    dumps: services.dumps,
    ledger: services.ledger,
    workflows: services.workflows,
    runs: services.workflowRuns,
  });
};

/** Dumping green beans into the plant's bins, from request to acknowledgement. */
export const dumpsArea = { build, routes };
