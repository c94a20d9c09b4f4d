import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  roastProfileMessages,
  type AlogPreview,
  type CreateRoastProfileBody,
  type RoastProfile,
  type RoastProfileDetail,
  type RoastProfileVersion,
} from '@roastery/contract';
import { buildTestApp, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { seedDemoPlant } from '../../demo/seed-demo-plant.ts';
import { seedDemoStock } from '../inventory/seed-demo-stock.ts';
import { DEMO_PROFILE_AUTHOR, seedDemoRoastProfiles } from './seed-demo-roast-profiles.ts';

let t: TestApp;
let supervisor: ApiCaller;
let admin: ApiCaller;
const productIds = new Map<string, number>();

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
  await seedDemoStock(t.services);
  supervisor = t.as(Role.Supervisor);
  admin = t.as(Role.Administrator);
  for (const p of await t.services.products.list()) productIds.set(p.product_name, p.product_id);
});
afterAll(() => t.close());

const productId = (name: string): number => {
  const id = productIds.get(name);
  if (id === undefined) throw new Error(`no product ${name}`);
  return id;
};

/**
 * An Artisan recording as the tests write it: a reading every 2 s, CHARGE 20 s in, BT falling
 * in a straight line from 400 °F to the turning point (200 °F at 1:30), then rising in one to
 * 420 °F at the DROP (11:30), and cooling readings after it. Straight lines between readings
 * make the 5 s resampling exact. One BT and one ET reading are missing (-1).
 */
const CHARGE_AT_S = 20;
const btAt = (t_s: number) => (t_s <= 90 ? 400 - (200 / 90) * t_s : 200 + (220 / 600) * (t_s - 90));
const expectedBt = (t_s: number) => Math.round(btAt(t_s) * 10) / 10;
const indexAt = (t_s: number) => (t_s + CHARGE_AT_S) / 2;

function alogText(options: { unit: 'F' | 'C'; form: 'json' | 'python' }): string {
  const timex: number[] = [];
  const bt: number[] = [];
  const et: number[] = [];
  const unit = (f: number) => (options.unit === 'F' ? f : ((f - 32) * 5) / 9);
  for (let time = 0; time <= CHARGE_AT_S + 760; time += 2) {
    const t_s = time - CHARGE_AT_S;
    const f = t_s < 0 ? 415 : t_s <= 690 ? btAt(t_s) : 420 - (t_s - 690);
    timex.push(time);
    bt.push(t_s === 102 ? -1 : unit(f));
    et.push(t_s === 300 ? -1 : unit(f + 50));
  }
  const dictionary = {
    version: '2.8.4',
    mode: options.unit,
    title: 'House Blend test roast',
    beans: 'Colombia 60 % / Brazil 40 %',
    roastisodate: '2026-11-20',
    weight: [22.68, 19.5, 'Kg'],
    timex,
    temp1: et,
    temp2: bt,
    timeindex: [indexAt(0), indexAt(380), indexAt(600), 0, 0, 0, indexAt(690), 0],
  };
  const json = JSON.stringify(dictionary);
  if (options.form === 'json') return json;
  // Artisan's own form: Python's repr(), single quotes, a tuple and a True.
  return json
    .replaceAll('"', "'")
    .replace("'weight':[22.68,19.5,'Kg']", "'weight': (22.68, 19.5, 'Kg')")
    .replace(/}$/, ", 'heavyFC': True, 'extraname1': [None]}");
}

const expectedReference = (): { t_s: number; bt_f: number }[] => {
  const points = [];
  for (let t_s = 0; t_s <= 690; t_s += 5) points.push({ t_s, bt_f: expectedBt(t_s) });
  return points;
};

const settings = (fields: Record<string, unknown> = {}): CreateRoastProfileBody['settings'] => ({
  charge_temperature_f: 400,
  batch_min_lbs: 200,
  batch_max_lbs: 500,
  reference: [
    { t_s: 0, bt_f: 400 },
    { t_s: 90, bt_f: 200 },
    { t_s: 690, bt_f: 420 },
  ],
  power: [
    { t_s: 0, burner_pct: 75, airflow_pct: 50 },
    { t_s: 300, burner_pct: 65, airflow_pct: 60 },
  ],
  end: { kind: 'drop_temperature', value: 420 },
  dry_end_f: 300,
  notes: '',
  ...fields,
});

