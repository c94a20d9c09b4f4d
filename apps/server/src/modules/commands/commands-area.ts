import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { DeviceDirectory } from '../devices/device-directory.ts';
import { CommandRepository } from './command-repository.ts';
import { commandRoutes } from './command-routes.ts';
import { CommandService } from './command-service.ts';

/** What the commands area needs from the rest of the console. */
export interface CommandsNeeds {
  db: Database;
  directory: DeviceDirectory;
  /** The catalog of the running plant, refreshed when a command's address changes. */
  runtime: Pick<PlantRuntime, 'refreshCatalog'>;
  configChanged: ConfigChanged;
}

const routes: AreaRoutes<{ commands: CommandService }> = async (api, { services }) => {
  await api.register(commandRoutes, { prefix: '/command', commands: services.commands });
};

/** The commands each device type takes, with their PLC addresses. */
export const commandsArea = {
  build: ({ db, directory, runtime, configChanged }: CommandsNeeds) => ({
    commands: new CommandService(new CommandRepository(db), directory, runtime, configChanged),
  }),
  routes,
};
