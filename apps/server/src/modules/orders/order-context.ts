import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { ProductService } from '../products/product-service.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import type { OrderRepository } from './order-repository.ts';

export interface OrderServiceDeps {
  repo: OrderRepository;
  products: ProductService;
  workflows: WorkflowService;
  settings: SettingsService;
  hub: EventHub;
  /** The plant's catalog, also when the PLC runtime is not running. */
  catalog: () => Promise<PlantCatalog>;
  now?: () => Date;
}

/** What every use case of orders works with: the service's dependencies and its clock. */
export interface OrderContext extends OrderServiceDeps {
  now: () => Date;
}

/** Tells the hub (and so the live stream) that an order changed. */
export function announceOrder(
  ctx: OrderContext,
  id: number,
  change: 'saved' | 'status' | 'batch' | 'deleted',
): void {
  ctx.hub.publish({ type: 'order', id, change });
}
