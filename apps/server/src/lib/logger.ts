import { pino, type DestinationStream, type Logger } from 'pino';
import { redactedPaths, safeErrorSerializer } from './log-safety.ts';

export interface LoggerOptions {
  level: string;
  /** Readable lines for a person at a terminal instead of JSON lines. */
  pretty?: boolean;
  /** Where the lines go; standard output when omitted. */
  destination?: DestinationStream;
}

/** The console's logger: JSON lines (or readable ones), with secrets kept out of every line. */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      serializers: { err: safeErrorSerializer },
      redact: { paths: redactedPaths, censor: '[withheld]' },
      ...(options.pretty
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'SYS:yyyy-mm-dd HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
    },
    options.destination,
  );
}
