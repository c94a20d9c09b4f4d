import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import { settingsRoutes } from './settings-routes.ts';
import { SettingsService } from './settings-service.ts';

/** What the settings area needs from the rest of the console. */
export interface SettingsNeeds {
  db: Database;
  hub: EventHub;
}

const routes: AreaRoutes<{ settings: SettingsService }> = async (api, { services }) => {
  await api.register(settingsRoutes, { prefix: '/admin/settings', settings: services.settings });
};

/** The plant's settings a person changes at run time. */
export const settingsArea = {
  build: ({ db, hub }: SettingsNeeds) => ({ settings: new SettingsService(db, hub) }),
  routes,
};
