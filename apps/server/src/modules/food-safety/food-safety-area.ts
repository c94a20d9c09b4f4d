import type { Database, Executor } from '@roastery/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AreaRoutes } from '../../lib/area.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { FoodSafetyContext } from './food-safety-context.ts';
import { FoodSafetyRepository } from './food-safety-repository.ts';
import { foodSafetyRoutes } from './food-safety-routes.ts';
import { FoodSafetyService } from './food-safety-service.ts';

/** What the food-safety record book needs from the rest of the console. */
export interface FoodSafetyNeeds {
  db: Database;
  hub: EventHub;
  logger: FastifyBaseLogger;
  audit: FoodSafetyContext['audit'];
  passwordCheck: FoodSafetyContext['passwords'];
  roastRecords: FoodSafetyContext['roastRecords'];
  settings: Pick<SettingsService, 'temperatureUnit'>;
}

function build(needs: FoodSafetyNeeds) {
  const foodSafety = new FoodSafetyService(
    {
      repo: new FoodSafetyRepository(needs.db),
      audit: needs.audit,
      passwords: needs.passwordCheck,
      roastRecords: needs.roastRecords,
      temperatureUnit: () => needs.settings.temperatureUnit(),
      logger: needs.logger,
      now: () => new Date(),
    },
    needs.hub,
  );
  /** The quality release asks it whether a lot has an open deviation. */
  const foodSafetyRelease = {
    blockerOf: (lotId: number, lotNumber: string, tx: Executor) =>
      foodSafety.releaseBlocker(lotId, lotNumber, tx),
  };
  return { foodSafety, foodSafetyRelease };
}

const routes: AreaRoutes<{ foodSafety: FoodSafetyService }> = async (api, { services }) => {
  // The monitoring records being written finish before the database closes.
  api.addHook('onClose', () => services.foodSafety.settled());
  await api.register(foodSafetyRoutes, { prefix: '/food-safety', foodSafety: services.foodSafety });
};

/** The food-safety record book: critical limits, monitoring, deviations, verification (issue 24). */
export const foodSafetyArea = { build, routes };
