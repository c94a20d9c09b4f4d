import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertTemperature } from '@roastery/contract';
import { AlogFormatError, parseAlog, PROFILE_EVENTS, writeAlog } from './artisan-alog.ts';
import type { ArtisanProfile } from './artisan-alog.ts';
import { parsePythonLiteral } from './python-literal.ts';

/**
 * A 12-minute roast as Artisan records it in °C: recording starts 30 s before CHARGE, a reading
 * every 2 s, DROP at 12:00, cooling watched for one more minute.
 */
const SAMPLE_S = 2;
const PRE_CHARGE_S = 30;
const BT_C: [number, number][] = [
  [-30, 205],
  [0, 200],
  [90, 92],
  [286, 150],
  [540, 196],
  [616, 204],
  [720, 210],
  [780, 120],
];
const ET_C: [number, number][] = [
  [-30, 215],
  [0, 212],
  [60, 170],
  [180, 190],
  [400, 215],
  [720, 235],
  [780, 150],
];
const EVENT_TIMES = { charge: 0, dryEnd: 286, fcStart: 540, fcEnd: 616, drop: 720, cool: 780 };
const ET_DROPOUT_INDEX = 100;
const ROAST_EPOCH = Date.UTC(2026, 2, 14, 9, 15, 30) / 1000;

function interpolate(curve: [number, number][], t: number): number {
  const after = curve.findIndex(([time]) => time >= t);
  if (after <= 0) return curve[Math.max(after, 0)]![1];
  const [t0, v0] = curve[after - 1]!;
  const [t1, v1] = curve[after]!;
  return Math.round((v0 + ((v1 - v0) * (t - t0)) / (t1 - t0)) * 100) / 100;
}

function recording(unit: 'C' | 'F') {
  const timex: number[] = [];
  for (let t = 0; t <= PRE_CHARGE_S + EVENT_TIMES.cool; t += SAMPLE_S) timex.push(t);
  const inUnit = (celsius: number) =>
    Math.round(convertTemperature(celsius, 'C', unit) * 100) / 100;
  const temp1 = timex.map((t, i) =>
    i === ET_DROPOUT_INDEX ? -1 : inUnit(interpolate(ET_C, t - PRE_CHARGE_S)),
  );
  const temp2 = timex.map((t) => inUnit(interpolate(BT_C, t - PRE_CHARGE_S)));
  const index = (t: number) => (t + PRE_CHARGE_S) / SAMPLE_S;
  const timeindex = [
    index(EVENT_TIMES.charge),
    index(EVENT_TIMES.dryEnd),
    index(EVENT_TIMES.fcStart),
    index(EVENT_TIMES.fcEnd),
    0,
    0,
    index(EVENT_TIMES.drop),
    index(EVENT_TIMES.cool),
  ];
  return { timex, temp1, temp2, timeindex };
}

/** Python's repr of a float always has a point or an exponent. */
const pyFloat = (value: number) => (Number.isInteger(value) ? `${value}.0` : String(value));
const pyList = (values: number[]) => `[${values.map(pyFloat).join(', ')}]`;

/** Written the way Artisan's repr() does, with the syntax a JSON reader would choke on. */
function pythonFixture(): string {
  const { timex, temp1, temp2, timeindex } = recording('C');
  return `{'recording_version': '2.10.6', 'version': '2.10.6', 'revision': 'a1b2c3d', 'build': '0',
 'mode': 'C', 'viewerMode': False, 'timeindex': [${timeindex.join(', ')}],
 'flavors': [5.0, 5.0, 5.0], 'title': u'Kenia AA \\u2013 Nyeri', 'locale': 'de',
 'beans': "Kenia AA 'Gatomboya'\\nwashed", 'weight': [12.0, 10.2, 'Kg'],
 'density': [710.0, 'g', 1.0, 'l'], 'moisture_greens': 10.8,
 'roastertype': u'Probat P12', 'roastdate': 'Sat Mar 14 2026', 'roastisodate': '2026-03-14',
 'roasttime': '10:15:30', 'roastepoch': ${ROAST_EPOCH}, 'roasttzoffset': -3600,
 'anno_positions': [(1, 2.5, 3.0), (2, -1.0, 1e-05)], 'backgroundUUID': None,
 'extraDelta1': [False, True], 'computed': {'CHARGE_ET': 212.0, 'TP_idx': 60, 'AUC': 0},
 'timex': ${pyList(timex)},
 'temp1': ${pyList(temp1)},
 'temp2': ${pyList(temp2)},
}`;
}

