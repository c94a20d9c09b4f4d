import type { Database } from '@roastery/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { AreaRoutes } from '../../lib/area.ts';
import type { Cluster } from '../../plant/cluster/cluster.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { AuditHeadLog } from './audit-head-log.ts';
import { auditKey } from './audit-key.ts';
import { AuditRepository } from './audit-repository.ts';
import { auditRoutes } from './audit-routes.ts';
import { AuditService } from './audit-service.ts';
import { AuditSpool } from './audit-spool.ts';

/** The source of the alarm raised while audit rows wait in the spool. */
const AUDIT_ALARM_SOURCE = 'audit-log';

/** What the audit area needs from the rest of the console. */
export interface AuditNeeds {
  db: Database;
  config: Config;
  /** Raises the alarm of an outage and clears it once the log is written again. */
  notifications: Pick<NotificationService, 'raise' | 'clear'>;
  cluster: Cluster | undefined;
  logger: FastifyBaseLogger;
}

async function build({ db, config, notifications, cluster, logger }: AuditNeeds) {
  if (cluster && !config.audit.key) {
    logger.warn(
      'AUDIT_KEY is not set: each instance seals the audit log with its own key and the chain will not verify. Set the same AUDIT_KEY on every instance.',
    );
  }
  const key = await auditKey(config.audit.key, config.audit.folder);
  const audit = new AuditService({
    repo: new AuditRepository(db),
    key,
    spool: new AuditSpool(config.audit.folder),
    heads: new AuditHeadLog(config.audit.folder, key),
    // One alarm per outage: its source keeps it from being raised again until it is cleared.
    onOutage: (err, spooled) => {
      logger.error({ err, spooled }, 'audit log write failed; rows kept in the spool');
      void notifications
        .raise({
          type: 'alarm',
          text: 'The audit log could not be written. Plant control goes on; check the database.',
          by: 'console',
          source: AUDIT_ALARM_SOURCE,
        })
        .catch((error: unknown) => logger.error({ err: error }, 'audit alarm not raised'));
    },
    onRecovered: () => {
      logger.info('audit log written again; the spool is empty');
      void notifications
        .clear(AUDIT_ALARM_SOURCE)
        .catch((error: unknown) => logger.error({ err: error }, 'audit alarm not cleared'));
    },
  });
  return { audit };
}

const routes: AreaRoutes<{ audit: AuditService }> = async (api, { services }) => {
  await api.register(auditRoutes, { prefix: '/audit', audit: services.audit });
};

/** The sealed log of who changed what, spooled to disk while the database refuses it. */
export const auditArea = { build, routes };
