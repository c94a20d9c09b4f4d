import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoInput, Role, type RoastProfileDetail, type Setting } from '@roastery/contract';
import { buildTestApp, seedDemoPlant, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { newBean, newProduct, testRoastProfileBody } from '../../../test/order-fixtures.ts';
import { newRoastRecord } from '../../../test/roast-record-fixtures.ts';
import { QUALITY_CODE } from '../historian/historian-ingest.ts';
import { HistorianRepository } from '../historian/historian-repository.ts';
import { samplePartition } from '../historian/partitions.ts';
import { parseAlog } from '../roast-profiles/artisan-alog.ts';

/*
 * The plant's unit on what the server writes: with °C set, a record's and a profile's .alog are
 * in Artisan's °C mode and the historian's CSV gives a temperature tag in °C; the API stays °F.
 */
let t: TestApp;
let admin: ApiCaller;
let profile: RoastProfileDetail;
let recordId: number;
const HOUR = 3_600_000;
const base = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
const BT = `R1/input/${DemoInput.BeanTemperature}`;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
  admin = t.as(Role.Administrator);
  const supervisor = t.as(Role.Supervisor);
  const bean = await newBean(supervisor, 'Unit Bean');
  const product = await newProduct(supervisor, 'Unit Roast', [{ bean_id: bean, ratio: 100 }], 200);
  const created = await supervisor<RoastProfileDetail>(
    'POST',
    '/api/roast-profiles',
    testRoastProfileBody('Unit Profile', product),
  );
  profile = created.body;
  recordId = await newRoastRecord(t.database.db, {
    roaster: 'R1',
    chargedAt: new Date(base),
    roastS: 600,
    dropF: 410,
    firstCrackS: 480,
  });
  const repo = new HistorianRepository(t.database.db);
  const [bt] = await repo.ensureTags([
    { device_id: 'R1', kind: 'input', command_id: DemoInput.BeanTemperature },
  ]);
  if (!bt) throw new Error('tag not stored');
  await repo.createPartition(samplePartition(base));
  await repo.insertSamples([
    { tagId: bt.id, sampledAt: new Date(base + 60_000), value: 412.3, quality: QUALITY_CODE.good },
  ]);
});
afterAll(() => t.close());

const setUnit = (value: string) =>
  admin<Setting>('POST', '/api/admin/settings', { ref_id: 'r-temperature-unit', value });

async function download(url: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${await t.tokenFor(Role.Operator)}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const historianCsv = () =>
  download(
    `/api/historian/series.csv?tags=${encodeURIComponent(BT)}&from=${new Date(base).toISOString()}&to=${new Date(base + HOUR).toISOString()}`,
  );

describe('the temperature unit setting', () => {
  it('is °F until an administrator sets °C, and takes nothing else', async () => {
    const { body } = await admin<Setting>('GET', '/api/admin/settings/r/r-temperature-unit');
    expect(body).toMatchObject({
      label: 'Temperature unit',
      family: 'other',
      value: 'F',
      options: [
        { value: 'F', text: '°F (Fahrenheit)' },
        { value: 'C', text: '°C (Celsius)' },
      ],
    });
    const refused = await setUnit('K');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message: "'K' is not a value of Temperature unit: use F or C.",
    });
    const operator = t.as(Role.Operator);
    expect(
      (await operator('POST', '/api/admin/settings', { ref_id: 'r-temperature-unit', value: 'C' }))
        .status,
    ).toBe(403);
  });

  it('writes the exports in °F by default', async () => {
    expect((await historianCsv()).body.split('\r\n')[1]).toMatch(/,412\.3,°F$/);
    const file = parseAlog((await download(`/api/roast-records/${recordId}/alog`)).body);
    expect(file.unit).toBe('F');
    expect(file.points[0]?.bt).toBe(420);
  });

  it('writes the exports in °C once set, and keeps the API in °F', async () => {
    expect((await setUnit('C')).body.value).toBe('C');

    const csv = (await historianCsv()).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('time,device,tag,value,unit');
    // 412.3 °F is 211.2777… °C, to the hundredth.
    expect(csv[1]).toBe(`${new Date(base + 60_000).toISOString()},R1,Bean Temperature,211.28,°C`);

    const record = await download(`/api/roast-records/${recordId}/alog?form=python`);
    expect(record.body).toContain("'mode': 'C'");
    const recorded = parseAlog(record.body);
    expect(recorded.unit).toBe('C');
    expect(recorded.points[0]).toEqual({ t_s: 0, bt: 215.56, et: 232.22 });
    expect(recorded.events.drop?.bt).toBe(210);
    // Read back, as an import reads any .alog, the file gives the same °F.
    expect(parseAlog(record.body, { unit: 'F' }).points[0]?.bt).toBeCloseTo(420, 1);

    const version = await download(
      `/api/roast-profiles/${profile.id}/versions/${profile.current.version}/alog`,
    );
    expect(JSON.parse(version.body)).toMatchObject({ mode: 'C' });
    const curve = parseAlog(version.body);
    expect(curve.points.map((p) => p.bt)).toEqual([215.56, 115.56, 148.89, 221.11]);
    expect(curve.events.charge?.bt).toBe(215.56);

    const api = await t.as(Role.Operator)<RoastProfileDetail>(
      'GET',
      `/api/roast-profiles/${profile.id}`,
    );
    expect(api.body.current.settings.charge_temperature_f).toBe(420);
  });

  it('goes back to °F', async () => {
    expect((await setUnit('F')).body.value).toBe('F');
    expect(parseAlog((await download(`/api/roast-records/${recordId}/alog`)).body).unit).toBe('F');
  });
});
