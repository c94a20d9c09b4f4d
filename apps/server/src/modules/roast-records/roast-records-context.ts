import type { FastifyBaseLogger } from 'fastify';
import type { RoastProfileService } from '../roast-profiles/roast-profile-service.ts';
import type { RoastRecordsRepository } from './roast-records-repository.ts';

/** What the roast records ask of the roast profiles: a version's reference and dry end. */
export type ProfileVersions = Pick<RoastProfileService, 'version'>;

/** What every use case of the roast records works with. */
export interface RoastRecordsContext {
  repo: RoastRecordsRepository;
  profiles: ProfileVersions;
  logger: FastifyBaseLogger;
}
