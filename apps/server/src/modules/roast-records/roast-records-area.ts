import type { Database } from '@roastery/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AreaRoutes } from '../../lib/area.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { HistorianService } from '../historian/historian-service.ts';
import type { RoastProfileService } from '../roast-profiles/roast-profile-service.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { RoastHistory } from './roast-history.ts';
import { RoastRecordsRepository } from './roast-records-repository.ts';
import { roastRecordRoutes } from './roast-records-routes.ts';
import { RoastRecordService } from './roast-records-service.ts';

/** What the roast records need from the rest of the console. */
export interface RoastRecordsNeeds {
  db: Database;
  hub: EventHub;
  logger: FastifyBaseLogger;
  roastProfiles: Pick<RoastProfileService, 'version'>;
  /** The clock a roast's seconds are counted by: the wall clock, or a test's plant time. */
  roastClock: () => number;
  /** A roast under way at a restart is read back from the historian, by the address map. */
  historian: Pick<HistorianService, 'rawSamples'>;
  runtime: Pick<PlantRuntime, 'catalog'>;
}

function build(needs: RoastRecordsNeeds) {
  const roastRecords = new RoastRecordService(
    {
      repo: new RoastRecordsRepository(needs.db),
      profiles: needs.roastProfiles,
      logger: needs.logger,
    },
    needs.hub,
    { clock: needs.roastClock, now: () => new Date() },
    new RoastHistory(needs.historian, () => needs.runtime.catalog()),
  );
  return { roastRecords };
}

const routes: AreaRoutes<{
  roastRecords: RoastRecordService;
  settings: Pick<SettingsService, 'temperatureUnit'>;
}> = async (api, { services }) => {
  const { roastRecords, settings } = services;
  // Roasts are sampled for as long as the app runs, whether or not an order runs them.
  api.addHook('onReady', () => roastRecords.start());
  api.addHook('onClose', () => roastRecords.stop());
  await api.register(roastRecordRoutes, {
    prefix: '/roast-records',
    records: roastRecords,
    temperatureUnit: () => settings.temperatureUnit(),
  });
};

/** Every roast's record, charge to drop, linked to its batch (issue 23). */
export const roastRecordsArea = { build, routes };