function jsonFixture(): string {
  return JSON.stringify(
    {
      version: '3.1.0',
      mode: 'F',
      viewerMode: false,
      ...recording('F'),
      title: 'Brazil Cerrado',
      beans: 'Brazil Cerrado Mineiro, natural',
      weight: [40, 34.4, 'lb'],
      density: [0.6955, 'Kg', 1, 'l'],
      moisture_greens: 11.4,
      roastisodate: '2026-04-02',
      backgroundUUID: null,
      computed: { CHARGE_BT: 392.0 },
    },
    null,
    1,
  );
}

const folder = mkdtempSync(join(tmpdir(), 'alog-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The issue asks for real files: each fixture goes through the file system and back. */
function throughFile(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text, 'utf8');
  return readFileSync(path, 'utf8');
}

function expectSameCurve(actual: ArtisanProfile, expected: ArtisanProfile): void {
  expect(actual.points).toHaveLength(expected.points.length);
  actual.points.forEach((point, i) => {
    const want = expected.points[i]!;
    expect(point.t_s).toBe(want.t_s);
    for (const probe of ['bt', 'et'] as const) {
      if (want[probe] === null) expect(point[probe]).toBeNull();
      else expect(point[probe]).toBeCloseTo(want[probe], 1);
    }
  });
  for (const name of PROFILE_EVENTS) {
    const want = expected.events[name];
    if (want === null) expect(actual.events[name]).toBeNull();
    else {
      expect(actual.events[name]?.t_s).toBe(want.t_s);
      expect(actual.events[name]?.bt).toBeCloseTo(want.bt!, 1);
    }
  }
}

describe('parseAlog', () => {
  it('reads the Python-literal form Artisan saves', () => {
    const profile = parseAlog(throughFile('kenia.alog', pythonFixture()));

    expect(profile).toMatchObject({
      title: 'Kenia AA – Nyeri',
      beans: "Kenia AA 'Gatomboya'\nwashed",
      roastDate: '2026-03-14T09:15:30.000Z',
      unit: 'C',
      weights: { green: 12, roasted: 10.2, unit: 'kg' },
      greenMoisturePct: 10.8,
      greenDensityGPerL: 710,
    });
    expect(profile.points).toHaveLength(406);
    expect(profile.points[0]).toEqual({ t_s: -30, bt: 205, et: 215 });
    expect(profile.points[15]).toEqual({ t_s: 0, bt: 200, et: 212 });
    expect(profile.points.at(-1)).toEqual({ t_s: 780, bt: 120, et: 150 });
    expect(profile.events).toEqual({
      charge: { t_s: 0, bt: 200 },
      dryEnd: { t_s: 286, bt: 150 },
      fcStart: { t_s: 540, bt: 196 },
      fcEnd: { t_s: 616, bt: 204 },
      scStart: null,
      scEnd: null,
      drop: { t_s: 720, bt: 210 },
      cool: { t_s: 780, bt: 120 },
    });
  });

  it('treats -1 as a missing reading', () => {
    const profile = parseAlog(pythonFixture());
    expect(profile.points[ET_DROPOUT_INDEX]?.et).toBeNull();
    expect(profile.points[ET_DROPOUT_INDEX]?.bt).not.toBeNull();
  });

  it('converts a °C profile to °F on request', () => {
    const celsius = parseAlog(pythonFixture());
    const fahrenheit = parseAlog(pythonFixture(), { unit: 'F' });

    expect(fahrenheit.unit).toBe('F');
    expect(fahrenheit.events.charge?.bt).toBeCloseTo(392, 5);
    expect(fahrenheit.events.drop?.bt).toBeCloseTo(410, 5);
    fahrenheit.points.forEach((point, i) => {
      const source = celsius.points[i]!;
      expect(point.t_s).toBe(source.t_s);
      expect(point.bt).toBeCloseTo(convertTemperature(source.bt!, 'C', 'F'), 5);
      if (source.et === null) expect(point.et).toBeNull();
      else expect(point.et).toBeCloseTo(convertTemperature(source.et, 'C', 'F'), 5);
    });
  });

  it('reads the JSON form in °F and gives the same roast as the °C recording', () => {
    const profile = parseAlog(throughFile('cerrado.alog', jsonFixture()));

    expect(profile).toMatchObject({
      title: 'Brazil Cerrado',
      roastDate: '2026-04-02',
      unit: 'F',
      weights: { green: 40, roasted: 34.4, unit: 'lb' },
      greenMoisturePct: 11.4,
      greenDensityGPerL: 695.5,
    });
    expectSameCurve(profile, parseAlog(pythonFixture(), { unit: 'F' }));
    expectSameCurve(parseAlog(jsonFixture(), { unit: 'C' }), parseAlog(pythonFixture()));
  });

  it('reads JSON with NaN, as Python’s json module writes a missing float', () => {
    const text = JSON.stringify({
      mode: 'C',
      timex: [0, 2],
      temp1: [200, 201],
      temp2: [190, 0],
      timeindex: [0, 0, 0, 0, 0, 0, 1, 0],
    }).replace('190', 'NaN');
    expect(parseAlog(text).points[0]).toEqual({ t_s: 0, bt: null, et: 200 });
  });

  it('counts from the first reading when CHARGE is not set', () => {
    const text = minimal({ timex: [5, 7, 9], timeindex: [-1, 0, 0, 0, 0, 0, 2, 0] });
    const profile = parseAlog(text);
    expect(profile.points.map((point) => point.t_s)).toEqual([5, 7, 9]);
    expect(profile.events.charge).toBeNull();
    expect(profile.events.drop).toEqual({ t_s: 9, bt: 182 });
  });

  it('keeps what it does not use out of the way, and drops metadata of the wrong type', () => {
    const profile = parseAlog(
      minimal({ title: 5, beans: ['x'], weight: [0, 0, 'g'], roastepoch: 'soon', extra: { a: 1 } }),
    );
    expect(profile).toMatchObject({ title: '', beans: '', weights: null, roastDate: null });
    expect(parseAlog(minimal({ density: [710, 'stone', 1, 'l'] })).greenDensityGPerL).toBeNull();
    expect(parseAlog(minimal({ density: [710, 'g', 1, 'barrel'] })).greenDensityGPerL).toBeNull();
    expect(parseAlog(minimal({ density: [0.71, 'g', 1, 'ml'] })).greenDensityGPerL).toBe(710);
    expect(parseAlog(minimal({ density: '710 g/l', moisture_greens: 'wet' }))).toMatchObject({
      greenMoisturePct: null,
      greenDensityGPerL: null,
    });
    expect(parseAlog(minimal({ weight: [10, 8, 'constructor'] })).weights).toBeNull();
  });
});

/** A three-reading profile (°C) with some fields replaced; undefined removes a field. */
function minimal(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    mode: 'C',
    timex: [0, 2, 4],
    temp1: [200, 190, 185],
    temp2: [195, 180, 182],
    timeindex: [0, 0, 0, 0, 0, 0, 2, 0],
    ...overrides,
  });
}

