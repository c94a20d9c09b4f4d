import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import { inventoryRoutes } from './inventory-routes.ts';
import { LedgerRepository } from './ledger-repository.ts';
import { LedgerService } from './ledger-service.ts';

/** What the inventory area needs from the rest of the console. */
export interface InventoryNeeds {
  db: Database;
  hub: EventHub;
}

const routes: AreaRoutes<{ ledger: LedgerService }> = async (api, { services }) => {
  await api.register(inventoryRoutes, { ledger: services.ledger });
};

/** The ledger of beans in the plant's bins and silos. */
export const inventoryArea = {
  build: ({ db, hub }: InventoryNeeds) => ({
    ledger: new LedgerService(db, new LedgerRepository(), () => hub.publish({ type: 'ledger' })),
  }),
  routes,
};
