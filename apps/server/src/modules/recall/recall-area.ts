import type { Database } from '@roastery/db';
import { RecallRepository } from './recall-repository.ts';
import { RecallService } from './recall-service.ts';

/** Mock recalls: everything a lot, supplier lot, order or customer touches, and its files. */
export function recallService(db: Database): RecallService {
  return new RecallService({ repo: new RecallRepository(db), now: () => new Date() });
}
