import type { Database } from '@roastery/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AreaRoutes } from '../../lib/area.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { QualityContext } from './quality-context.ts';
import { QualityRepository } from './quality-repository.ts';
import { qualityRoutes } from './quality-routes.ts';
import { QualityService } from './quality-service.ts';

/** What the quality area needs from the rest of the console. */
export interface QualityNeeds {
  db: Database;
  hub: EventHub;
  logger: FastifyBaseLogger;
  audit: QualityContext['audit'];
  notifications: QualityContext['notifications'];
  passwordCheck: QualityContext['passwords'];
  roastRecords: QualityContext['roastRecords'];
}

function build(needs: QualityNeeds) {
  const quality = new QualityService(
    {
      repo: new QualityRepository(needs.db),
      audit: needs.audit,
      notifications: needs.notifications,
      passwords: needs.passwordCheck,
      roastRecords: needs.roastRecords,
      logger: needs.logger,
      now: () => new Date(),
    },
    needs.hub,
  );
  return { quality };
}

const routes: AreaRoutes<{ quality: QualityService }> = async (api, { services }) => {
  // The roast records being checked finish before the database closes.
  api.addHook('onClose', () => services.quality.settled());
  await api.register(qualityRoutes, { prefix: '/quality', quality: services.quality });
};

/** Quality release of roasted lots: specifications, results, holds and signed decisions (issue 24). */
export const qualityArea = { build, routes };
