import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import type { Cluster } from '../../plant/cluster/cluster.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { DeviceDirectory } from '../devices/device-directory.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { AlarmTextRepository } from './alarm-text-repository.ts';
import { alarmTextRoutes } from './alarm-text-routes.ts';
import { AlarmTextService } from './alarm-text-service.ts';

/** What the alarm texts area needs from the rest of the console. */
export interface AlarmTextsNeeds {
  db: Database;
  directory: DeviceDirectory;
  notifications: NotificationService;
  configChanged: ConfigChanged;
  hub: EventHub;
  cluster: Cluster | undefined;
}

function build(needs: AlarmTextsNeeds) {
  const alarmTexts = new AlarmTextService(
    new AlarmTextRepository(needs.db),
    needs.directory,
    needs.notifications,
    needs.configChanged,
    needs.hub,
  );
  // Changes announced while the hub was cut off were missed: read the texts again.
  needs.cluster?.transport.onReconnect(() => alarmTexts.forget());
  return { alarmTexts };
}

const routes: AreaRoutes<{ alarmTexts: AlarmTextService }> = async (api, { services }) => {
  await api.register(alarmTextRoutes, { prefix: '/alarm-text', alarmTexts: services.alarmTexts });
};

/** The texts of the PLC's alarm codes, per device type. */
export const alarmTextsArea = { build, routes };
