import type { Database } from '@roastery/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AreaRoutes } from '../../lib/area.ts';
import type { Cluster } from '../../plant/cluster/cluster.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { CommandService } from '../commands/command-service.ts';
import { DeviceStatusRepository } from './device-status-repository.ts';
import { deviceStatusRoutes } from './device-status-routes.ts';
import { DeviceStatusService } from './device-status-service.ts';

/** What the device statuses area needs from the rest of the console. */
export interface DeviceStatusesNeeds {
  db: Database;
  commands: CommandService;
  configChanged: ConfigChanged;
  hub: EventHub;
  cluster: Cluster | undefined;
  logger: FastifyBaseLogger;
}

function build({ db, commands, configChanged, hub, cluster, logger }: DeviceStatusesNeeds) {
  const deviceStatuses = new DeviceStatusService(
    new DeviceStatusRepository(db),
    commands,
    configChanged,
    hub,
  );
  // Changes announced while the hub was cut off were missed: read the lights again.
  cluster?.transport.onReconnect(() => {
    void deviceStatuses.load().catch((err: unknown) => logger.error({ err }, 'lights not read'));
  });
  return { deviceStatuses };
}

const routes: AreaRoutes<{ deviceStatuses: DeviceStatusService }> = async (api, { services }) => {
  await api.register(deviceStatusRoutes, {
    prefix: '/device-status',
    statuses: services.deviceStatuses,
  });
};

/** The status lights a device shows, read from its commands' values. */
export const deviceStatusesArea = { build, routes };
