import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import { every } from '../../lib/every.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { RunSettlement } from '../../plant/settlement/run-settlement.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { OrderProgress } from '../orders/order-progress.ts';
import type { LotReleaseReader } from '../quality/lot-release.ts';
import type { RoastRecordHandover } from '../roast-records/batch-handover.ts';
import type { RuntimeDevicePort } from '../workflows/runtime-device-port.ts';
import { BatchRunner } from './batch-runner.ts';
import type { OrderRunServiceDeps, RoastProfiles } from './order-run-context.ts';
import { OrderRouteReader } from './order-route.ts';
import { OrderRouteRepository } from './order-route-repository.ts';
import { OrderRunRepository } from './order-run-repository.ts';
import { orderRunRoutes } from './order-run-routes.ts';
import { OrderRunService } from './order-run-service.ts';
import { OrderScheduler, type OrderSchedulerDeps } from './order-scheduler.ts';
import { PackingRunner } from './packing-runner.ts';
import { PlantView } from './plant-view.ts';

/** What the order runs need from the rest of the console. */
export interface OrderRunsNeeds extends Pick<
  OrderRunServiceDeps,
  'dumps' | 'workflows' | 'engine' | 'products' | 'ledger' | 'paths' | 'hub' | 'logger'
> {
  db: Database;
  runtime: PlantRuntime;
  /** The devices' modes, as the engine sees them. */
  devicePort: Pick<RuntimeDevicePort, 'mode'>;
  settings: OrderSchedulerDeps['settings'];
  /** Tells people why a batch failed (an alarm) or an order waits (a warning). */
  notifications: Pick<NotificationService, 'raise'>;
  /** Books batches and packing runs once they end. */
  settlement: Pick<RunSettlement, 'register'>;
  /** Moves orders and their batches along; the orders area owns them. */
  orderProgress: OrderProgress;
  roastProfiles: RoastProfiles;
  /** Whether roasted lots are released, before a packing run draws them. */
  lotRelease: LotReleaseReader;
  /** Each booked batch's roast record takes the batch. */
  roastRecords: RoastRecordHandover;
}

function build(needs: OrderRunsNeeds) {
  const { dumps, workflows, engine, products, ledger, paths, hub, logger } = needs;
  const { notifications, devicePort, settlement } = needs;
  const profiles = needs.roastProfiles;
  const repo = new OrderRunRepository(needs.db);
  const progress = needs.orderProgress;
  const plant = new PlantView(needs.runtime, (device) => devicePort.mode(device));
  const alarm = async (text: string) => {
    await notifications.raise({ type: 'alarm', text, by: 'console' });
  };
  const warn = async (text: string) => {
    await notifications.raise({ type: 'warning', text, by: 'console' });
  };
  const now = () => new Date();
  const batches = new BatchRunner({
    repo,
    progress,
    ledger,
    products,
    workflows,
    engine,
    plant,
    profiles,
    hub,
    logger,
    now,
  });
  const orderRuns = new OrderRunService({
    repo,
    progress,
    batches,
    dumps,
    workflows,
    engine,
    products,
    ledger,
    plant,
    paths,
    profiles,
    hub,
    alarm,
    warn,
    logger,
    now,
  });
  const packingRuns = new PackingRunner({
    repo,
    progress,
    ledger,
    lotRelease: needs.lotRelease,
    settings: needs.settings,
    workflows,
    engine,
    plant,
    hub,
    alarm,
    now,
  });
  const batchSettler = batches.settler((orderId) => orderRuns.advance(orderId));
  settlement.register('batch', {
    ...batchSettler,
    settle: async (batch, run) => {
      await batchSettler.settle(batch, run);
      if (run.state !== 'finished' || batch.roasterDevice === null) return;
      // Booked already: a record that cannot be linked is logged, the batch stays booked.
      const roasted = { batchId: batch.id, roasterDevice: batch.roasterDevice };
      await needs.roastRecords
        .batchRoasted({ ...roasted, startedAt: batch.startedAt ?? new Date(0) })
        .catch((err: unknown) => logger.error({ err, batch: batch.id }, 'roast record not linked'));
    },
  });
  settlement.register('packing', packingRuns.settler());
  const orderScheduler = new OrderScheduler({
    repo,
    runs: orderRuns,
    workflows,
    plant,
    settings: needs.settings,
    hub,
    warn,
    logger,
    every,
  });
  return {
    orderRuns,
    packingRuns,
    orderScheduler,
    /** The way each roasting order's beans go, as the dashboard draws it. */
    orderRouteReader: new OrderRouteReader({
      repo: new OrderRouteRepository(needs.db),
      batches,
      paths,
      workflows,
      plant,
    }),
    /** Follows orders and runs, and starts waiting orders, while the plant runs. */
    orderRunning: {
      start: () => {
        orderRuns.start();
        orderScheduler.start();
      },
      stop: () => {
        orderScheduler.stop();
        orderRuns.stop();
      },
    },
  };
}

const routes: AreaRoutes<{ orderRuns: OrderRunService; packingRuns: PackingRunner }> = async (
  api,
  { services },
) => {
  await api.register(orderRunRoutes, {
    prefix: '/orders',
    runs: services.orderRuns,
    packing: services.packingRuns,
  });
};

/** Starting and running roasting and packing orders batch by batch on the plant. */
export const orderRunsArea = { build, routes };