let created = 0;
/** A new profile on a product nothing else in this file profiles on that roaster. */
async function createProfile(
  product: string,
  roaster = 'R1',
  fields: Record<string, unknown> = {},
): Promise<RoastProfileDetail> {
  created += 1;
  const res = await supervisor<RoastProfileDetail>('POST', '/api/roast-profiles', {
    name: `${product} profile ${created}`,
    product_id: productId(product),
    roaster,
    settings: settings(),
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** The raw reply of a download, as a browser gets it. */
async function download(url: string) {
  const token = await t.tokenFor(Role.Operator);
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

describe('roast profiles', () => {
  it('creates version 1, empty reason, made by the signed-in username', async () => {
    const profile = await createProfile('Colombia Supremo', 'R1', { source_file: 'roast.alog' });
    expect(profile).toMatchObject({
      product_name: 'Colombia Supremo',
      roaster: 'R1',
      roaster_name: 'Roaster 1',
      current: {
        version: 1,
        created_by: 'sam.supervisor',
        reason: '',
        source: { kind: 'alog', file_name: 'roast.alog' },
        settings: { ...settings(), end: { kind: 'drop_temperature', value: 420 } },
      },
    });
    expect(profile.versions.map((v) => v.version)).toEqual([1]);
    const { body: listed } = await t.as(Role.Operator)<RoastProfile[]>(
      'GET',
      '/api/roast-profiles',
    );
    expect(listed.find((p) => p.id === profile.id)?.current.version).toBe(1);
  });

  it('revises into version 2 with who and why; version 1 stays as it was', async () => {
    const profile = await createProfile('Espresso Blend');
    const v1 = await admin<RoastProfileVersion>(
      'GET',
      `/api/roast-profiles/${profile.id}/versions/1`,
    );
    const revised = await admin<RoastProfileDetail>('PUT', `/api/roast-profiles/${profile.id}`, {
      settings: settings({ charge_temperature_f: 410, notes: 'Hotter charge' }),
      reason: 'Faster turning point',
    });
    expect(revised.status).toBe(200);
    expect(revised.body.current).toMatchObject({
      version: 2,
      created_by: 'admin',
      reason: 'Faster turning point',
      source: { kind: 'manual', file_name: null },
      settings: { charge_temperature_f: 410, notes: 'Hotter charge' },
    });
    expect(revised.body.versions.map((v) => [v.version, v.reason])).toEqual([
      [2, 'Faster turning point'],
      [1, ''],
    ]);
    const again = await admin<RoastProfileVersion>(
      'GET',
      `/api/roast-profiles/${profile.id}/versions/1`,
    );
    expect(again.body).toEqual(v1.body);
    const missingReason = await admin('PUT', `/api/roast-profiles/${profile.id}`, {
      settings: settings(),
      reason: ' ',
    });
    expect(missingReason.status).toBe(400);
    expect(missingReason.body.message).toContain(roastProfileMessages.reason);
  });

  it('keeps one profile per product and roaster', async () => {
    await createProfile('House Blend', 'R1');
    const twin = await supervisor('POST', '/api/roast-profiles', {
      name: 'Another',
      product_id: productId('House Blend'),
      roaster: 'r1',
      settings: settings(),
    });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe('House Blend already has a roast profile on Roaster 1.');
    const onR2 = await createProfile('House Blend', 'R2', {
      settings: settings({ batch_max_lbs: 250 }),
    });
    expect(onR2.roaster).toBe('R2');
  });

  it('lets an operator read but not write', async () => {
    const operator = t.as(Role.Operator);
    expect((await operator('GET', '/api/roast-profiles')).status).toBe(200);
    expect((await operator('GET', '/api/roast-profiles/form')).status).toBe(200);
    const body = {
      name: 'Operator’s',
      product_id: productId('Decaf Colombia'),
      roaster: 'R1',
      settings: settings(),
    };
    expect((await operator('POST', '/api/roast-profiles', body)).status).toBe(403);
    expect(
      (await operator('PUT', '/api/roast-profiles/1', { settings: settings(), reason: 'x' }))
        .status,
    ).toBe(403);
    expect(
      (await operator('POST', '/api/roast-profiles/alog/preview', { text: '{}' })).status,
    ).toBe(403);
  });

  it('offers the products and the roasters with their batch capacity', async () => {
    const { body: form } = await supervisor<{
      products: { product_id: number; product_name: string }[];
      roasters: { code: string; name: string; capacity_lbs: number | null }[];
    }>('GET', '/api/roast-profiles/form');
    expect(form.products.map((p) => p.product_name)).toEqual([
      'Colombia Supremo',
      'Decaf Colombia',
      'Espresso Blend',
      'Ethiopia Yirgacheffe',
      'House Blend',
    ]);
    expect(form.roasters).toEqual([
      { code: 'R1', name: 'Roaster 1', capacity_lbs: 500 },
      { code: 'R2', name: 'Roaster 2', capacity_lbs: 250 },
    ]);
  });

  it('answers 404 for a profile or a version it lacks', async () => {
    const missing = await supervisor('GET', '/api/roast-profiles/99999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Roast profile 99999 does not exist.');
    expect((await supervisor('GET', '/api/roast-profiles/99999/versions/1')).status).toBe(404);
    const profile = await createProfile('Decaf Colombia');
    expect((await supervisor('GET', `/api/roast-profiles/${profile.id}/versions/2`)).status).toBe(
      404,
    );
    expect((await download(`/api/roast-profiles/${profile.id}/versions/9/alog`)).statusCode).toBe(
      404,
    );
    const revise = await supervisor('PUT', '/api/roast-profiles/99999', {
      settings: settings(),
      reason: 'Because',
    });
    expect(revise.status).toBe(404);
  });

  it("refuses settings against the contract's rules with its messages", async () => {
    const attempt = (fields: Record<string, unknown>) =>
      supervisor('POST', '/api/roast-profiles', {
        name: 'Refused',
        product_id: productId('Ethiopia Yirgacheffe'),
        roaster: 'R1',
        settings: settings(fields),
      });
    const unrising = await attempt({
      reference: [
        { t_s: 0, bt_f: 400 },
        { t_s: 60, bt_f: 300 },
        { t_s: 60, bt_f: 310 },
      ],
    });
    expect(unrising.status).toBe(400);
    expect(unrising.body.message).toContain(roastProfileMessages.referenceOrder);
    const range = await attempt({ batch_min_lbs: 400, batch_max_lbs: 300 });
    expect(range.status).toBe(400);
    expect(range.body.message).toContain(roastProfileMessages.batchRange);
    const onePoint = await attempt({ reference: [{ t_s: 0, bt_f: 400 }] });
    expect(onePoint.body.message).toContain(roastProfileMessages.reference);
    // An end's value is checked against its own kind's range, whole seconds for times.
    const cold = await attempt({ end: { kind: 'drop_temperature', value: 300 } });
    expect(cold.status).toBe(400);
    expect(cold.body.message).toContain(
      `settings.end.value: ${roastProfileMessages.dropTemperature}`,
    );
    const fraction = await attempt({ end: { kind: 'time_after_first_crack', value: 90.5 } });
    expect(fraction.body.message).toContain(roastProfileMessages.afterCrack);
    const unknown = await attempt({ end: { kind: 'colour', value: 55 } });
    expect(unknown.body.message).toContain(`settings.end.kind: ${roastProfileMessages.endKind}`);
  });

  it('refuses a roaster the plant lacks, a device that is no roaster, and more than a roaster takes', async () => {
    const body = (roaster: string, fields: Record<string, unknown> = {}) => ({
      name: 'Refused',
      product_id: productId('Ethiopia Yirgacheffe'),
      roaster,
      settings: settings(fields),
    });
    const unknown = await supervisor('POST', '/api/roast-profiles', body('R9'));
    expect([unknown.status, unknown.body.message]).toEqual([422, 'There is no device R9.']);
    const silo = await supervisor('POST', '/api/roast-profiles', body('GS1'));
    expect(silo.status).toBe(422);
    expect(silo.body.message).toMatch(/is not a roaster\.$/);
    const tooBig = await supervisor('POST', '/api/roast-profiles', body('R2'));
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.message).toContain('at most 250 lbs');
    const noProduct = await supervisor('POST', '/api/roast-profiles', {
      ...body('R1'),
      product_id: 99_999,
    });
    expect(noProduct.status).toBe(422);
  });
});

describe('Artisan files', () => {
  const preview = (text: string) =>
    supervisor<AlogPreview>('POST', '/api/roast-profiles/alog/preview', {
      file_name: 'test.alog',
      text,
    });

  it.each([
    ['JSON', 'F', 'json'],
    ['Python literal', 'F', 'python'],
    ['JSON', 'C', 'json'],
    ['Python literal', 'C', 'python'],
  ] as const)('reads a %s file in °%s as a curve in °F from charge', async (_, unit, form) => {
    const { status, body } = await preview(alogText({ unit, form }));
    expect(status).toBe(200);
    expect(body.unit).toBe(unit);
    expect(body.reference).toEqual(expectedReference());
    expect(body.et[0]).toEqual({ t_s: 0, et_f: 450 });
    expect(body.et.some((p) => p.t_s === 300)).toBe(true);
    expect(body.charge_temperature_f).toBe(400);
    expect(body.events).toEqual({
      charge: { t_s: 0, bt_f: 400 },
      dry_end: { t_s: 380, bt_f: expectedBt(380) },
      first_crack: { t_s: 600, bt_f: expectedBt(600) },
      drop: { t_s: 690, bt_f: 420 },
    });
    expect(body).toMatchObject({
      title: 'House Blend test roast',
      beans: 'Colombia 60 % / Brazil 40 %',
      roast_date: '2026-11-20',
      green_lbs: 50,
      roasted_lbs: 42.99,
    });
  });

  it("answers 400 with the parser's message for a file that is no profile", async () => {
    const refused = (text: string) =>
      supervisor<{ message: string }>('POST', '/api/roast-profiles/alog/preview', {
        file_name: 'test.alog',
        text,
      });
    const res = await refused("{'mode': 'F', 'timex': [0, 1]}");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The profile's /);
    const garbage = await refused('not a profile');
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toMatch(/^This is not an Artisan profile/);
  });

  it('exports a version that previews back to the same curve and events, in either form', async () => {
    const { body: read } = await preview(alogText({ unit: 'C', form: 'python' }));
    const profile = await createProfile('Ethiopia Yirgacheffe', 'R1', {
      name: 'Yirga / light: "A"',
      settings: settings({ reference: read.reference }),
      source_file: 'test.alog',
    });
    for (const form of ['json', 'python'] as const) {
      const res = await download(
        `/api/roast-profiles/${profile.id}/versions/1/alog${form === 'python' ? '?form=python' : ''}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['content-disposition']).toContain(
        'attachment; filename="Yirga _ light_ _A_ v1.alog"',
      );
      if (form === 'json') expect(() => JSON.parse(res.body) as unknown).not.toThrow();
      else expect(res.body.startsWith("{'version': ")).toBe(true);
      const { status, body } = await preview(res.body);
      expect(status).toBe(200);
      expect(body.title).toBe('Yirga / light: "A" v1');
      expect(body.beans).toBe('Ethiopia Yirgacheffe');
      expect(body.unit).toBe('F');
      expect(body.reference).toEqual(read.reference);
      expect(body.et).toEqual([]);
      expect(body.events).toEqual({
        charge: { t_s: 0, bt_f: 400 },
        dry_end: null,
        first_crack: null,
        drop: { t_s: 690, bt_f: 420 },
      });
    }
  });
});

describe('the demo seed', () => {
  it("gives each demo product a profile on Roaster 1, and Roaster 2's its own, with the simulator's curve", async () => {
    const seeded = await buildTestApp();
    try {
      await seedDemoPlant(seeded.database.db, seeded.services.plant);
      await seedDemoStock(seeded.services);
      await seedDemoRoastProfiles(seeded.database.db);
      const { body: profiles } = await seeded.as(Role.Operator)<RoastProfile[]>(
        'GET',
        '/api/roast-profiles',
      );
      expect(profiles.map((p) => [p.product_name, p.roaster])).toEqual([
        ['Colombia Supremo', 'R1'],
        ['Decaf Colombia', 'R1'],
        ['Espresso Blend', 'R1'],
        ['Ethiopia Yirgacheffe', 'R1'],
        ['Ethiopia Yirgacheffe', 'R2'],
        ['House Blend', 'R1'],
      ]);
      for (const { current } of profiles) {
        expect(current).toMatchObject({ version: 1, created_by: DEMO_PROFILE_AUTHOR, reason: '' });
        const { reference, power, end, charge_temperature_f } = current.settings;
        expect(charge_temperature_f).toBeGreaterThanOrEqual(400);
        expect(charge_temperature_f).toBeLessThanOrEqual(420);
        expect(power.map((p) => p.t_s)).toEqual([0, 240, 420, 540]);
        expect(end).toEqual({ kind: 'drop_temperature', value: 420 });
        // Every 10 s from charge, and the drop at the end at 420 °F or just above.
        expect(reference.slice(0, 3).map((p) => p.t_s)).toEqual([0, 10, 20]);
        const drop = reference.at(-1);
        expect(drop?.bt_f).toBeGreaterThanOrEqual(420);
        expect(drop?.bt_f).toBeLessThan(422);
        // First crack, at 385-400 °F, comes 8:30-10:00 in (the simulator's demo roast).
        const crack = /first crack at (\d+):(\d\d) and ([\d.]+) °F/.exec(current.settings.notes);
        const crackS = Number(crack?.[1]) * 60 + Number(crack?.[2]);
        expect(crackS).toBeGreaterThanOrEqual(510);
        expect(crackS).toBeLessThanOrEqual(600);
        expect(Number(crack?.[3])).toBeGreaterThanOrEqual(385);
        expect(Number(crack?.[3])).toBeLessThanOrEqual(400);
        const near = reference.filter((p) => Math.abs(p.t_s - crackS) <= 10);
        for (const p of near) expect(p.bt_f).toBeGreaterThan(380);
        expect(near.every((p) => p.bt_f < 405)).toBe(true);
      }
    } finally {
      await seeded.close();
    }
  });
});
