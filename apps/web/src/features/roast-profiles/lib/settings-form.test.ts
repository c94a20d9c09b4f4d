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
    const values = settingsValues(settings, 'F');
    expect(values.reference[2]).toEqual({ time: '12:05', bt: 428.5 });
    expect(settingsOf(values, settings.power, 'F')).toEqual(settings);
  });

  it('show in °C to the tenth, and keep their °F when saved again untouched', () => {
    const dropped = { ...settings, end: { kind: 'drop_temperature' as const, value: 425 } };
    const values = settingsValues(dropped, 'C');
    expect(values).toMatchObject({ charge_temperature: 215.6, dry_end: 148.9, end_value: 218.3 });
    expect(values.reference[2]).toEqual({ time: '12:05', bt: 220.3 });
    expect(settingsOf(values, settings.power, 'C', dropped)).toEqual(dropped);
  });

  it('save a temperature typed in °C as its °F, to the tenth', () => {
    const values = settingsValues(settings, 'C');
    values.charge_temperature = 200;
    values.reference[1] = { time: '1:30', bt: 100 };
    values.end_kind = 'drop_temperature';
    values.end_value = 210;
    const saved = settingsOf(values, settings.power, 'C', settings);
    expect(saved.charge_temperature_f).toBe(392);
    expect(saved.reference[1]).toEqual({ t_s: 90, bt_f: 212 });
    expect(saved.reference[0]).toEqual({ t_s: 0, bt_f: 410 });
    expect(saved.end).toEqual({ kind: 'drop_temperature', value: 410 });
    // 215.6 °C is 420.08 °F: stored to the tenth the PLC reads.
    values.charge_temperature = 215.6;
    expect(settingsOf(values, [], 'C').charge_temperature_f).toBe(420.1);
  });

  it('draw only the rows that read as points', () => {
    expect(
      readablePoints([
        { time: '0:00', bt: 400 },
        { time: '1:7', bt: 300 },
        { time: '2:00', bt: null },
        undefined,
        { time: '3:00', bt: 250 },
      ]),
    ).toEqual([
      { t_s: 0, bt: 400, row: 0 },
      { t_s: 180, bt: 250, row: 4 },
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
    expect(valuesFromAlog(preview, 'F')).toEqual({
      reference: [
        { time: '0:00', bt: 392 },
        { time: '0:05', bt: 380 },
      ],
      charge_temperature: 392,
      end_kind: 'drop_temperature',
      end_value: 410.3,
    });
    expect(valuesFromAlog(preview, 'C')).toEqual({
      reference: [
        { time: '0:00', bt: 200 },
        { time: '0:05', bt: 193.3 },
      ],
      charge_temperature: 200,
      end_kind: 'drop_temperature',
      end_value: 210.1,
    });
    const undropped = { ...preview, events: { ...preview.events, drop: null } };
    expect(valuesFromAlog(undropped, 'F')).not.toHaveProperty('end_kind');
  });
});
