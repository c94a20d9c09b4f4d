import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { GATEWAY_DEFAULTS, MAX_IN_FLIGHT_LIMIT } from '@roastery/plc';
import { z } from 'zod';

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** '250ms', '15m', '30d' -> milliseconds. */
const durationMs = z
  .string()
  .regex(/^\d+(ms|s|m|h|d)$/, 'use a number followed by ms, s, m, h or d, for example 15m')
  .transform((v) => {
    const [, n = '0', unit = 'ms'] = /^(\d+)(ms|s|m|h|d)$/.exec(v) ?? [];
    return Number(n) * UNIT_MS[unit as keyof typeof UNIT_MS];
  });
const duration = durationMs.transform((ms) => Math.round(ms / 1000));

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  ADMIN_PASSWORD: z.string().min(7, 'must be at least 7 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The key that seals the audit log's chain; kept outside the database. */
  AUDIT_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Where the audit key, the published chain heads and the spool are kept (DATA_DIR unless set). */
  AUDIT_DIR: z.string().min(1).optional(),
  AUDIT_HEAD_INTERVAL: durationMs
    .refine((ms) => ms >= 1000, 'must be at least 1s')
    .default(5 * 60_000),
  ACCESS_TOKEN_TTL: duration.default(900),
  REFRESH_TOKEN_TTL: duration.default(30 * 86400),
  LOGIN_MAX_FAILURES_PER_USER: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  LOGIN_THROTTLE_WINDOW: duration.optional(),
  /** The name of LOGIN_THROTTLE_WINDOW before sign-ins were slowed down instead of locked. */
  LOGIN_LOCKOUT_WINDOW: duration.optional(),
  LOGIN_MAX_DELAY: duration.refine((seconds) => seconds >= 1, 'must be at least 1s').default(60),
  LIVE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).default(8),
  LIVE_MAX_STREAMS: z.coerce.number().int().min(1).default(200),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  PLC_HOST: z.string().min(1).optional(),
  PLC_PORT: z.coerce.number().int().min(1).max(65535).default(502),
  PLC_UNIT_ID: z.coerce.number().int().min(0).max(255).default(1),
  PLC_SCAN_INTERVAL: durationMs.default(250),
  PLC_REQUEST_TIMEOUT: durationMs.default(1000),
  /** Read requests sent before the first is answered; 1 for a PLC that serves one at a time. */
  PLC_MAX_IN_FLIGHT: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_IN_FLIGHT_LIMIT)
    .default(GATEWAY_DEFAULTS.maxInFlight),
  /** Scan intervals without a reading after which a value is stale, then offline. */
  PLC_STALE_AFTER_SCANS: z.coerce.number().int().min(1).default(2),
  PLC_OFFLINE_AFTER_SCANS: z.coerce.number().int().min(1).default(5),
  PLC_CONFIRM_TIMEOUT: durationMs.default(3000),
  PLC_RECONNECT_MAX: durationMs.refine((ms) => ms >= 100, 'must be at least 100ms').default(1000),
  SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SIMULATOR_TIME_SCALE: z.coerce
    .number()
    .refine((n) => n > 0 && n <= 20, 'must be above 0 and at most 20')
    .default(1),
  /** The longest a person may shelve an alarm (ISA-18.2's maximum shelve time). */
  ALARM_MAX_SHELVE: durationMs
    .refine((ms) => ms >= 60_000, 'must be at least 1m')
    .default(8 * 3_600_000),
  /** Both set: an administrator's report code is a Metabase question, embedded signed. */
  METABASE_SITE_URL: z.string().url().optional(),
  METABASE_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How long an administrator's SQL report may run, and how many rows it returns. */
  REPORT_TIMEOUT: durationMs.refine((ms) => ms >= 100, 'must be at least 100ms').default(5000),
  REPORT_ROW_CAP: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Origins besides the console's own whose pages may open the live stream (comma-separated). */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/+$/, ''))
        .filter((o) => o.length > 0),
    )
    .pipe(z.array(z.url({ error: 'each origin must be like https://console.example.com' }))),
  /** This server's name among several on one PostgreSQL database (System Monitor, logs). */
  INSTANCE_NAME: z
    .string()
    .regex(/^[\w.:-]{1,60}$/, 'use up to 60 letters, digits, dots, colons, dashes or underscores')
    .optional(),
  /** How long a client has to send a whole request, headers and body; a slower one gets 408. */
  REQUEST_BODY_TIMEOUT: durationMs
    .refine((ms) => ms >= 100, 'must be at least 100ms')
    .default(30_000),
  /** How long an instance that does not drive the plant waits for the leader's answer. */
  LEADER_REQUEST_TIMEOUT: durationMs
    .refine((ms) => ms >= 1000, 'must be at least 1s')
    .default(10_000),
  /** How long a request handed to the leader (or sent with an Idempotency-Key) is kept. */
  LEADER_REQUEST_RETENTION: durationMs
    .refine((ms) => ms >= 60_000, 'must be at least 1m')
    .default(24 * 60 * 60_000),
  /** The reverse proxies whose X-Forwarded-For is believed: addresses or CIDRs, comma-separated. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const value = v.trim();
      if (value === 'true') {
        ctx.addIssue({
          code: 'custom',
          message:
            '`true` would let any client choose its own address; list the proxies instead, for example 127.0.0.1 or 10.0.0.0/24',
        });
        return [];
      }
      if (value === 'false') return [];
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0);
      for (const entry of entries.filter((e) => !isProxyAddress(e))) {
        ctx.addIssue({
          code: 'custom',
          message: `${entry} is not an address, a CIDR such as 10.0.0.0/24, nor loopback, linklocal or uniquelocal`,
        });
      }
      return entries;
    }),
});

/** An entry Fastify's trustProxy takes: an address, a CIDR, or a named range of proxy-addr. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  /** The audit chain's key (generated into the folder when unset), its folder, how often its head is published. */
  audit: { key: string | undefined; folder: string; headIntervalMs: number };
  /** Set when both Metabase variables are. */
  metabase: { siteUrl: string; secretKey: string } | undefined;
  reports: { timeoutMs: number; rowCap: number };
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  login: {
    maxFailuresPerUserAndAddress: number;
    maxFailuresPerAddress: number;
    windowSeconds: number;
    maxDelaySeconds: number;
  };
  /** Open live streams allowed per user (a few tabs) and in all. */
  live: { maxStreamsPerUser: number; maxStreams: number };
  logLevel: string;
  /** Folder of the built web app; served by the server in production. */
  webDist: string | undefined;
  /** The proxies whose X-Forwarded-For is believed; none when empty. */
  trustProxy: string[];
  /** Other origins allowed to open the live stream; the console's own always is. */
  allowedOrigins: string[];
  /** How long a client has to send a whole request (Node's requestTimeout). */
  requestBodyTimeoutMs: number;
  plc: PlcConfig;
  alarms: { maxShelveMs: number };
  /** Several instances on one PostgreSQL database (the embedded database has one). */
  cluster: {
    instanceName: string;
    leaderRequestTimeoutMs: number;
    leaderRequestRetentionMs: number;
  };
};

