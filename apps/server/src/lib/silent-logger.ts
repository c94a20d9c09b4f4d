import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

/** The logger of an app or services given none: tests stay quiet. */
export const silentLogger: FastifyBaseLogger = pino({ level: 'silent' });
