import type { AreaRoutes } from '../../lib/area.ts';
import { packingRoutes } from './packing-routes.ts';
import { PackingService, type PackingServiceDeps } from './packing-service.ts';

/** What the packing area needs from the rest of the console. */
export type PackingNeeds = Pick<PackingServiceDeps, 'orders' | 'workflows'>;

const routes: AreaRoutes<{ packing: PackingService }> = async (api, { services }) => {
  await api.register(packingRoutes, { prefix: '/orders/packing', packing: services.packing });
};

/** Packing orders as they are planned; the order runs start and run them. */
export const packingArea = {
  build: ({ orders, workflows }: PackingNeeds) => ({
    packing: new PackingService({ orders, workflows }),
  }),
  routes,
};
