import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import type { DumpService } from '../dumps/dump-service.ts';
import type { TransferService } from '../transfers/transfer-service.ts';
import { DashboardRepository } from './dashboard-repository.ts';
import { dashboardRoutes, waitingDeviceRoutes } from './dashboard-routes.ts';
import { DashboardService, type DashboardDeps } from './dashboard-service.ts';

/** What the dashboard needs from the rest of the console. */
export interface DashboardNeeds extends Pick<
  DashboardDeps,
  'ledger' | 'runtime' | 'devices' | 'products' | 'orders' | 'hub'
> {
  db: Database;
  /** The runs the dashboard shows are the engine's. */
  engine: DashboardDeps['runs'];
  orderRouteReader: DashboardDeps['routes'];
}

const routes: AreaRoutes<{
  dashboard: DashboardService;
  dumps: DumpService;
  transfers: TransferService;
}> = async (api, { services }) => {
  await api.register(dashboardRoutes, {
    prefix: '/dashboard',
    dashboard: services.dashboard,
    dumps: services.dumps,
    transfers: services.transfers,
  });
  await api.register(waitingDeviceRoutes, { prefix: '/flow', dashboard: services.dashboard });
};

/** The plant at a glance, and the devices waiting on people. */
export const dashboardArea = {
  build: (needs: DashboardNeeds) => {
    const { ledger, runtime, devices, products, orders, hub } = needs;
    return {
      dashboard: new DashboardService({
        repo: new DashboardRepository(needs.db),
        ledger,
        runtime,
        runs: needs.engine,
        devices,
        products,
        orders,
        routes: needs.orderRouteReader,
        hub,
      }),
    };
  },
  routes,
};
