import type { FastifyBaseLogger } from 'fastify';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { IngestOutage } from './historian-ingest.ts';

/** The sources of the historian's two alarms: each is raised once until the outage ends. */
export const HISTORIAN_OUTAGE_SOURCE = 'historian-write';
export const HISTORIAN_OVERFLOW_SOURCE = 'historian-buffer';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The alarms of a database that refuses the historian's samples: one when writes begin to fail
 * (nothing is lost yet: the samples wait in memory), one more when the buffer is full and the
 * oldest samples are being lost, and on recovery both cleared with a notice of what was lost, so
 * that a gap in a trend or a roast curve has its explanation in the log.
 */
export function historianOutageAlarm(
  notifications: Pick<NotificationService, 'raise' | 'clear'>,
  logger: FastifyBaseLogger,
): IngestOutage {
  const settle = (what: string, work: Promise<unknown>) => {
    work.catch((err: unknown) => logger.error({ err }, `historian alarm not ${what}`));
  };
  const raise = (source: string, text: string) =>
    settle('raised', notifications.raise({ type: 'alarm', text, by: 'console', source }));
  return {
    began: (pending) =>
      raise(
        HISTORIAN_OUTAGE_SOURCE,
        `The historian could not write the plant's values; ${count(pending)} wait in memory and are written once the database takes them again. Check the database.`,
      ),
    overflowing: (maxBuffer) =>
      raise(
        HISTORIAN_OVERFLOW_SOURCE,
        `The historian's buffer is full (${count(maxBuffer)} values): the oldest values are being lost until the database takes them again.`,
      ),
    ended: (failedForMs, dropped) => {
      settle('cleared', notifications.clear(HISTORIAN_OUTAGE_SOURCE));
      settle('cleared', notifications.clear(HISTORIAN_OVERFLOW_SOURCE));
      const lost = dropped > 0 ? `; ${count(dropped)} values were lost` : '; no value was lost';
      settle(
        'raised',
        notifications.raise({
          type: 'other',
          text: `The historian writes the plant's values again after ${Math.round(failedForMs / 1000)} s${lost}.`,
          by: 'console',
        }),
      );
    },
  };
}
