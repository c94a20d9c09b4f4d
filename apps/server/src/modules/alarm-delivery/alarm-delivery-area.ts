import type { Database } from '@roastery/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AreaRoutes } from '../../lib/area.ts';
import { every } from '../../lib/every.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { AlarmDeliveryRepository } from './alarm-delivery-repository.ts';
import { alarmAckRoutes, alarmDeliveryAdminRoutes } from './alarm-delivery-routes.ts';
import { AlarmDeliveryService } from './alarm-delivery-service.ts';

/** How often the outbox is read for messages that fell due. */
const SEND_INTERVAL_MS = 1000;

/** What alarm delivery needs from the rest of the console. */
export interface AlarmDeliveryNeeds {
  db: Database;
  hub: EventHub;
  alarmClock: () => Date;
  notifications: NotificationService;
  audit: AuditService;
  configChanged: ConfigChanged;
  logger: FastifyBaseLogger;
}

async function build(needs: AlarmDeliveryNeeds) {
  const { hub, logger } = needs;
  const repo = new AlarmDeliveryRepository(needs.db);
  const alarmDelivery = new AlarmDeliveryService({
    repo,
    linkKey: await repo.linkKey(),
    now: needs.alarmClock,
    notifications: needs.notifications,
    audit: needs.audit,
    configChanged: needs.configChanged,
    onError: (err) => logger.error({ err }, 'alarm messages not scheduled'),
  });
  // Only this instance's changes: the instance that committed an alarm schedules its messages.
  hub.subscribe(
    'notification',
    (e) => alarmDelivery.alarmChanged(e.notification, e.raised !== undefined),
    { from: 'this-instance' },
  );
  hub.subscribe(
    'config',
    (e) => {
      if (e.area === 'alarm-delivery') alarmDelivery.forgetSettings();
    },
    { from: 'other-instances' },
  );
  return { alarmDelivery };
}

const routes: AreaRoutes<{ alarmDelivery: AlarmDeliveryService }> = async (api, { services }) => {
  const { alarmDelivery } = services;
  await api.register(alarmDeliveryAdminRoutes, { prefix: '/admin/alarm-delivery', alarmDelivery });
  await api.register(alarmAckRoutes, { prefix: '/alarm-ack', alarmDelivery });
  // Every instance sends what is due; the outbox's claims keep a message from going out twice.
  let stop = () => {};
  api.addHook('onReady', async () => {
    stop = every(SEND_INTERVAL_MS, () => {
      alarmDelivery
        .sendDue()
        .catch((err: unknown) => api.log.error({ err }, 'alarm messages not sent'));
    });
  });
  api.addHook('onClose', async () => {
    stop();
    alarmDelivery.close();
  });
};

/** Alarm messages by e-mail and signed webhook, with escalation and acknowledgement by link. */
export const alarmDeliveryArea = { build, routes };
