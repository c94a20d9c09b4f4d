import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import type { RunSettlement } from '../../plant/settlement/run-settlement.ts';
import type { TransferServiceDeps } from './transfer-context.ts';
import { TransferRepository } from './transfer-repository.ts';
import { transferRoutes } from './transfer-routes.ts';
import { TransferService } from './transfer-service.ts';

/** What the transfers area needs from the rest of the console. */
export interface TransfersNeeds extends Omit<TransferServiceDeps, 'repo'> {
  db: Database;
  /** Books a transfer's run once it ends. */
  settlement: Pick<RunSettlement, 'register'>;
}

function build(needs: TransfersNeeds) {
  const { ledger, beans, workflows, engine, runtime, hub, notifications, logger } = needs;
  const transfers = new TransferService({
    repo: new TransferRepository(needs.db),
    ledger,
    beans,
    workflows,
    engine,
    runtime,
    hub,
    notifications,
    logger,
  });
  needs.settlement.register('transfer', transfers.settler());
  return { transfers };
}

const routes: AreaRoutes<{ transfers: TransferService }> = async (api, { services }) => {
  await api.register(transferRoutes, { prefix: '/transfer', transfers: services.transfers });
};

/** Moving beans between bins; it follows the conveyors while the plant runs. */
export const transfersArea = { build, routes };
