import type { Database } from '@roastery/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AreaRoutes } from '../../lib/area.ts';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { historianOutageAlarm } from './historian-outage-alarm.ts';
import { HistorianRepository } from './historian-repository.ts';
import { historianRoutes } from './historian-routes.ts';
import { HistorianService } from './historian-service.ts';

/** What the historian needs from the rest of the console. */
export interface HistorianNeeds {
  db: Database;
  hub: EventHub;
  logger: FastifyBaseLogger;
  /** The plant's address map (the PLC runtime's, or the stored one before it runs). */
  catalog: () => Promise<PlantCatalog>;
  /** Raises the alarms of a database that refuses samples, and clears them. */
  notifications: Pick<NotificationService, 'raise' | 'clear'>;
}

function build(needs: HistorianNeeds) {
  const historian = new HistorianService({
    repo: new HistorianRepository(needs.db),
    catalog: needs.catalog,
    hub: needs.hub,
    logger: needs.logger,
    clock: Date.now,
    outage: historianOutageAlarm(needs.notifications, needs.logger),
  });
  return { historian };
}

const routes: AreaRoutes<{
  historian: HistorianService;
  settings: Pick<SettingsService, 'temperatureUnit'>;
}> = async (api, { services }) => {
  const { historian, settings } = services;
  // The historian writes and keeps its tables for as long as the app runs.
  api.addHook('onReady', () => historian.start());
  api.addHook('onClose', () => historian.stop());
  await api.register(historianRoutes, {
    prefix: '/historian',
    historian,
    temperatureUnit: () => settings.temperatureUnit(),
  });
};

/** The process historian: every tag's value changes, raw and per minute (issue 23). */
export const historianArea = { build, routes };
