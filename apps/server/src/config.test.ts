import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('keeps the audit key, spool and heads in the data folder unless told otherwise', () => {
    const c = loadConfig({ DATA_DIR: '/srv/roastery' });
    expect(c.audit).toEqual({ key: undefined, folder: '/srv/roastery', headIntervalMs: 300_000 });
    const key = 'k'.repeat(32);
    expect(
      loadConfig({ AUDIT_KEY: key, AUDIT_DIR: '/var/audit', AUDIT_HEAD_INTERVAL: '1m' }).audit,
    ).toEqual({ key, folder: '/var/audit', headIntervalMs: 60_000 });
    expect(() => loadConfig({ AUDIT_KEY: 'short' })).toThrow(
      /AUDIT_KEY: must be at least 32 characters/,
    );
    expect(() => loadConfig({ AUDIT_HEAD_INTERVAL: '500ms' })).toThrow(/AUDIT_HEAD_INTERVAL/);
  });

  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 30 * 86400,
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('names every bad value in one message', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ACCESS_TOKEN_TTL: '5 minutes' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ACCESS_TOKEN_TTL: '5 minutes' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
      expect(message).toContain('ACCESS_TOKEN_TTL: use a number followed by ms, s, m, h or d');
    }
  });

  it('configures the PLC, with the simulator when no PLC host is given', () => {
    expect(loadConfig({}).plc).toMatchObject({
      host: undefined,
      port: 502,
      scanIntervalMs: 250,
      maxInFlight: 4,
    });
    expect(
      loadConfig({ PLC_HOST: '10.0.0.5', PLC_SCAN_INTERVAL: '100ms', PLC_MAX_IN_FLIGHT: '1' }).plc,
    ).toMatchObject({ host: '10.0.0.5', scanIntervalMs: 100, maxInFlight: 1 });
    for (const value of ['0', '33', 'two']) {
      expect(() => loadConfig({ PLC_MAX_IN_FLIGHT: value })).toThrow(/PLC_MAX_IN_FLIGHT/);
    }
    expect(loadConfig({}).plc.simulatorTimeScale).toBe(1);
    expect(loadConfig({ SIMULATOR_TIME_SCALE: '5' }).plc.simulatorTimeScale).toBe(5);
    for (const value of ['0', '-1', '21', 'fast']) {
      expect(() => loadConfig({ SIMULATOR_TIME_SCALE: value })).toThrow(/SIMULATOR_TIME_SCALE/);
    }
  });

  it('configures sign-in throttling, still reading the window under its old name', () => {
    expect(loadConfig({}).login).toEqual({
      maxFailuresPerUserAndAddress: 5,
      maxFailuresPerAddress: 30,
      windowSeconds: 900,
      maxDelaySeconds: 60,
    });
    expect(loadConfig({ LOGIN_LOCKOUT_WINDOW: '10m' }).login.windowSeconds).toBe(600);
    expect(
      loadConfig({ LOGIN_THROTTLE_WINDOW: '5m', LOGIN_LOCKOUT_WINDOW: '10m' }).login.windowSeconds,
    ).toBe(300);
    expect(loadConfig({ LOGIN_MAX_DELAY: '2m' }).login.maxDelaySeconds).toBe(120);
    expect(() => loadConfig({ LOGIN_MAX_DELAY: '0s' })).toThrow(
      'LOGIN_MAX_DELAY: must be at least 1s',
    );
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY lists', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(
      loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8,::1,fd00::/8 ,loopback' }),
    ).toMatchObject({ trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback'] });
    // `true` believed any client's X-Forwarded-For: the console refuses to start with it.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      'TRUST_PROXY: `true` would let any client choose its own address; list the proxies instead, for example 127.0.0.1 or 10.0.0.0/24',
    );
    for (const value of [
      'proxy.plant.example',
      '10.0.0.0/33',
      '300.1.1.1',
      '::1/129',
      '10.0.0.1 10.0.0.2',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: /);
    }
  });

  it('keeps answered requests for the leader a day unless LEADER_REQUEST_RETENTION says otherwise', () => {
    expect(loadConfig({}).cluster.leaderRequestRetentionMs).toBe(24 * 60 * 60_000);
    expect(loadConfig({ LEADER_REQUEST_RETENTION: '2h' }).cluster.leaderRequestRetentionMs).toBe(
      2 * 60 * 60_000,
    );
    expect(() => loadConfig({ LEADER_REQUEST_RETENTION: '30s' })).toThrow(
      /LEADER_REQUEST_RETENTION: must be at least 1m/,
    );
  });

  it('parses durations', () => {
    expect(loadConfig({ ACCESS_TOKEN_TTL: '2m', REFRESH_TOKEN_TTL: '7d' })).toMatchObject({
      accessTokenTtlSeconds: 120,
      refreshTokenTtlSeconds: 7 * 86400,
    });
  });

  it('gives a client 30 s to send a request unless REQUEST_BODY_TIMEOUT says otherwise', () => {
    expect(loadConfig({}).requestBodyTimeoutMs).toBe(30_000);
    expect(loadConfig({ REQUEST_BODY_TIMEOUT: '2m' }).requestBodyTimeoutMs).toBe(120_000);
    expect(() => loadConfig({ REQUEST_BODY_TIMEOUT: '50ms' })).toThrow(
      /REQUEST_BODY_TIMEOUT: must be at least 100ms/,
    );
  });
});
