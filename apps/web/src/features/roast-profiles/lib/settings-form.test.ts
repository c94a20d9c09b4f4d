import { describe, expect, it } from 'vitest';
import type { AlogPreview, RoastProfileVersion } from '@roastery/contract';
import { readablePoints, settingsOf, settingsValues, valuesFromAlog } from './settings-form.ts';

const settings: RoastProfileVersion['settings'] = {
  charge_temperature_f: 420,
  batch_min_lbs: 100,
  batch_max_lbs: 300,
  reference: [
    { t_s: 0, bt_f: 410 },
    { t_s: 90, bt_f: 200 },
    { t_s: 725, bt_f: 428.5 },
  ],
  power: [{ t_s: 0, burner_pct: 80, airflow_pct: 40 }],
  end: { kind: 'total_time', value: 725 },
  dry_end_f: 300,
  notes: 'House style',
};

describe("a profile's settings in its form", () => {
  it('come back from the form as they went in', () => {
    const values = settingsValues(settings);
    expect(values.reference[2]).toEqual({ time: '12:05', bt_f: 428.5 });
    expect(settingsOf(values, settings.power)).toEqual(settings);
  });

  it('draw only the rows that read as points', () => {
    expect(
      readablePoints([
        { time: '0:00', bt_f: 400 },
        { time: '1:7', bt_f: 300 },
        { time: '2:00', bt_f: null },
        undefined,
        { time: '3:00', bt_f: 250 },
      ]),
    ).toEqual([
      { t_s: 0, bt_f: 400, row: 0 },
      { t_s: 180, bt_f: 250, row: 4 },
    ]);
  });

  it("take an Artisan file's curve, charge and drop", () => {
    const preview: AlogPreview = {
      title: 'Kenya AA',
      beans: '',
      roast_date: null,
      unit: 'C',
      reference: [
        { t_s: 0, bt_f: 392.04 },
        { t_s: 5, bt_f: 380 },
      ],
      et: [],
      charge_temperature_f: 392.04,
      events: {
        charge: { t_s: 0, bt_f: 392.04 },
        dry_end: null,
        first_crack: null,
        drop: { t_s: 5, bt_f: 410.26 },
      },
      green_lbs: null,
      roasted_lbs: null,
    };
    expect(valuesFromAlog(preview)).toEqual({
      reference: [
        { time: '0:00', bt_f: 392 },
        { time: '0:05', bt_f: 380 },
      ],
      charge_temperature_f: 392,
      end_kind: 'drop_temperature',
      end_value: 410.3,
    });
    const undropped = { ...preview, events: { ...preview.events, drop: null } };
    expect(valuesFromAlog(undropped)).not.toHaveProperty('end_kind');
  });
});
