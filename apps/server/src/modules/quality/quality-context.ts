import type { Executor } from '@roastery/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditService } from '../audit/audit-service.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import type { PasswordCheck } from '../auth/password-check.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { RoastRecordService } from '../roast-records/roast-records-service.ts';
import type { QualityRepository } from './quality-repository.ts';

/** What every use case of the quality area works with. */
export interface QualityContext {
  repo: QualityRepository;
  /** Each signature joins the audit chain. */
  audit: Pick<AuditService, 'record'>;
  /** A lot put on hold rings the bell. */
  notifications: Pick<NotificationService, 'raise'>;
  /** The signer's password, entered again. */
  passwords: Pick<PasswordCheck, 'confirm'>;
  /** A linked roast record's loss, development and colour. */
  roastRecords: Pick<RoastRecordService, 'get'>;
  /** A lot forward through the ledger, for a hold of everything made from it. */
  genealogy: Pick<LedgerService, 'genealogy'>;
  /** The food-safety record book: a lot with an open deviation is not released. */
  releaseBlocker: {
    blockerOf(lotId: number, lotNumber: string, tx: Executor): Promise<string | undefined>;
  };
  logger: FastifyBaseLogger;
  now: () => Date;
}

/** The person acting, as the routes know them. */
export interface Signer {
  id: number;
  username: string;
  fullName: string;
  address: string;
}
