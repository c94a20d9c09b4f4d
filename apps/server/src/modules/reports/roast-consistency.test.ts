import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, orderNumber, reportMessages, type RoastConsistencyReport } from '@roastery/contract';
import { devices } from '@roastery/db';
import { buildTestApp, seedDemoPlant, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { newBean, newOrder, newProduct } from '../../../test/order-fixtures.ts';
import {
  newRoastRecord,
  newRoastingBatch,
  type TestRoast,
} from '../../../test/roast-record-fixtures.ts';
import { spread } from './roast-consistency.ts';

/*
 * One day of roasts, every figure worked out by hand (temperatures and colours that a 4-byte
 * real holds exactly):
 * - Order A, Consistency Single on R1, three batches: drop 401.5 / 404 / 398.5 °F, first crack
 *   540 / 555 / 525 s of 720 / 750 / 690 s (development 25 / 26 / 23.913 %), 200 lbs in and
 *   170 / 169 / 171 out (loss 15 / 15.5 / 14.5 %), colour 58 / 56.5 / 60.
 * - Order B, Consistency Single on R2, one batch: drop 410 °F, crack 600 of 800 s (25 %), 100 in
 *   and 84 out (16 %), colour 50.
 * - Order C, Another Roast on R1, one batch: drop 420 °F, crack 480 of 640 s (25 %), nothing
 *   weighed, no colour.
 * - Two roasts on R1 that no order ran: drop 380 °F after 600 s with no crack heard, nothing
 *   weighed; drop 395 °F, crack 500 of 660 s (24.242 %), 150 in and 126 out (16 %), colour 61.
 * - Outside the day: a roast charged the minute before it, and one charged as it ends.
 */
let t: TestApp;
let supervisor: ApiCaller;
const DAY = 'from=2026-03-10T00:00:00Z&to=2026-03-11T00:00:00Z';
const at = (time: string) => new Date(`2026-03-10T${time}:00Z`);
const names = { R1: '', R2: '' };
const ids = { single: 0, another: 0, orderA: 0, orderB: 0, orderC: 0, alone1: 0, alone2: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  await seedDemoPlant(db, t.services.plant);
  supervisor = t.as(Role.Supervisor);
  for (const code of ['R1', 'R2'] as const) {
    const [row] = await db
      .select({ name: devices.name })
      .from(devices)
      .where(eq(devices.deviceId, code));
    names[code] = row?.name ?? '';
  }
  const bean = await newBean(supervisor, 'Consistency Bean');
  const recipe = [{ bean_id: bean, ratio: 100 }];
  ids.single = await newProduct(supervisor, 'Consistency Single', recipe, 200);
  ids.another = await newProduct(supervisor, 'Another Roast', recipe, 100);
  const order = (productId: number, roaster: string) =>
    newOrder(db, { kind: 'roasting', productId, lbs: 600, roaster, destination: 'WRB1' });
  ids.orderA = await order(ids.single, 'R1');
  ids.orderB = await order(ids.single, 'R2');
  ids.orderC = await order(ids.another, 'R1');
  const roast = async (fields: TestRoast, batch?: [orderId: number, seq: number]) => {
    if (!batch) return newRoastRecord(db, fields);
    const batchId = await newRoastingBatch(db, batch[0], batch[1]);
    return newRoastRecord(db, { ...fields, batchId });
  };
  const r1 = (time: string, roastS: number, dropF: number) => ({
    roaster: 'R1',
    chargedAt: at(time),
    roastS,
    dropF,
  });
  // Charged out of order: the report lists each group's roasts by their charge.
  await roast(
    { ...r1('09:00', 750, 404), firstCrackS: 555, greenLbs: 200, roastedLbs: 169, colour: 56.5 },
    [ids.orderA, 2],
  );
  await roast(
    { ...r1('08:00', 720, 401.5), firstCrackS: 540, greenLbs: 200, roastedLbs: 170, colour: 58 },
    [ids.orderA, 1],
  );
  await roast(
    { ...r1('10:00', 690, 398.5), firstCrackS: 525, greenLbs: 200, roastedLbs: 171, colour: 60 },
    [ids.orderA, 3],
  );
  await roast(
    {
      roaster: 'R2',
      chargedAt: at('08:30'),
      roastS: 800,
      dropF: 410,
      firstCrackS: 600,
      greenLbs: 100,
      roastedLbs: 84,
      colour: 50,
    },
    [ids.orderB, 1],
  );
  await roast({ ...r1('11:00', 640, 420), firstCrackS: 480 }, [ids.orderC, 1]);
  ids.alone1 = await roast(r1('12:00', 600, 380));
  ids.alone2 = await roast({
    ...r1('13:00', 660, 395),
    firstCrackS: 500,
    greenLbs: 150,
    roastedLbs: 126,
    colour: 61,
  });
  await roast({ ...r1('08:00', 700, 450), chargedAt: new Date('2026-03-09T23:59:00Z') });
  await roast({ ...r1('08:00', 700, 450), chargedAt: new Date('2026-03-11T00:00:00Z') });
});
afterAll(() => t.close());

