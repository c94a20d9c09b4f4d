import type { DatabaseHandle } from '@roastery/db';
import type { Config } from '../../config.ts';
import type { AreaRoutes } from '../../lib/area.ts';
import { registerConsoleServices, type ConsoleServicesDeps } from './console-services.ts';
import { healthRoutes } from './health-routes.ts';
import { serviceHealthRoutes } from './service-health-routes.ts';
import { ServiceRegistry } from './service-registry.ts';

/** What the System Monitor needs: the console's services it shows and controls. */
export interface HealthNeeds extends Omit<
  ConsoleServicesDeps,
  'registry' | 'simulated' | 'scheduler' | 'cluster'
> {
  config: Config;
  orderScheduler: ConsoleServicesDeps['scheduler'];
  cluster: ConsoleServicesDeps['cluster'];
}

function build(needs: HealthNeeds) {
  const { database, runtime, hub, live, engineOpen, notifications, cluster } = needs;
  const registry = new ServiceRegistry({
    onChange: (service, by) =>
      hub.publish({
        type: 'service',
        id: service.id,
        name: service.name,
        status: service.status,
        by,
      }),
  });
  registerConsoleServices({
    registry,
    database,
    runtime,
    hub,
    live,
    engineOpen,
    simulated: !needs.config.plc.host,
    scheduler: needs.orderScheduler,
    notifications,
    ...(cluster ? { cluster } : {}),
  });
  return { registry };
}

const routes: AreaRoutes<object, { database: DatabaseHandle }> = async (api, { database }) => {
  await api.register(healthRoutes, {
    prefix: '/health',
    checks: [
      { name: 'database', check: () => database.ping() },
      { name: 'migrations', check: () => database.migrationsApplied() },
    ],
  });
};

const monitorRoutes: AreaRoutes<{ registry: ServiceRegistry }> = async (api, { services }) => {
  await api.register(serviceHealthRoutes, { prefix: '/admin/health', registry: services.registry });
};

/**
 * Readiness checks (`routes`, first of all), and the System Monitor of the console's own
 * services (`monitorRoutes`, among the administration's routes).
 */
export const healthArea = { build, routes, monitorRoutes };
