import { OrderStatus } from '@roastery/contract';
import type { WorkflowEngine } from '@roastery/engine';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { Principal } from '../auth/auth-service.ts';
import type { DumpService } from '../dumps/dump-service.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import type { PathService } from '../paths/path-service.ts';
import type { ProductService } from '../products/product-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import type { BatchRunner } from './batch-runner.ts';
import { orderNumber } from './order-labels.ts';
import type { OrderOfRun, OrderRunRepository } from './order-run-repository.ts';
import type { OrderProgress } from '../orders/order-progress.ts';
import type { PlantView } from './plant-view.ts';
import type { RoastProfileService } from '../roast-profiles/roast-profile-service.ts';

/** What the order runs ask of the roast profiles. */
export type RoastProfiles = Pick<RoastProfileService, 'currentVersionOf' | 'namesOf'>;

export interface OrderRunServiceDeps {
  repo: OrderRunRepository;
  /** Moves orders and their batches along: the orders area writes them. */
  progress: OrderProgress;
  batches: BatchRunner;
  dumps: DumpService;
  workflows: WorkflowService;
  engine: WorkflowEngine;
  products: ProductService;
  ledger: LedgerService;
  plant: PlantView;
  /** Roasting paths: once any is defined, a start must follow an enabled one. */
  paths: PathService;
  /** The roast profiles a batch is started with, and named by. */
  profiles: RoastProfiles;
  hub: EventHub;
  alarm: (text: string) => Promise<void>;
  warn: (text: string) => Promise<void>;
  logger: { error(obj: object, msg: string): void };
  now: () => Date;
}

export interface StartOptions {
  /** The roasting workflow to run; the order's rule when omitted. */
  rule?: number | undefined;
  /** A silo a person chose, drawn first for its bean. */
  prefer?: string | undefined;
  /** Devices a person chose, saved on the order before it starts. */
  roaster?: string | undefined;
  destination?: string | undefined;
  /** A new batch size, lbs: the order is split again before it starts. */
  batchLbs?: number | undefined;
  /** The roasting path a person chose. */
  path?: number | undefined;
  /** A supervisor confirmed roasting into a bin that holds another product. */
  allowMixedBin?: boolean | undefined;
}

/** Starts an order one at a time with its other changes, as the service does. */
export type StartOrder = (
  orderId: number,
  who: Pick<Principal, 'fullName'>,
  options?: StartOptions,
) => Promise<{ workflowId: number; message: string }>;

export const sameCode = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export const STARTABLE: number[] = [OrderStatus.NotStarted, OrderStatus.NotProcessed];
export const UNDER_WAY: number[] = [OrderStatus.Processing, OrderStatus.Paused];

/** A roasting order with its names, 404 when there is none and 409 for a packing order. */
export async function roastingOrder(d: OrderRunServiceDeps, id: number): Promise<OrderOfRun> {
  const order = await d.repo.order(id);
  if (!order) throw notFound(`Order ${id} not found.`);
  if (order.order.kind !== 'roasting') {
    throw conflict(`Order ${orderNumber(id)} is a packing order.`);
  }
  return order;
}

/** Tells the screens and the scheduler that an order's status changed. */
export function statusChanged(d: OrderRunServiceDeps, orderId: number): void {
  d.hub.publish({ type: 'order', id: orderId, change: 'status' });
}
