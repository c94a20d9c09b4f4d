import type { Database } from '@roastery/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AreaRoutes } from '../../lib/area.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import { lotReleaseReader } from './lot-release.ts';
import type { QualityContext } from './quality-context.ts';
import { QualityRepository } from './quality-repository.ts';
import { holdRoutes } from './hold-routes.ts';
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
  foodSafetyRelease: QualityContext['releaseBlocker'];
  ledger: Pick<LedgerService, 'genealogy'>;
}

function build(needs: QualityNeeds) {
  const repo = new QualityRepository(needs.db);
  const quality = new QualityService(
    {
      repo,
      audit: needs.audit,
      notifications: needs.notifications,
      passwords: needs.passwordCheck,
      roastRecords: needs.roastRecords,
      releaseBlocker: needs.foodSafetyRelease,
      genealogy: needs.ledger,
      logger: needs.logger,
      now: () => new Date(),
    },
    needs.hub,
  );
  /** Whether roasted lots are released, for the areas that pack them. */
  const lotRelease = lotReleaseReader(repo);
  return { quality, lotRelease };
}

const routes: AreaRoutes<{ quality: QualityService }> = async (api, { services }) => {
  // The roast records being checked finish before the database closes.
  api.addHook('onClose', () => services.quality.settled());
  await api.register(qualityRoutes, { prefix: '/quality', quality: services.quality });
  await api.register(holdRoutes, { prefix: '/quality', quality: services.quality });
};

/** Quality release of roasted lots: specifications, results, holds and signed decisions (issue 24). */
export const qualityArea = { build, routes };
