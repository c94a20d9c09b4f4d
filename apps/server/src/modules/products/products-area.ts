import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';
import { ProductRepository } from './product-repository.ts';
import { productRoutes } from './product-routes.ts';
import { ProductService } from './product-service.ts';

/** What the products area needs from the rest of the console. */
export interface ProductsNeeds {
  db: Database;
  configChanged: ConfigChanged;
}

const routes: AreaRoutes<{ products: ProductService }> = async (api, { services }) => {
  await api.register(productRoutes, { prefix: '/product', products: services.products });
};

/** The products the plant roasts and packs, with their recipes. */
export const productsArea = {
  build: ({ db, configChanged }: ProductsNeeds) => ({
    products: new ProductService(new ProductRepository(db), configChanged),
  }),
  routes,
};
