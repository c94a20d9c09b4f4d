import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import { OrderProgress } from './order-progress.ts';
import { OrderRepository } from './order-repository.ts';
import { orderRoutes } from './order-routes.ts';
import { OrderService } from './order-service.ts';

/** What the orders area needs from the rest of the console. */
export interface OrdersNeeds extends Pick<
  ConstructorParameters<typeof OrderService>[0],
  'products' | 'workflows' | 'settings' | 'hub' | 'catalog'
> {
  db: Database;
}

const routes: AreaRoutes<{ orders: OrderService }> = async (api, { services }) => {
  await api.register(orderRoutes, { orders: services.orders });
};

/**
 * Roasting orders: planned, listed and edited here, and moved along by the order runs through
 * `orderProgress`; no other area writes orders or their batches.
 */
export const ordersArea = {
  build: ({ db, products, workflows, settings, hub, catalog }: OrdersNeeds) => ({
    orders: new OrderService({
      repo: new OrderRepository(db),
      products,
      workflows,
      settings,
      hub,
      catalog,
    }),
    orderProgress: new OrderProgress(db),
  }),
  routes,
};
