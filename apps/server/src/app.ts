import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '@roastery/db';
import { areaRoutes } from './composition/area-routes.ts';
import { servicesOf, servicesStart, type AppDeps, type Services } from './composition/services.ts';
import type { ServiceOptions } from './composition/services.ts';
import type { Config } from './config.ts';
import { appVersion } from './lib/app-version.ts';
import { Composition } from './lib/composition.ts';
import { silentLogger } from './lib/silent-logger.ts';
import { adminReportsArea } from './modules/admin-reports/admin-reports-area.ts';
import { alarmDeliveryArea } from './modules/alarm-delivery/alarm-delivery-area.ts';
import { alarmTextsArea } from './modules/alarm-texts/alarm-texts-area.ts';
import { auditArea } from './modules/audit/audit-area.ts';
import { authArea } from './modules/auth/auth-area.ts';
import { beansArea } from './modules/beans/beans-area.ts';
import { commandsArea } from './modules/commands/commands-area.ts';
import { dashboardArea } from './modules/dashboard/dashboard-area.ts';
import { deviceStatusesArea } from './modules/device-statuses/device-statuses-area.ts';
import { devicesArea } from './modules/devices/devices-area.ts';
import { dumpsArea } from './modules/dumps/dumps-area.ts';
import { eventsArea } from './modules/events/events-area.ts';
import { foodSafetyArea } from './modules/food-safety/food-safety-area.ts';
import { healthArea } from './modules/health/health-area.ts';
import { historianArea } from './modules/historian/historian-area.ts';
import { inventoryArea } from './modules/inventory/inventory-area.ts';
import { liveArea } from './modules/live/live-area.ts';
import { notificationsArea } from './modules/notifications/notifications-area.ts';
import { orderRunsArea } from './modules/order-runs/order-runs-area.ts';
import { ordersArea } from './modules/orders/orders-area.ts';
import { packingArea } from './modules/packing/packing-area.ts';
import { plantDataArea } from './modules/plant-data/plant-data-area.ts';
import { pathsArea } from './modules/paths/paths-area.ts';
import { productsArea } from './modules/products/products-area.ts';
import { qualityArea } from './modules/quality/quality-area.ts';
import { reportsArea } from './modules/reports/reports-area.ts';
import { roastControlArea } from './modules/roast-control/roast-control-area.ts';
import { roastProfilesArea } from './modules/roast-profiles/roast-profiles-area.ts';
import { roastRecordsArea } from './modules/roast-records/roast-records-area.ts';
import { settingsArea } from './modules/settings/settings-area.ts';
import { simulatorArea } from './modules/simulator/simulator-area.ts';
import { transfersArea } from './modules/transfers/transfers-area.ts';
import { usersArea } from './modules/users/users-area.ts';
import { workflowsArea } from './modules/workflows/workflows-area.ts';
import { plantCore, plantRuntime, plantSettlement } from './plant/plant-core.ts';
import { plantLifecycle } from './plant/plant-lifecycle.ts';
import { globalPlugins } from './plugins/global-plugins.ts';
import { outsideApi } from './plugins/outside-api.ts';
import { serverOptions } from './plugins/server-options.ts';

export type { AppDeps, ServiceOptions, Services };

/** Composition root: builds each area in order from those before; the plant connects on start. */
export async function createServices(
  config: Config,
  database: DatabaseHandle,
  options: ServiceOptions = {},
): Promise<Services> {
  const built = await Composition.of(servicesStart(config, database, options))
    .add(plantCore)
    .add(usersArea.accounts)
    .add(authArea.build)
    .add(devicesArea.records)
    .add(notificationsArea.build)
    .add(auditArea.build)
    .add(alarmDeliveryArea.build)
    .add(eventsArea.log)
    .add(inventoryArea.build)
    .add(alarmTextsArea.build)
    .add(notificationsArea.plcAlarms)
    .add(plantRuntime)
    .add(workflowsArea.build)
    .add(beansArea.build)
    .add(settingsArea.build)
    .add(plantSettlement)
    .add(dumpsArea.build)
    .add(transfersArea.build)
    .add(productsArea.build)
    .add(ordersArea.build)
    .add(pathsArea.build)
    .add(roastProfilesArea.build)
    .add(historianArea.build)
    .add(roastRecordsArea.build)
    .add(foodSafetyArea.build)
    .add(qualityArea.build)
    .add(packingArea.build)
    .add(orderRunsArea.build)
    .add(roastControlArea.build)
    .add(commandsArea.build)
    .add(deviceStatusesArea.build)
    .add(devicesArea.build)
    .add(liveArea.build)
    .add(plantDataArea.build)
    .add(eventsArea.build)
    .add(healthArea.build)
    .add(plantLifecycle)
    .add(adminReportsArea.build)
    .add(dashboardArea.build)
    .add(reportsArea.build)
    .add(usersArea.build)
    .add(simulatorArea.build)
    .build();
  return servicesOf(built);
}

/** Builds the HTTP application; it does not listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, services, logger = silentLogger } = deps;
  const app = Fastify(serverOptions(config, logger)).withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(serializerCompiler);
  await app.register(globalPlugins, { services, config, version: appVersion });
  await app.register(
    async (api) => {
      for (const routes of areaRoutes) await api.register(routes, { services, config, database });
    },
    { prefix: '/api' },
  );
  await app.register(outsideApi, { webDist: config.webDist });
  return app;
}
