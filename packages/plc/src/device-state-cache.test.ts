import { describe, expect, it } from 'vitest';
import { DeviceStateCache } from './device-state-cache.ts';

const tags = [
  { key: 'A/binary/1', device_id: 'A', command_kind: 'binary' as const, command_id: 1 },
  { key: 'A/input/1', device_id: 'A', command_kind: 'input' as const, command_id: 1 },
  { key: 'B/input/1', device_id: 'B', command_kind: 'input' as const, command_id: 1 },
];

describe('DeviceStateCache', () => {
  it('starts with every value offline and unknown', () => {
    const cache = new DeviceStateCache(tags);
    expect(cache.get('A/input/1')).toMatchObject({
      value: null,
      quality: 'offline',
      updatedAt: null,
    });
    expect(cache.deviceQuality('A')).toBe('offline');
  });

  it('reports only values that changed, and device quality once', () => {
    const cache = new DeviceStateCache(tags);
    const first = cache.applyReadings(
      [
        { key: 'A/binary/1', value: 1 },
        { key: 'A/input/1', value: 20 },
      ],
      1_000,
      1,
    );
    expect(first.values.map((v) => [v.device_id, v.command_kind, v.value])).toEqual([
      ['A', 'binary', 1],
      ['A', 'input', 20],
    ]);
    expect(first.devices).toEqual([
      { device_id: 'A', quality: 'good', previous: 'offline', at: 1_000 },
    ]);

    const same = cache.applyReadings([{ key: 'A/input/1', value: 20 }], 1_250, 2);
    expect(same).toEqual({ values: [], devices: [] });
    expect(cache.reading('A/input/1')).toMatchObject({ updatedAt: 1_250, readCycle: 2 });

    const changed = cache.applyReadings([{ key: 'A/input/1', value: 21 }], 1_500, 3);
    expect(changed.values).toEqual([
      {
        device_id: 'A',
        command_kind: 'input',
        command_id: 1,
        value: 21,
        updatedAt: 1_500,
        quality: 'good',
      },
    ]);
  });

  it('marks values not read recently as stale, and the device with them', () => {
    const cache = new DeviceStateCache(tags);
    cache.applyReadings([{ key: 'A/binary/1', value: 0 }], 1_000, 1);
    cache.applyReadings([{ key: 'A/input/1', value: 5 }], 2_000, 2);
    const changes = cache.markStale(1_500, 2_000);
    expect(cache.get('A/binary/1')?.quality).toBe('stale');
    expect(cache.get('A/input/1')?.quality).toBe('good');
    expect(changes.devices).toEqual([
      { device_id: 'A', quality: 'stale', previous: 'good', at: 2_000 },
    ]);
    const back = cache.applyReadings([{ key: 'A/binary/1', value: 0 }], 2_100, 3);
    expect(back.values).toEqual([]);
    expect(back.devices).toEqual([
      { device_id: 'A', quality: 'good', previous: 'stale', at: 2_100 },
    ]);
  });

  it('takes every value offline at once and keeps the last value for reference', () => {
    const cache = new DeviceStateCache(tags);
    cache.applyReadings(
      tags.map((t) => ({ key: t.key, value: 1 })),
      1_000,
      1,
    );
    const changes = cache.markAllOffline(1_100);
    expect(changes.devices.map((d) => [d.device_id, d.quality])).toEqual([
      ['A', 'offline'],
      ['B', 'offline'],
    ]);
    expect(cache.get('B/input/1')).toMatchObject({ value: 1, quality: 'offline' });
    expect(cache.markAllOffline(1_200)).toEqual({ values: [], devices: [] });
  });

  it('lists devices with their values', () => {
    const cache = new DeviceStateCache(tags);
    expect(cache.devices().map((d) => [d.device_id, d.values.length])).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
  });
});
