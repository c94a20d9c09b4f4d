import type { WorkflowEngine } from '@roastery/engine';
import type { BeanService } from '../beans/bean-service.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import type { TransferRepository } from './transfer-repository.ts';

/** What every use case of transfers works with. */
export interface TransferServiceDeps {
  repo: TransferRepository;
  ledger: LedgerService;
  beans: BeanService;
  workflows: WorkflowService;
  engine: WorkflowEngine;
  runtime: PlantRuntime;
  hub: EventHub;
  notifications: NotificationService;
  logger: { error(obj: object, msg: string): void };
}

/** Tells the screens a transfer changed. */
export function announceTransfer(d: TransferServiceDeps, id: number): void {
  d.hub.publish({ type: 'transfer', id });
}
