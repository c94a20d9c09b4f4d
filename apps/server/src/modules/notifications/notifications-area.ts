import type { Database } from '@roastery/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { AreaRoutes } from '../../lib/area.ts';
import { every } from '../../lib/every.ts';
import type { Cluster } from '../../plant/cluster/cluster.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { EventLogService } from '../events/event-log-service.ts';
import { NotificationRepository } from './notification-repository.ts';
import { notificationRoutes } from './notification-routes.ts';
import { NotificationService, type AlarmOptions } from './notification-service.ts';
import { PlcAlarms, type AlarmTextLookup } from './plc-alarms.ts';

/** How often shelves that ran out come back and a flood that has passed ends. */
const ALARM_SWEEP_MS = 5000;

/** What the notifications area needs from the rest of the console. */
export interface NotificationsNeeds {
  db: Database;
  hub: EventHub;
  config: Config;
  /** The clock of alarm shelves and floods; tests pass their own to move time on. */
  alarmClock: () => Date;
  /** What can raise a lasting alarm, built by the devices area from its records. */
  alarmSources: Required<Pick<AlarmOptions, 'linkSources' | 'sources'>>;
  cluster: Cluster | undefined;
  logger: FastifyBaseLogger;
}

function build(needs: NotificationsNeeds) {
  const { alarmSources, logger } = needs;
  const notifications = new NotificationService(new NotificationRepository(needs.db), needs.hub, {
    clock: { now: needs.alarmClock },
    maxShelveMs: needs.config.alarms.maxShelveMs,
    linkSources: alarmSources.linkSources,
    sources: alarmSources.sources,
  });
  // Changes announced while the hub was cut off were missed: read the active alarms again.
  needs.cluster?.transport.onReconnect(() => notifications.invalidate());
  let stopSweep = () => {};
  return {
    notifications,
    /** Sweeps shelves and floods while the plant runs. */
    alarmSweep: {
      start: () => {
        stopSweep();
        stopSweep = every(ALARM_SWEEP_MS, () => {
          notifications
            .sweep()
            .catch((err: unknown) => logger.error({ err }, 'alarm shelves and floods not swept'));
        });
      },
      stop: () => stopSweep(),
    },
  };
}

/**
 * The alarms of what the PLC runtime publishes. Built once the alarm texts they name exist, and
 * before the runtime, which waits for them when a person stops or starts its gateway.
 */
function plcAlarms(needs: {
  hub: EventHub;
  notifications: NotificationService;
  eventLog: EventLogService;
  alarmTexts: AlarmTextLookup;
  logger: FastifyBaseLogger;
}) {
  const { logger } = needs;
  const plcAlarms = new PlcAlarms({
    hub: needs.hub,
    notifications: needs.notifications,
    eventLog: needs.eventLog,
    alarmTexts: needs.alarmTexts,
    onError: (err, event) => logger.error({ err, event: event.type }, 'PLC alarm not handled'),
  });
  plcAlarms.start();
  return { plcAlarms };
}

const routes: AreaRoutes<{ notifications: NotificationService }> = async (api, { services }) => {
  await api.register(notificationRoutes, {
    prefix: '/notification',
    notifications: services.notifications,
  });
};

/** Alarms and warnings: raising, shelving, acknowledging and sweeping them. */
export const notificationsArea = { build, plcAlarms, routes };
