import type { WorkflowEngine } from '@roastery/engine';
import type { BeanService } from '../beans/bean-service.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import type { DumpRepository } from './dump-repository.ts';

/** What the dumps area's use cases work with. */
export interface DumpServiceDeps {
  repo: DumpRepository;
  beans: BeanService;
  ledger: LedgerService;
  settings: SettingsService;
  workflows: WorkflowService;
  engine: WorkflowEngine;
  notifications: NotificationService;
  runtime: PlantRuntime;
  /** The simulated plant's people; absent where nobody simulates them. */
  crew?: { tipBags(workflowDevices: string[], lbs: number): void };
  hub: EventHub;
}

/** Tells the screens that a dump request changed. */
export function dumpChanged(d: DumpServiceDeps, id: number): void {
  d.hub.publish({ type: 'dump', id });
}
