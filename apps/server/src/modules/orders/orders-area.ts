import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import { OrderRouteReader, type OrderRouteDeps } from './order-route.ts';
import { OrderRouteRepository } from './order-route-repository.ts';
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

/** What reading an order's route needs: the order runs' batches and plant view among them. */
export interface OrderRouteNeeds extends Pick<OrderRouteDeps, 'paths' | 'workflows'> {
  db: Database;
  batchRunner: OrderRouteDeps['batches'];
  plantView: OrderRouteDeps['plant'];
}

const routes: AreaRoutes<{ orders: OrderService }> = async (api, { services }) => {
  await api.register(orderRoutes, { orders: services.orders });
};

/**
 * Roasting orders: planned, listed and edited here. The reader of an order's route, which the
 * dashboard shows, comes once the order runs that plan batches are built.
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
  }),
  routeReader: ({ db, batchRunner, paths, workflows, plantView }: OrderRouteNeeds) => ({
    orderRouteReader: new OrderRouteReader({
      repo: new OrderRouteRepository(db),
      batches: batchRunner,
      paths,
      workflows,
      plant: plantView,
    }),
  }),
  routes,
};
