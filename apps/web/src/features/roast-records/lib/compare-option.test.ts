import { describe, expect, test } from 'vitest';
import type { LineSeriesOption } from 'echarts/charts';
import type { RoastRecord } from '@roastery/contract';
import { compareOption } from './compare-option.ts';

const record = (id: number, version: number | null, lastS: number): RoastRecord =>
  ({
    id,
    profile: version === null ? null : { id: 7, name: 'House on R1', version },
    reference:
      version === null
        ? null
        : [
            { t_s: 0, bt_f: 420 },
            { t_s: 600, bt_f: 400 + version },
          ],
    samples: [
      { t_s: 0, bt_f: 410 },
      { t_s: lastS, bt_f: 430 },
    ],
  }) as RoastRecord;

describe('the compare chart', () => {
  test('overlays each roast from charge, and each profile version’s reference once', () => {
    const option = compareOption({
      records: [record(1, 1, 580), record(2, 1, 610), record(3, 2, 600), record(4, null, 700)],
      names: ['#1', '#2', '#3', '#4'],
      palette: ['#a', '#b'],
      referenceColor: '#r',
      width: 1000,
      unit: 'F',
    });
    const series = option.series as LineSeriesOption[];
    expect(series.map((s) => [s.name, s.color])).toEqual([
      ['#1', '#a'],
      ['#2', '#b'],
      ['#3', '#a'],
      ['#4', '#b'],
      ['Reference House on R1 v1', '#r'],
      ['Reference House on R1 v2', '#r'],
    ]);
    expect(series[1]?.data).toEqual([
      [0, 410],
      [610, 430],
    ]);
    // The time axis runs to the longest roast's next whole minute.
    expect(option.xAxis).toMatchObject({ min: 0, max: 720 });
  });
});
