import { describe, expect, it } from 'vitest';
import { livenessOf, worstPlace } from './value-liveness.ts';

// Times in the test's own time zone: the one the console shows them in.
const now = new Date(2026, 3, 12, 14, 30);
const lost = new Date(2026, 3, 12, 14, 5, 9).toISOString();
const yesterday = new Date(2026, 3, 11, 22, 0, 1).toISOString();
const up = { plc: 'connected', plcNotLiveSince: null } as const;
const down = { plc: 'down', plcNotLiveSince: lost } as const;
const unknown = { plc: 'unknown', plcNotLiveSince: null } as const;

describe('whether the values of a place are live', () => {
  it('are live while the link is up and the server says they are good', () => {
    expect(livenessOf({ quality: 'good', not_live_since: null }, up, now)).toEqual({ live: true });
    expect(livenessOf(undefined, up, now)).toEqual({ live: true });
    expect(livenessOf({ quality: 'good' }, unknown, now)).toEqual({ live: true });
  });

  it('are not live the moment the stream says the link is down, before the place is refreshed', () => {
    expect(livenessOf({ quality: 'good', not_live_since: null }, down, now)).toEqual({
      live: false,
      label: 'PLC offline',
      since: lost,
      sinceText: 'Not live since 14:05:09',
      description: 'PLC offline: not live since 14:05:09',
    });
    expect(livenessOf(undefined, down, now)).toMatchObject({ label: 'PLC offline', since: lost });
  });

  it("take the place's own time over the link's", () => {
    const place = { quality: 'offline', not_live_since: yesterday } as const;
    expect(livenessOf(place, down, now)).toMatchObject({
      label: 'PLC offline',
      sinceText: 'Not live since 11 Apr 2026, 22:00:01',
    });
  });

  it('name a device the PLC does not report, or reports late, while the link is up', () => {
    expect(livenessOf({ quality: 'offline', not_live_since: lost }, up, now)).toMatchObject({
      label: 'No PLC data',
      sinceText: 'Not live since 14:05:09',
    });
    expect(livenessOf({ quality: 'stale', not_live_since: lost }, up, now)).toMatchObject({
      label: 'Stale',
      description: 'Stale: not live since 14:05:09',
    });
  });

  it('say so without a time when nobody knows since when (never live, or no stream)', () => {
    expect(livenessOf({ quality: 'offline', not_live_since: null }, unknown, now)).toEqual({
      live: false,
      label: 'No PLC data',
      since: null,
      sinceText: null,
      description: 'No PLC data: not live',
    });
    expect(livenessOf(undefined, { plc: 'down', plcNotLiveSince: null }, now)).toMatchObject({
      label: 'PLC offline',
      sinceText: null,
    });
  });
});

describe('several places as one', () => {
  it('is as bad as the worst and not live since the earliest', () => {
    expect(
      worstPlace([
        { quality: 'good', not_live_since: null },
        { quality: 'stale', not_live_since: lost },
        { quality: 'offline', not_live_since: yesterday },
      ]),
    ).toEqual({ quality: 'offline', not_live_since: yesterday });
    expect(worstPlace([{ quality: 'good' }, { quality: 'good' }])).toEqual({
      quality: 'good',
      not_live_since: null,
    });
    expect(worstPlace([])).toEqual({ quality: 'good', not_live_since: null });
  });
});