export interface PlcConfig {
  /** Where the PLC is; undefined runs the plant simulator in process and talks to it over TCP. */
  host: string | undefined;
  port: number;
  unitId: number;
  scanIntervalMs: number;
  requestTimeoutMs: number;
  /** Requests in flight at once on the PLC connection. */
  maxInFlight: number;
  staleAfterScans: number;
  offlineAfterScans: number;
  confirmTimeoutMs: number;
  /** Longest wait between two reconnect attempts while the PLC stays away. */
  reconnectMaxMs: number;
  /** Loopback port of the in-process simulator; 0 picks a free one. */
  simulatorPort: number;
  /** Plant seconds per wall second in the simulator: a demo or a long test faster than life. */
  simulatorTimeScale: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks the environment; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    audit: {
      key: e.AUDIT_KEY,
      folder: resolve(e.AUDIT_DIR ?? e.DATA_DIR),
      headIntervalMs: e.AUDIT_HEAD_INTERVAL,
    },
    metabase:
      e.METABASE_SITE_URL && e.METABASE_SECRET_KEY
        ? { siteUrl: e.METABASE_SITE_URL.replace(/\/+$/, ''), secretKey: e.METABASE_SECRET_KEY }
        : undefined,
    reports: { timeoutMs: e.REPORT_TIMEOUT, rowCap: e.REPORT_ROW_CAP },
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
    login: {
      maxFailuresPerUserAndAddress: e.LOGIN_MAX_FAILURES_PER_USER,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: e.LOGIN_THROTTLE_WINDOW ?? e.LOGIN_LOCKOUT_WINDOW ?? 900,
      maxDelaySeconds: e.LOGIN_MAX_DELAY,
    },
    live: { maxStreamsPerUser: e.LIVE_MAX_STREAMS_PER_USER, maxStreams: e.LIVE_MAX_STREAMS },
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST
      ? resolve(e.WEB_DIST)
      : e.NODE_ENV === 'production'
        ? resolve(import.meta.dirname, '../../web/dist')
        : undefined,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    requestBodyTimeoutMs: e.REQUEST_BODY_TIMEOUT,
    plc: {
      host: e.PLC_HOST,
      port: e.PLC_PORT,
      unitId: e.PLC_UNIT_ID,
      scanIntervalMs: e.PLC_SCAN_INTERVAL,
      requestTimeoutMs: e.PLC_REQUEST_TIMEOUT,
      maxInFlight: e.PLC_MAX_IN_FLIGHT,
      staleAfterScans: e.PLC_STALE_AFTER_SCANS,
      offlineAfterScans: e.PLC_OFFLINE_AFTER_SCANS,
      confirmTimeoutMs: e.PLC_CONFIRM_TIMEOUT,
      reconnectMaxMs: e.PLC_RECONNECT_MAX,
      simulatorPort: e.SIMULATOR_PORT,
      simulatorTimeScale: e.SIMULATOR_TIME_SCALE,
    },
    alarms: { maxShelveMs: e.ALARM_MAX_SHELVE },
    cluster: {
      instanceName: e.INSTANCE_NAME ?? hostname(),
      leaderRequestTimeoutMs: e.LEADER_REQUEST_TIMEOUT,
      leaderRequestRetentionMs: e.LEADER_REQUEST_RETENTION,
    },
  };
}