describe('parseAlog refuses', () => {
  it.each([
    ['a list', '[1, 2, 3]', 'an .alog file holds one dictionary'],
    ['a number', '42', 'an .alog file holds one dictionary'],
    ['text', 'Roast of 3 May\nBT 200', "Unknown name 'Roast' at line 1, column 1"],
    ['a broken dictionary', "{'mode': 'C',\n 'timex': [0, 2,, 4]}", "Unexpected character ','"],
    ['a missing timex', minimal({ timex: undefined }), "The profile's timex is missing."],
    ['a missing temp1', minimal({ temp1: undefined }), "The profile's temp1 is missing."],
    ['a missing temp2', minimal({ temp2: undefined }), "The profile's temp2 is missing."],
    ['an empty timex', minimal({ timex: [], temp1: [], temp2: [] }), 'timex is empty'],
    [
      'temp1 of another length',
      minimal({ temp1: [200, 190] }),
      "The profile's temp1 (ET) has 2 readings for 3 times in timex",
    ],
    [
      'temp2 of another length',
      minimal({ temp2: [195, 180, 182, 181] }),
      "The profile's temp2 (BT) has 4 readings for 3 times in timex",
    ],
    [
      'a timeindex of 7',
      minimal({ timeindex: [0, 0, 0, 0, 0, 0, 2] }),
      "The profile's timeindex must hold 8 indices",
    ],
    ['a missing timeindex', minimal({ timeindex: undefined }), 'timeindex is missing'],
    [
      'a fractional index',
      minimal({ timeindex: [0, 1.5, 0, 0, 0, 0, 2, 0] }),
      "The profile's timeindex[1] must be a whole number.",
    ],
    [
      'an index in words',
      minimal({ timeindex: [0, 0, 0, 0, 0, 0, '2', 0] }),
      "The profile's timeindex[6] must be a whole number.",
    ],
    [
      'an index past the end',
      minimal({ timeindex: [0, 0, 0, 0, 0, 0, 3, 0] }),
      "The profile's timeindex[6] (DROP) is 3: it must be 0 (not set) or an index into timex (0 to 2).",
    ],
    [
      'a CHARGE below -1',
      minimal({ timeindex: [-2, 0, 0, 0, 0, 0, 2, 0] }),
      "The profile's timeindex[0] (CHARGE) is -2: it must be -1 (not set)",
    ],
    [
      'a negative event index',
      minimal({ timeindex: [0, -1, 0, 0, 0, 0, 2, 0] }),
      'timeindex[1] (DRY END) is -1',
    ],
    ['a mode K', minimal({ mode: 'K' }), "The profile's mode must be 'C' or 'F'."],
    ['a missing mode', minimal({ mode: undefined }), "The profile's mode is missing."],
    [
      'a temperature in words',
      minimal({ temp2: [195, 'hot', 182] }),
      "The profile's temp2[1] must be a number (Artisan marks a missing reading with -1).",
    ],
    ['a time in words', minimal({ timex: [0, '2', 4] }), 'timex[1] must be a number of seconds'],
  ])('%s', (_case, text, message) => {
    expect(() => parseAlog(text)).toThrow(AlogFormatError);
    expect(() => parseAlog(text)).toThrow(message);
  });

  it('with an error a 400 reply carries', () => {
    expect(() => parseAlog('[]')).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});

describe('writeAlog', () => {
  const batch: ArtisanProfile = {
    title: 'Batch 2026-0412',
    beans: 'Colombia Huila "Excelso"',
    roastDate: '2026-11-27T08:30:00.000Z',
    unit: 'F',
    points: [
      { t_s: -4, bt: 410, et: 430 },
      { t_s: 0, bt: 400.25, et: 425 },
      { t_s: 4.5, bt: 380, et: null },
      { t_s: 9, bt: 370.5, et: 415 },
      { t_s: 13, bt: null, et: 418 },
      { t_s: 17, bt: 375, et: 420 },
    ],
    events: {
      charge: { t_s: 0, bt: 400.25 },
      dryEnd: { t_s: 9, bt: 370.5 },
      fcStart: null,
      fcEnd: null,
      scStart: null,
      scEnd: null,
      drop: { t_s: 17, bt: 375 },
      cool: null,
    },
    weights: { green: 500, roasted: 430, unit: 'lb' },
    greenMoisturePct: 10.8,
    greenDensityGPerL: 710,
    roastedMoisturePct: 2.1,
  };

  it.each(['json', 'python'] as const)(
    'writes the %s form that reads back to the same curve and events',
    (form) => {
      const text = throughFile(`batch.${form}.alog`, writeAlog(batch, { form }));
      expect(parseAlog(text)).toEqual(batch);
    },
  );

  it.each(['json', 'python'] as const)('round-trips an imported profile in the %s form', (form) => {
    // The green lots' moisture and density as the fixtures give them, in g/L.
    const sources = [
      { source: pythonFixture(), moisture: 10.8, density: 710 },
      { source: jsonFixture(), moisture: 11.4, density: 695.5 },
    ];
    for (const { source, moisture, density } of sources) {
      const imported = parseAlog(source, { unit: 'F' });
      const again = parseAlog(throughFile(`again.${form}.alog`, writeAlog(imported, { form })));
      expectSameCurve(again, imported);
      expect(again).toMatchObject({
        title: imported.title,
        beans: imported.beans,
        roastDate: imported.roastDate,
        weights: imported.weights,
        greenMoisturePct: moisture,
        greenDensityGPerL: density,
      });
    }
  });

  it.each(['json', 'python'] as const)(
    'writes, in the %s form, the keys Artisan reads, in syntax its literal_eval takes',
    (form) => {
      const text = writeAlog(batch, { form });
      expect(text).not.toMatch(/\b(?:true|false|null|NaN|Infinity)\b/);
      const dictionary = parsePythonLiteral(text);
      expect(dictionary).toMatchObject({
        version: expect.any(String),
        mode: 'F',
        timeindex: [1, 3, 0, 0, 0, 0, 5, 0],
        title: 'Batch 2026-0412',
        beans: 'Colombia Huila "Excelso"',
        weight: [500, 430, 'lb'],
        density: [710, 'g', 1, 'l'],
        moisture_greens: 10.8,
        moisture_roasted: 2.1,
        roastdate: 'Fri Nov 27 2026',
        roastisodate: '2026-11-27',
        roasttime: '08:30:00',
        roastepoch: Date.UTC(2026, 10, 27, 8, 30) / 1000,
        roasttzoffset: 0,
        timex: [0, 4, 8.5, 13, 17, 21],
        temp1: [430, 425, -1, 415, 418, 420],
        temp2: [410, 400.25, 380, 370.5, -1, 375],
      });
    },
  );

  it('writes Artisan’s spelling of kilograms and an unweighed batch as zeros', () => {
    const kilograms = parsePythonLiteral(
      writeAlog({ ...batch, weights: { green: 12, roasted: 10, unit: 'kg' } }, { form: 'python' }),
    );
    expect(kilograms).toMatchObject({ weight: [12, 10, 'Kg'] });
    const unweighed = parsePythonLiteral(writeAlog({ ...batch, weights: null }, { form: 'json' }));
    expect(unweighed).toMatchObject({ weight: [0, 0, 'lb'] });
  });

  it('writes a lot without moisture and density as Artisan’s zeros, read back as none', () => {
    const unknown = {
      ...batch,
      greenMoisturePct: null,
      greenDensityGPerL: null,
      roastedMoisturePct: null,
    };
    const text = writeAlog(unknown, { form: 'python' });
    expect(parsePythonLiteral(text)).toMatchObject({
      density: [0, 'g', 1, 'l'],
      moisture_greens: 0,
      moisture_roasted: 0,
    });
    expect(parseAlog(text)).toEqual(unknown);
  });

  it('writes a calendar date without a time, and a batch without CHARGE', () => {
    const record: ArtisanProfile = {
      ...batch,
      roastDate: '2026-11-27',
      points: batch.points.slice(1).map((point) => ({ ...point, t_s: point.t_s + 10 })),
      events: { ...batch.events, charge: null, dryEnd: { t_s: 19, bt: 370.5 }, drop: null },
    };
    const text = writeAlog(record, { form: 'python' });
    expect(parsePythonLiteral(text)).not.toHaveProperty('roastepoch');
    expect(parseAlog(text)).toEqual(record);
  });

  it('refuses a batch without readings', () => {
    expect(() => writeAlog({ ...batch, points: [] }, { form: 'json' })).toThrow(
      'The batch has no readings to export.',
    );
  });
});
