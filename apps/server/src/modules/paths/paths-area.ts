import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import { PathRepository } from './path-repository.ts';
import { pathRoutes } from './path-routes.ts';
import { PathService, type PathServiceDeps } from './path-service.ts';

/** What the paths area needs from the rest of the console. */
export interface PathsNeeds extends Omit<PathServiceDeps, 'repo'> {
  db: Database;
}

const routes: AreaRoutes<{ paths: PathService }> = async (api, { services }) => {
  await api.register(pathRoutes, { prefix: '/path', paths: services.paths });
};

/** Roasting paths: which roaster fills which silos. */
export const pathsArea = {
  build: ({ db, workflows, catalog, hub }: PathsNeeds) => ({
    paths: new PathService({ repo: new PathRepository(db), workflows, catalog, hub }),
  }),
  routes,
};
