import type { Database } from '@roastery/db';
import type { DeviceStatusService } from '../device-statuses/device-status-service.ts';
import type { EventLogService } from '../events/event-log-service.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { PlantRepository } from '../../plant/runtime/plant-repository.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import type { DeviceAlarmTexts, TypeCommands } from './device-ports.ts';
import type { DeviceRecords } from './device-records.ts';
import type { DeviceRepository } from './device-repository.ts';

/** What the devices area's use cases work with. */
export interface DeviceServiceDeps {
  db: Database;
  devices: DeviceRepository;
  /** The devices' stored records in memory; every write here invalidates them once committed. */
  records: DeviceRecords;
  commands: TypeCommands;
  statuses: DeviceStatusService;
  alarmTexts: DeviceAlarmTexts;
  runtime: PlantRuntime;
  eventLog: EventLogService;
  plant: PlantRepository;
  ledger: LedgerService;
  /** What else in the plant uses a device (workflows, orders), by its code. */
  usesOf: (code: string) => Promise<string[]>;
  hub: EventHub;
}