const get = async (query: string) => {
  const res = await supervisor<RoastConsistencyReport>(
    'GET',
    `/api/report/roast_consistency?${query}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('spread', () => {
  it('is nothing without values, has no deviation with one, and a sample deviation with more', () => {
    expect(spread([])).toEqual({ n: 0, mean: null, sd: null, min: null, max: null });
    expect(spread([401.5])).toEqual({ n: 1, mean: 401.5, sd: null, min: 401.5, max: 401.5 });
    expect(spread([540, 555, 525])).toEqual({ n: 3, mean: 540, sd: 15, min: 525, max: 555 });
  });
});

describe('the roast consistency report', () => {
  it('groups the roasts charged in the period per product and roaster, none-product last', async () => {
    const report = await get(DAY);
    expect(report.period).toEqual({
      from: '2026-03-10T00:00:00.000Z',
      to: '2026-03-11T00:00:00.000Z',
      tz: 'UTC',
    });
    // Products by name, then roasters by name; the roasts no order ran under their roaster.
    const expected = [
      ['Another Roast', names.R1, 'R1', 1],
      ...[
        ['Consistency Single', names.R1, 'R1', 3],
        ['Consistency Single', names.R2, 'R2', 1],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]), 'en')),
      [null, names.R1, 'R1', 2],
    ];
    expect(
      report.groups.map((g) => [g.product_name, g.roaster, g.roaster_code, g.batches]),
    ).toEqual(expected);
    expect(report.groups.map((g) => g.product_id)).toEqual(
      expected.map(([product]) =>
        product === null ? null : product === 'Another Roast' ? ids.another : ids.single,
      ),
    );
  });

  it("gives each figure's mean, sample deviation, lowest and highest", async () => {
    const report = await get(DAY);
    const group = report.groups.find(
      (g) => g.product_name === 'Consistency Single' && g.roaster_code === 'R1',
    );
    expect(group).toMatchObject({
      batches: 3,
      // Mean 401.333; deviation: squares 0.0278 + 7.1111 + 8.0278 = 15.1667, over 2, root 2.754.
      drop_f: { n: 3, mean: 401.33, sd: 2.75, min: 398.5, max: 404 },
      first_crack_s: { n: 3, mean: 540, sd: 15, min: 525, max: 555 },
      // 25, 26 and 23.913: mean 24.971, deviation 1.044.
      development_pct: { n: 3, mean: 24.97, sd: 1.04, min: 23.91, max: 26 },
      loss_pct: { n: 3, mean: 15, sd: 0.5, min: 14.5, max: 15.5 },
      // 58, 56.5 and 60: mean 58.167, deviation 1.756.
      colour: { n: 3, mean: 58.17, sd: 1.76, min: 56.5, max: 60 },
    });
    const A = orderNumber(ids.orderA);
    expect(
      group?.roasts.map((r) => [
        r.label,
        r.batch_seq,
        r.order_id,
        r.charged_at,
        r.drop_f,
        r.first_crack_s,
        r.development_pct,
        r.loss_pct,
        r.colour,
      ]),
    ).toEqual([
      [`${A} · batch 1`, 1, ids.orderA, '2026-03-10T08:00:00.000Z', 401.5, 540, 25, 15, 58],
      [`${A} · batch 2`, 2, ids.orderA, '2026-03-10T09:00:00.000Z', 404, 555, 26, 15.5, 56.5],
      [`${A} · batch 3`, 3, ids.orderA, '2026-03-10T10:00:00.000Z', 398.5, 525, 23.91, 14.5, 60],
    ]);
    expect(group?.roasts.every((r) => r.batch_id !== null)).toBe(true);

    // One roast: its figures, and no deviation to speak of.
    expect(
      report.groups.find((g) => g.roaster_code === 'R2' && g.product_id === ids.single),
    ).toMatchObject({
      batches: 1,
      drop_f: { n: 1, mean: 410, sd: null, min: 410, max: 410 },
      development_pct: { n: 1, mean: 25, sd: null },
      loss_pct: { n: 1, mean: 16, sd: null },
      colour: { n: 1, mean: 50, sd: null },
    });
    // Nothing weighed and no colour read: those figures have nothing to compute from.
    expect(report.groups.find((g) => g.product_name === 'Another Roast')).toMatchObject({
      drop_f: { n: 1, mean: 420 },
      loss_pct: { n: 0, mean: null, sd: null, min: null, max: null },
      colour: { n: 0, mean: null, sd: null, min: null, max: null },
    });
  });

  it('counts the roasts no order ran under their roaster, each figure over the roasts that have it', async () => {
    const report = await get(DAY);
    const alone = report.groups.at(-1);
    expect(alone).toMatchObject({
      product_id: null,
      product_name: null,
      roaster_code: 'R1',
      batches: 2,
      drop_f: { n: 2, mean: 387.5, sd: 10.61, min: 380, max: 395 },
      // No crack heard in the first: no first crack, and no development rather than 0 %.
      first_crack_s: { n: 1, mean: 500, sd: null, min: 500, max: 500 },
      development_pct: { n: 1, mean: 24.24, sd: null, min: 24.24, max: 24.24 },
      loss_pct: { n: 1, mean: 16, sd: null, min: 16, max: 16 },
      colour: { n: 1, mean: 61, sd: null, min: 61, max: 61 },
    });
    expect(alone?.roasts).toEqual([
      {
        record_id: ids.alone1,
        batch_id: null,
        order_id: null,
        batch_seq: null,
        label: `Roast #${ids.alone1}`,
        charged_at: '2026-03-10T12:00:00.000Z',
        drop_f: 380,
        first_crack_s: null,
        development_pct: null,
        loss_pct: null,
        colour: null,
      },
      {
        record_id: ids.alone2,
        batch_id: null,
        order_id: null,
        batch_seq: null,
        label: `Roast #${ids.alone2}`,
        charged_at: '2026-03-10T13:00:00.000Z',
        drop_f: 395,
        first_crack_s: 500,
        development_pct: 24.24,
        loss_pct: 16,
        colour: 61,
      },
    ]);
  });

  it('is empty for a period with no roasts, and takes the days back from now', async () => {
    expect((await get('from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00Z')).groups).toEqual([]);
    const recent = await get('q=30');
    expect(Date.parse(recent.period.to) - Date.parse(recent.period.from)).toBe(30 * 86_400_000);
  });

  it.each([
    ['from=2026-03-11T00:00:00Z&to=2026-03-10T00:00:00Z', reportMessages.period],
    ['from=2000-01-01T00:00:00Z&to=2026-03-10T00:00:00Z', reportMessages.periodTooLong],
    ['tz=Mars%2FOlympus', reportMessages.timeZone],
  ])('%s: 400', async (query, message) => {
    const res = await supervisor('GET', `/api/report/roast_consistency?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it.each(['q=0', 'from=yesterday', 'where=1'])('%s: 400', async (query) => {
    expect((await supervisor('GET', `/api/report/roast_consistency?${query}`)).status).toBe(400);
  });

  it('is read by administrators and supervisors, not by operators or without signing in', async () => {
    const url = `/api/report/roast_consistency?${DAY}`;
    expect((await t.as(Role.Administrator)('GET', url)).status).toBe(200);
    expect((await t.as(Role.Operator)('GET', url)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
