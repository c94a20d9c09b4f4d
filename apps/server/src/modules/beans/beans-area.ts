import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';
import { BeanRepository } from './bean-repository.ts';
import { beanRoutes } from './bean-routes.ts';
import { BeanService } from './bean-service.ts';

/** What the beans area needs from the rest of the console. */
export interface BeansNeeds {
  db: Database;
  configChanged: ConfigChanged;
}

const routes: AreaRoutes<{ beans: BeanService }> = async (api, { services }) => {
  await api.register(beanRoutes, { prefix: '/bean', beans: services.beans });
};

/** The green coffee kinds: the smallest area with every part, the one to copy for a new one. */
export const beansArea = {
  build: ({ db, configChanged }: BeansNeeds) => ({
    beans: new BeanService(new BeanRepository(db), configChanged),
  }),
  routes,
};
