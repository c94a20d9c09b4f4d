import { describe, expect, it } from 'vitest';
import { retryAt, MAX_ATTEMPTS } from './delivery-backoff.ts';
import { inQuietHours, meetsPriority, pipelinesFor } from './pipeline-rules.ts';
import type { StoredPipeline } from './delivery-settings.ts';

const base: StoredPipeline = {
  name: 'p',
  enabled: true,
  minimum_priority: 'warning',
  devices: [],
  channel: 'webhook',
  webhook_url: 'https://hooks.example.com',
  webhook_secret: 'secret-secret-secret',
  delay_seconds: 0,
  roster: [],
  escalate_after_minutes: null,
  notify_on_return: false,
  quiet_hours: null,
};

describe('pipeline rules', () => {
  it('orders priorities alarm > warning > other', () => {
    expect(meetsPriority('alarm', 'warning')).toBe(true);
    expect(meetsPriority('warning', 'warning')).toBe(true);
    expect(meetsPriority('other', 'warning')).toBe(false);
  });

  it('picks pipelines by priority, device and whether they are on', () => {
    const roasters = { ...base, name: 'roasters', devices: ['R1'] };
    const off = { ...base, name: 'off', enabled: false };
    const names = (type: 'alarm' | 'other', deviceCode: string | null) =>
      pipelinesFor([base, roasters, off], { type, deviceCode }).map((p) => p.name);
    expect(names('alarm', 'R1')).toEqual(['p', 'roasters']);
    expect(names('alarm', 'S2')).toEqual(['p']);
    expect(names('alarm', null)).toEqual(['p']);
    expect(names('other', 'R1')).toEqual([]);
  });

  it('reads quiet hours on the clock of their time zone, across midnight', () => {
    const night = { start: '22:00', end: '06:00', time_zone: 'Europe/Zurich' };
    // 21:30 UTC is 22:30 in Zurich in winter (UTC+1).
    expect(inQuietHours(night, new Date('2026-01-10T21:30:00Z'))).toBe(true);
    expect(inQuietHours(night, new Date('2026-01-10T04:59:00Z'))).toBe(true);
    expect(inQuietHours(night, new Date('2026-01-10T05:00:00Z'))).toBe(false);
    expect(inQuietHours(night, new Date('2026-01-10T12:00:00Z'))).toBe(false);
    const lunch = { start: '12:00', end: '13:00', time_zone: 'UTC' };
    expect(inQuietHours(lunch, new Date('2026-01-10T12:30:00Z'))).toBe(true);
    expect(inQuietHours(lunch, new Date('2026-01-10T13:00:00Z'))).toBe(false);
  });

  it('retries with a doubling wait and gives up after the last attempt', () => {
    const at = new Date('2026-01-10T00:00:00Z');
    const waits = [1, 2, 3, 4].map((n) => (retryAt(n, at)?.getTime() ?? 0) - at.getTime());
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryAt(MAX_ATTEMPTS, at)).toBeNull();
  });
});
