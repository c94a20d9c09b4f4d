import type { TemperatureUnit } from '@roastery/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditService } from '../audit/audit-service.ts';
import type { PasswordCheck } from '../auth/password-check.ts';
import type { RoastRecordService } from '../roast-records/roast-records-service.ts';
import type { FoodSafetyRepository } from './food-safety-repository.ts';

/** What every use case of the food-safety record book works with. */
export interface FoodSafetyContext {
  repo: FoodSafetyRepository;
  /** Each day's signature joins the audit chain. */
  audit: Pick<AuditService, 'record'>;
  /** The supervisor's password, entered again to sign a day. */
  passwords: Pick<PasswordCheck, 'confirm'>;
  /** The roast a monitoring record is written from. */
  roastRecords: Pick<RoastRecordService, 'get' | 'ofBatch'>;
  /** The plant's temperature unit, for the printed records. */
  temperatureUnit: () => Promise<TemperatureUnit>;
  logger: FastifyBaseLogger;
  now: () => Date;
}

/** The person acting, as the routes know them. */
export interface Actor {
  id: number;
  username: string;
  fullName: string;
  address: string;
}

/** The day (UTC, YYYY-MM-DD) a record written at this time belongs to. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);
