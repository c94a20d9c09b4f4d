import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { RoastProfileRepository } from './roast-profile-repository.ts';
import { roastProfileRoutes } from './roast-profile-routes.ts';
import { RoastProfileService, type RoastProfileServiceDeps } from './roast-profile-service.ts';

/** What the roast profiles area needs from the rest of the console. */
export interface RoastProfilesNeeds extends Omit<RoastProfileServiceDeps, 'repo'> {
  db: Database;
}

const routes: AreaRoutes<{
  roastProfiles: RoastProfileService;
  settings: Pick<SettingsService, 'temperatureUnit'>;
}> = async (api, { services }) => {
  await api.register(roastProfileRoutes, {
    prefix: '/roast-profiles',
    profiles: services.roastProfiles,
    temperatureUnit: () => services.settings.temperatureUnit(),
  });
};

/** Roast profiles: how each product is roasted on each roaster, version by version. */
export const roastProfilesArea = {
  build: ({ db, catalog }: RoastProfilesNeeds) => ({
    roastProfiles: new RoastProfileService({ repo: new RoastProfileRepository(db), catalog }),
  }),
  routes,
};
