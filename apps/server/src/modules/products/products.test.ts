import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  greenLotMessages,
  productMessages,
  type Bean,
  type Product,
  type SiloContents,
} from '@roastery/contract';
import { buildTestApp, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { seedDemoPlant } from '../../demo/seed-demo-plant.ts';

let t: TestApp;
let supervisor: ApiCaller;
const beanIds: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
  supervisor = t.as(Role.Supervisor);
  for (const name of ['Colombia Supremo', 'Brazil Santos', 'Ethiopia Yirgacheffe']) {
    const res = await supervisor<Bean>('POST', '/api/bean', {
      bean: { bean_name: name, bins: '[]' },
    });
    beanIds[name] = res.body.id;
  }
});
afterAll(() => t.close());

describe('beans', () => {
  it('creates a bean with bins given as comma-separated device ids, and lists their names', async () => {
    const res = await supervisor<Bean>('POST', '/api/bean', {
      bean: {
        bean_name: 'Sumatra Mandheling',
        bean_id: 7,
        description: 'Wet-hulled',
        bins: 'GS1,GS2',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      bean_id: 7,
      bins: ['GS1', 'GS2'],
      bin_names: ['Green Silo 1', 'Green Silo 2'],
    });
    const updated = await supervisor<Bean>('PUT', `/api/bean/${res.body.id}`, {
      bean: { bean_name: 'Sumatra Mandheling', bins: ['GS3'], segregation: null },
    });
    expect(updated.body).toMatchObject({ bins: ['GS3'], bean_id: null });
  });

  it('refuses a missing name, an unknown bin and a duplicate name', async () => {
    const blank = await supervisor('POST', '/api/bean', { bean: { bean_name: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain(productMessages.beanName);
    const bin = await supervisor('POST', '/api/bean', {
      bean: { bean_name: 'Kenya AA', bins: 'GS1,NOPE' },
    });
    expect(bin.status).toBe(422);
    expect(bin.body.message).toBe('Unknown bins: NOPE.');
    const dup = await supervisor('POST', '/api/bean', { bean: { bean_name: 'brazil santos' } });
    expect(dup.status).toBe(409);
  });

  it("keeps a bean's typical moisture and density, and refuses them out of range", async () => {
    const res = await supervisor<Bean>('POST', '/api/bean', {
      bean: { bean_name: 'Kenya AB', typical_moisture_pct: 10.8, typical_density_g_per_l: 735 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ typical_moisture_pct: 10.8, typical_density_g_per_l: 735 });
    const wet = await supervisor('PUT', `/api/bean/${res.body.id}`, {
      bean: { bean_name: 'Kenya AB', typical_moisture_pct: 17 },
    });
    expect(wet.status).toBe(400);
    expect(wet.body.message).toBe(greenLotMessages.moisture);
    const light = await supervisor('POST', '/api/bean', {
      bean: { bean_name: 'Kenya PB', typical_density_g_per_l: 500 },
    });
    expect(light.status).toBe(400);
    expect(light.body.message).toBe(greenLotMessages.density);
    const beans = (await supervisor<Bean[]>('GET', '/api/bean')).body;
    expect(beans.find((b) => b.bean_name === 'Kenya AB')).toMatchObject({
      typical_moisture_pct: 10.8,
      typical_density_g_per_l: 735,
    });
    expect(beans.some((b) => b.bean_name === 'Kenya PB')).toBe(false);
  });

  it('is readable by operators (the dump screen lists beans) but not writable', async () => {
    const operator = t.as(Role.Operator);
    expect((await operator('GET', '/api/bean')).status).toBe(200);
    expect((await operator('POST', '/api/bean', { bean: { bean_name: 'X' } })).status).toBe(403);
  });
});

describe('products', () => {
  const blend = () => ({
    product: {
      product_name: 'House Espresso',
      product_description: 'Three-bean espresso blend',
      product_lot_number: '-1',
      batch_weight: 400,
      min_batch_weight: 100,
      max_batch_weight: 500,
    },
    product_recipes: [
      { bean_id: beanIds['Colombia Supremo'], ratio: 50 },
      { bean_id: beanIds['Brazil Santos'], ratio: 30 },
      { bean_id: beanIds['Ethiopia Yirgacheffe'], ratio: 20 },
    ],
  });

  it('creates a 3-bean blend and lists it with its recipe', async () => {
    const res = await supervisor<Product>('POST', '/api/product', blend());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      product_name: 'House Espresso',
      product_lot_number: '-1',
      batch_weight: 400,
    });
    expect(res.body.product_recipes.map((r) => [r.bean.bean_name, r.ratio])).toEqual([
      ['Brazil Santos', 30],
      ['Colombia Supremo', 50],
      ['Ethiopia Yirgacheffe', 20],
    ]);
    const lines = await supervisor<{ product_name: string }[]>('GET', '/api/product/recipe');
    expect(lines.body).toHaveLength(3);
  });

  it('enforces the recipe and batch rules with the spec messages', async () => {
    const noRecipe = await supervisor('POST', '/api/product', { ...blend(), product_recipes: [] });
    expect(noRecipe.body.message).toContain(productMessages.recipes);
    const noName = await supervisor('POST', '/api/product', {
      ...blend(),
      product: { ...blend().product, product_name: '' },
    });
    expect(noName.body.message).toContain(productMessages.name);
    const badTotal = await supervisor('POST', '/api/product', {
      ...blend(),
      product_recipes: [{ bean_id: beanIds['Brazil Santos'], ratio: 90 }],
    });
    expect(badTotal.body.message).toContain(productMessages.ratioTotal);
    const ratio = await supervisor('POST', '/api/product', {
      ...blend(),
      product_recipes: [{ bean_id: beanIds['Brazil Santos'], ratio: 101 }],
    });
    expect(ratio.body.message).toContain('A bean ratio must be between 1 and 100.');
    const batch = await supervisor('POST', '/api/product', {
      ...blend(),
      product: { ...blend().product, product_name: 'Bad', batch_weight: 600 },
    });
    expect(batch.body.message).toContain('Min <= Default Batch Size <= Max');
    const lot = await supervisor('POST', '/api/product', {
      ...blend(),
      product: { ...blend().product, product_lot_number: 'L1' },
    });
    expect(lot.status).toBe(400);
    const unknownBean = await supervisor('POST', '/api/product', {
      ...blend(),
      product: { ...blend().product, product_name: 'Ghost' },
      product_recipes: [{ bean_id: 99999, ratio: 100 }],
    });
    expect(unknownBean.status).toBe(422);
    expect((await supervisor<Product[]>('GET', '/api/product')).body).toHaveLength(1);
  });

  it('updates the recipe and deletes the product', async () => {
    const [created] = (await supervisor<Product[]>('GET', '/api/product')).body;
    const res = await supervisor<Product>('PUT', `/api/product/${created!.product_id}`, {
      product: { product_name: 'Single Origin Brazil' },
      product_recipes: [{ bean_id: beanIds['Brazil Santos'], ratio: 100 }],
    });
    expect(res.body).toMatchObject({
      product_name: 'Single Origin Brazil',
      min_batch_weight: 0,
      max_batch_weight: 5000,
    });
    expect(res.body.product_recipes).toHaveLength(1);
    expect((await supervisor('DELETE', `/api/product/${created!.product_id}`)).status).toBe(200);
    expect((await supervisor('DELETE', `/api/product/${created!.product_id}`)).status).toBe(404);
  });
});

describe('GET /api/product/silo', () => {
  it('shows what the ledger says each silo holds', async () => {
    const { ledger } = t.services;
    const lot = await ledger.createLot({
      lotNumber: 'DMP-11222026010101',
      beanId: beanIds['Colombia Supremo']!,
      kind: 'green',
    });
    const gs1 = (await t.services.devices.summary('GS1')).d_id;
    await ledger.receive({ toDevice: gs1, lotId: lot, lbs: 1250.5, reason: 'dump' });
    const { body } = await supervisor<SiloContents[]>('GET', '/api/product/silo');
    expect(body.map((s) => s.device_id)).toEqual(
      expect.arrayContaining(['GS1', 'GS6', 'WRB1', 'WRB4']),
    );
    expect(body.find((s) => s.device_id === 'GS1')).toMatchObject({
      occupancy: 1250.5,
      capacity: 20000,
      beans: [{ bean_name: 'Colombia Supremo', lbs: 1250.5 }],
      lots: [{ lot_number: 'DMP-11222026010101', lbs: 1250.5 }],
    });
    expect(body.find((s) => s.device_id === 'GS2')).toMatchObject({ occupancy: 0, beans: [] });
  });
});
