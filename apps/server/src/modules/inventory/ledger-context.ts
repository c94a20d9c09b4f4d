import type { Database } from '@roastery/db';
import type { LedgerRepository } from './ledger-repository.ts';

/** What every use case of the bean ledger works with. */
export interface LedgerContext {
  db: Database;
  repo: LedgerRepository;
  /** Told after a movement has committed, so screens showing silos refresh at once. */
  onMovement: () => void;
}
