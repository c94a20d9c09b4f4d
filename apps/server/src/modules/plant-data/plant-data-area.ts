import type { Database } from '@roastery/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AreaRoutes } from '../../lib/area.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { DeviceService } from '../devices/device-service.ts';
import type { StoredAccounts } from '../users/users-area.ts';
import { PlantDataRepository } from './plant-data-repository.ts';
import { plantDataRoutes } from './plant-data-routes.ts';
import { PlantDataService } from './plant-data-service.ts';

/** What plant-data publishing needs from the rest of the console. */
export interface PlantDataNeeds {
  db: Database;
  hub: EventHub;
  runtime: PlantRuntime;
  configChanged: ConfigChanged;
  catalog: () => Promise<PlantCatalog>;
  devices: DeviceService;
  accounts: StoredAccounts;
  logger: FastifyBaseLogger;
}

function build(needs: PlantDataNeeds) {
  return {
    plantData: new PlantDataService({
      repo: new PlantDataRepository(needs.db),
      hub: needs.hub,
      runtime: needs.runtime,
      configChanged: needs.configChanged,
      catalog: needs.catalog,
      devices: needs.devices,
      accounts: needs.accounts,
      clock: Date.now,
      logger: needs.logger,
    }),
  };
}

const routes: AreaRoutes<{ plantData: PlantDataService }> = async (api, { services }) => {
  await api.register(plantDataRoutes, {
    prefix: '/admin/plant-data',
    plantData: services.plantData,
  });
};

/** The plant's values and events published to an MQTT broker (JSON tree, Sparkplug B). */
export const plantDataArea = { build, routes };
