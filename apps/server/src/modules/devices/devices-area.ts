import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import type { Cluster } from '../../plant/cluster/cluster.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import { plantAlarmSources } from '../../plant/runtime/alarm-sources.ts';
import {
  PLC_GATEWAY_STOPPED_SOURCE,
  PLC_LINK_SOURCE,
  type PlantRuntimeDeps,
} from '../../plant/runtime/plant-runtime.ts';
import type { EventRecorderDeps } from '../events/event-recorder.ts';
import type { AlarmOptions } from '../notifications/notification-service.ts';
import type { DeviceServiceDeps } from './device-context.ts';
import { DeviceDirectory } from './device-directory.ts';
import { DeviceRecords } from './device-records.ts';
import { DeviceRepository } from './device-repository.ts';
import { deviceRoutes } from './device-routes.ts';
import { DeviceService } from './device-service.ts';

/** What uses a device elsewhere in the plant (a workflow, a transfer, an order, a path). */
export interface DeviceUser {
  usesOfDevice(code: string): Promise<string[]>;
}

/** What the devices' service needs from the rest of the console. */
export interface DevicesNeeds extends Pick<
  DeviceServiceDeps,
  'db' | 'commands' | 'alarmTexts' | 'runtime' | 'eventLog' | 'plant' | 'ledger' | 'hub'
> {
  /** The devices' records, built before the areas this service calls. */
  deviceRecords: ReturnType<typeof records>['deviceRecords'];
  deviceStatuses: DeviceServiceDeps['statuses'];
  /** What may use a device about to be deleted, asked in this order. */
  workflows: DeviceUser;
  transfers: DeviceUser;
  orders: DeviceUser;
  paths: DeviceUser;
}

function records({ db, hub, cluster }: { db: Database; hub: EventHub; cluster?: Cluster }) {
  const repository = new DeviceRepository(db);
  const deviceRecords = new DeviceRecords(repository, hub);
  const directory = new DeviceDirectory(repository, deviceRecords);
  // Changes announced while the hub was cut off were missed: read the records again.
  cluster?.transport.onReconnect(() => deviceRecords.invalidate());
  const alarmSources: Required<Pick<AlarmOptions, 'linkSources' | 'sources'>> = {
    linkSources: [PLC_LINK_SOURCE, PLC_GATEWAY_STOPPED_SOURCE],
    sources: async () => plantAlarmSources((await deviceRecords.get()).devices),
  };
  const deviceRefs: PlantRuntimeDeps['deviceRefs'] = async () =>
    new Map(
      (await deviceRecords.get()).devices
        .filter((d) => !d.virtual)
        .map((d) => [d.deviceId, { ref: d.id, name: d.name }]),
    );
  const deviceRef: EventRecorderDeps['deviceRef'] = (code) =>
    directory.require(code).then(
      (d) => ({ ref: d.id, name: d.name }),
      () => undefined,
    );
  return {
    deviceRecords: { repository, records: deviceRecords },
    directory,
    alarmSources,
    deviceRefs,
    deviceRef,
  };
}

const routes: AreaRoutes<{ devices: DeviceService }> = async (api, { services }) => {
  await api.register(deviceRoutes, { devices: services.devices });
};

/**
 * The plant's devices. Their records come first: notifications, alarm texts, the PLC runtime
 * and commands read them. The service, which calls those, comes after them.
 */
export const devicesArea = {
  records,
  build: (needs: DevicesNeeds) => {
    const { db, commands, alarmTexts, runtime, eventLog, plant, ledger, hub } = needs;
    const { deviceRecords, workflows, transfers, orders, paths } = needs;
    return {
      devices: new DeviceService({
        db,
        devices: deviceRecords.repository,
        records: deviceRecords.records,
        commands,
        statuses: needs.deviceStatuses,
        alarmTexts,
        runtime,
        eventLog,
        plant,
        usesOf: async (code) => {
          const uses: string[] = [];
          for (const user of [workflows, transfers, orders, paths]) {
            uses.push(...(await user.usesOfDevice(code)));
          }
          return uses;
        },
        ledger,
        hub,
      }),
    };
  },
  routes,
};
