import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
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

  it('parses durations', () => {
    expect(loadConfig({ ACCESS_TOKEN_TTL: '2m', REFRESH_TOKEN_TTL: '7d' })).toMatchObject({
      accessTokenTtlSeconds: 120,
      refreshTokenTtlSeconds: 7 * 86400,
    });
  });
});
