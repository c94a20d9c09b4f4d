import { describe, expect, it } from 'vitest';
import { expired, partitionEnd, rollupPartition, samplePartition } from './partitions.ts';
import { planSeries } from './series-plan.ts';

const NOW = Date.UTC(2026, 2, 10, 12, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('planSeries', () => {
  it('answers raw while every second of the range fits in max_points and is still kept raw', () => {
    expect(planSeries(NOW - HOUR, NOW, 3_600, NOW, 30)).toEqual({ resolution: 'raw' });
    expect(planSeries(NOW - HOUR - 1_000, NOW, 3_600, NOW, 30)).toEqual({
      resolution: 'rollup',
      bucketSeconds: 60,
    });
    expect(planSeries(NOW - 31 * DAY, NOW - 31 * DAY + 60_000, 3_600, NOW, 30)).toEqual({
      resolution: 'rollup',
      bucketSeconds: 60,
    });
  });

  it('merges minutes into round buckets: at most max_points of them', () => {
    const bucket = (rangeMs: number, maxPoints: number) => {
      const plan = planSeries(NOW - rangeMs, NOW, maxPoints, NOW, 30);
      return plan.resolution === 'rollup' ? plan.bucketSeconds / 60 : 0;
    };
    expect(bucket(DAY, 1_440)).toBe(1);
    expect(bucket(DAY, 1_000)).toBe(2);
    expect(bucket(DAY, 100)).toBe(15);
    expect(bucket(730 * DAY, 1_000)).toBe(1_440);
    expect(bucket(730 * DAY, 100)).toBe(8 * 1_440);
  });
});

describe('partitions', () => {
  it('names a day of samples and a month of rollups by their UTC span', () => {
    expect(samplePartition(NOW)).toEqual({
      table: 'historian_samples',
      name: 'historian_samples_p20260310',
      from: new Date(Date.UTC(2026, 2, 10)),
      to: new Date(Date.UTC(2026, 2, 11)),
    });
    expect(rollupPartition(Date.UTC(2026, 11, 31, 23, 59))).toMatchObject({
      name: 'historian_rollups_p202612',
      to: new Date(Date.UTC(2027, 0, 1)),
    });
    expect(partitionEnd('historian_samples_p20260228')).toEqual(new Date(Date.UTC(2026, 2, 1)));
    expect(partitionEnd('historian_rollups_p202612')).toEqual(new Date(Date.UTC(2027, 0, 1)));
    expect(partitionEnd('historian_samples_p202612')).toBeUndefined();
  });

  it('counts a partition expired only when its whole span is older than the cutoff', () => {
    const names = ['historian_samples_p20260208', 'historian_samples_p20260209', 'other'];
    expect(expired(names, new Date(Date.UTC(2026, 1, 9, 12)))).toEqual([
      'historian_samples_p20260208',
    ]);
  });
});
