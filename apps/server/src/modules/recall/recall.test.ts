import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  Role,
  WASTE_BIN_TYPE_ID,
  recallMessages,
  type MockRecall,
  type RecallMatch,
  type RecallRecord,
} from '@roastery/contract';
import { devices, orderBatches, orders } from '@roastery/db';
import { buildTestApp, seedDemoPlant, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { newBean, newOrder, newProduct } from '../../../test/order-fixtures.ts';
import { pdfPageCount, pdfText } from '../../../test/pdf-text.ts';

/*
 * Worked out by hand:
 * - green lot RC-C (Colombia, supplier Finca Alta, lot FA-2026-7): 1000 lbs into GS1;
 *   green lot RC-B (Brazil, supplier Sul Minas, lot SM-88): 500 lbs into GS2.
 * - roasting order 1 (single origin, R1 -> WRB1): draws 205 from GS1, charges 200 (waste 5),
 *   drops roasted lot RC-R1, 170 lbs.
 * - roasting order 2 (60/40 blend, R2 -> WRB2): draws 123 from GS1 and 82 from GS2, charges 120
 *   of RC-C and 80 of RC-B (waste 3 + 2), drops RC-R2, 172 lbs.
 * - packing order P (Cafe Uno) packs 150 of RC-R1 from WRB1; Q (Deli Dos) 100 of RC-R2 from WRB2.
 */
let t: TestApp;
let supervisor: ApiCaller;
const ids = { order1: 0, order2: 0, packP: 0, packQ: 0 };
const names = { r1: '', r2: '', gs1: '', gs2: '', wrb1: '', wrb2: '' };

async function device(code: string) {
  const [row] = await t.database.db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(eq(devices.deviceId, code));
  if (!row) throw new Error(`no device ${code}`);
  return row;
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoPlant(t.database.db, t.services.plant);
  supervisor = t.as(Role.Supervisor);
  const { ledger } = t.services;
  const db = t.database.db;
  const [r1, r2, gs1, gs2, wrb1, wrb2] = await Promise.all(
    ['R1', 'R2', 'GS1', 'GS2', 'WRB1', 'WRB2'].map(device),
  );
  if (!r1 || !r2 || !gs1 || !gs2 || !wrb1 || !wrb2) throw new Error('demo plant incomplete');
  Object.assign(names, {
    r1: r1.name,
    r2: r2.name,
    gs1: gs1.name,
    gs2: gs2.name,
    wrb1: wrb1.name,
    wrb2: wrb2.name,
  });
  const [waste] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.typeId, WASTE_BIN_TYPE_ID));
  const colombia = await newBean(supervisor, 'Colombia Recall');
  const brazil = await newBean(supervisor, 'Brazil Recall');
  const single = await newProduct(
    supervisor,
    'Recall Single',
    [{ bean_id: colombia, ratio: 100 }],
    200,
  );
  const blend = await newProduct(
    supervisor,
    'Recall Blend',
    [
      { bean_id: colombia, ratio: 60 },
      { bean_id: brazil, ratio: 40 },
    ],
    200,
  );
  const lotC = await ledger.createLot({
    lotNumber: 'RC-C',
    beanId: colombia,
    kind: 'green',
    supplier: 'Finca Alta',
    supplierLot: 'FA-2026-7',
  });
  await ledger.receive({ toDevice: gs1.id, lotId: lotC, lbs: 1000, reason: 'dump', dumpId: 41 });
  const lotB = await ledger.createLot({
    lotNumber: 'RC-B',
    beanId: brazil,
    kind: 'green',
    supplier: 'Sul Minas',
    supplierLot: 'SM-88',
  });
  await ledger.receive({ toDevice: gs2.id, lotId: lotB, lbs: 500, reason: 'dump', dumpId: 42 });
  ids.order1 = await newOrder(db, {
    kind: 'roasting',
    productId: single,
    lbs: 200,
    roaster: 'R1',
    destination: 'WRB1',
  });
  ids.order2 = await newOrder(db, {
    kind: 'roasting',
    productId: blend,
    lbs: 200,
    roaster: 'R2',
    destination: 'WRB2',
  });
  // The order runner writes a batch's row as its run starts; the plant is not running here.
  const batchOf = async (orderId: number) => {
    const [row] = await db
      .insert(orderBatches)
      .values({ orderId, seq: 1, status: 'finished' })
      .returning({ id: orderBatches.id });
    if (!row) throw new Error('no batch');
    return row.id;
  };
  const roast = async (
    orderId: number,
    roaster: number,
    destination: number,
    draws: { fromDevice: number; centiLbs: number }[],
    roastedCenti: number,
    lotNumber: string,
    beanId: number,
  ) =>
    ledger.bookRoast({
      orderId,
      batchId: await batchOf(orderId),
      roaster,
      draws,
      wasteDevice: waste?.id ?? null,
      greenCenti: 20_000,
      roastedCenti,
      destination,
      roastedLot: { lotNumber, beanId, roastedAt: new Date() },
    });
  await roast(
    ids.order1,
    r1.id,
    wrb1.id,
    [{ fromDevice: gs1.id, centiLbs: 20_500 }],
    17_000,
    'RC-R1',
    colombia,
  );
  await roast(
    ids.order2,
    r2.id,
    wrb2.id,
    [
      { fromDevice: gs1.id, centiLbs: 12_300 },
      { fromDevice: gs2.id, centiLbs: 8_200 },
    ],
    17_200,
    'RC-R2',
    colombia,
  );
  ids.packP = await newOrder(db, { kind: 'packing', productId: single, lbs: 150 });
  ids.packQ = await newOrder(db, { kind: 'packing', productId: blend, lbs: 100 });
  await db.update(orders).set({ customer: 'Cafe Uno' }).where(eq(orders.id, ids.packP));
  await db.update(orders).set({ customer: 'Deli Dos' }).where(eq(orders.id, ids.packQ));
  const pack = (fromDevice: number, lbs: number, orderId: number) =>
    ledger.move({ fromDevice, toDevice: null, lbs, reason: 'pack', orderId });
  await pack(wrb1.id, 150, ids.packP);
  await pack(wrb2.id, 100, ids.packQ);
});
afterAll(() => t.close());

const recall = async (kind: string, key: string) => {
  const res = await supervisor<MockRecall>(
    'GET',
    `/api/recall?kind=${kind}&key=${encodeURIComponent(key)}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** A section as lot, event, quantity and location, the order the ledger booked them. */
const brief = (records: RecallRecord[]) =>
  records.map((r) => [r.lot_code, r.event, r.quantity, r.location]);

const orderRef = (id: number) => `Order ${String(id).padStart(6, '0')}`;
const batchRef = (id: number) => `${orderRef(id)} · batch 1`;

describe('a mock recall from each starting point', () => {
  it("a supplier's lot, in any case: its receipt back, its batches forward, every customer", async () => {
    const r = await recall('supplier_lot', 'fa-2026-7');
    expect(r.start).toEqual({ kind: 'supplier_lot', key: 'fa-2026-7', label: 'fa-2026-7' });
    expect(r.back).toEqual([
      expect.objectContaining({
        event: 'received',
        lot_code: 'RC-C',
        product: 'Colombia Recall',
        quantity: 1000,
        unit: 'lb',
        location: names.gs1,
        reference: 'Dump request 41',
        supplier: 'Finca Alta',
        supplier_lot: 'FA-2026-7',
      }),
    ]);
    expect(brief(r.forward)).toEqual([
      ['RC-C', 'charged', 200, names.r1],
      ['RC-C', 'charged', 120, names.r2],
    ]);
    expect(r.forward.map((f) => f.reference)).toEqual([batchRef(ids.order1), batchRef(ids.order2)]);
    expect(r.customers).toEqual([
      expect.objectContaining({
        customer: 'Cafe Uno',
        orders: [ids.packP],
        lots: ['RC-R1'],
        lbs: 150,
      }),
      expect.objectContaining({
        customer: 'Deli Dos',
        orders: [ids.packQ],
        lots: ['RC-R2'],
        lbs: 100,
      }),
    ]);
    // The blend's other green lot is in the chain as an ingredient of the same batch.
    expect(r.lots.map((l) => l.lot_code)).toEqual(['RC-B', 'RC-C', 'RC-R1', 'RC-R2']);
    const chain = r.chain.map((c) => [c.lot_code, c.event, c.quantity]);
    expect(chain).toEqual([
      ['RC-C', 'received', 1000],
      ['RC-C', 'charged', 200],
      ['RC-R1', 'roasted', 170],
      ['RC-C', 'charged', 120],
      ['RC-B', 'charged', 80],
      ['RC-R2', 'roasted', 172],
      ['RC-R1', 'packed', 150],
      ['RC-R2', 'packed', 100],
      // Still in the plant: 1000 - 205 - 123 in GS1, the cleaner's 5 + 3 in the waste bin,
      // 170 - 150 in WRB1, 172 - 100 in WRB2.
      ['RC-C', 'in_stock', 672],
      ['RC-C', 'in_stock', 8],
      ['RC-R1', 'in_stock', 20],
      ['RC-R2', 'in_stock', 72],
    ]);
    expect(r.chain.find((c) => c.event === 'roasted' && c.lot_code === 'RC-R2')).toMatchObject({
      product: 'Recall Blend',
      location: names.wrb2,
    });
    expect(r.searched_by).toBeTruthy();
    expect(r.query_ms).toBeGreaterThan(0);
  });

  it('a green lot forward: only the batch it went into and that batch’s customer', async () => {
    const r = await recall('green_lot', 'RC-B');
    expect(brief(r.back)).toEqual([['RC-B', 'received', 500, names.gs2]]);
    expect(brief(r.forward)).toEqual([['RC-B', 'charged', 80, names.r2]]);
    expect(r.customers.map((c) => [c.customer, c.lbs])).toEqual([['Deli Dos', 100]]);
  });

  it('a roasted lot: the green it was roasted from back, its packing forward', async () => {
    const r = await recall('roasted_lot', 'RC-R2');
    expect(brief(r.back)).toEqual([
      ['RC-C', 'charged', 120, names.r2],
      ['RC-B', 'charged', 80, names.r2],
    ]);
    expect(brief(r.forward)).toEqual([['RC-R2', 'packed', 100, 'Deli Dos']]);
    expect(r.forward[0]?.reference).toBe(`${orderRef(ids.packQ)} from ${names.wrb2}`);
    expect(r.chain.filter((c) => c.event === 'received').map((c) => c.lot_code)).toEqual([
      'RC-C',
      'RC-B',
    ]);
  });

  it('a packing order: the roasted lot back, the packing forward', async () => {
    const r = await recall('order', String(ids.packP).padStart(6, '0'));
    expect(r.start.label).toBe(String(ids.packP).padStart(6, '0'));
    expect(brief(r.back)).toEqual([['RC-R1', 'roasted', 170, names.wrb1]]);
    expect(brief(r.forward)).toEqual([['RC-R1', 'packed', 150, 'Cafe Uno']]);
    expect(r.customers.map((c) => c.customer)).toEqual(['Cafe Uno']);
    expect(r.lots.map((l) => l.lot_code)).toEqual(['RC-C', 'RC-R1']);
  });

  it('a roasting order: the green charged back, where its roasted lot went forward', async () => {
    const r = await recall('order', String(ids.order2));
    expect(brief(r.back)).toEqual([
      ['RC-C', 'charged', 120, names.r2],
      ['RC-B', 'charged', 80, names.r2],
    ]);
    expect(brief(r.forward)).toEqual([['RC-R2', 'packed', 100, 'Deli Dos']]);
  });

  it('a customer, in any case: what they got, where it came from, who else got it', async () => {
    const r = await recall('customer', 'deli dos');
    expect(r.start.label).toBe('Deli Dos');
    expect(brief(r.back)).toEqual([['RC-R2', 'roasted', 172, names.wrb2]]);
    expect(brief(r.forward)).toEqual([['RC-R2', 'packed', 100, 'Deli Dos']]);
    expect(r.customers.map((c) => [c.customer, c.lbs])).toEqual([['Deli Dos', 100]]);
  });
});

describe('the recall search box', () => {
  it('suggests lot codes, supplier lots, customers and an order number', async () => {
    const search = async (q: string) =>
      (await supervisor<RecallMatch[]>('GET', `/api/recall/search?q=${encodeURIComponent(q)}`))
        .body;
    expect((await search('rc-')).map((m) => [m.kind, m.key])).toEqual([
      ['green_lot', 'RC-B'],
      ['green_lot', 'RC-C'],
      ['roasted_lot', 'RC-R1'],
      ['roasted_lot', 'RC-R2'],
    ]);
    expect(await search('sm-')).toEqual([
      {
        kind: 'supplier_lot',
        key: 'SM-88',
        label: 'SM-88',
        detail: 'Supplier lot · Sul Minas · 1 green lot',
      },
    ]);
    expect(await search('DELI')).toEqual([
      {
        kind: 'customer',
        key: 'Deli Dos',
        label: 'Deli Dos',
        detail: 'Customer · 1 packing order',
      },
    ]);
    expect(await search(String(ids.packQ))).toContainEqual(
      expect.objectContaining({ kind: 'order', key: String(ids.packQ) }),
    );
    // LIKE's wildcards are taken as typed.
    expect(await search('%')).toEqual([]);
  });
});

describe('the recall files', () => {
  const download = async (format: string) => {
    const token = await t.tokenFor(Role.Supervisor);
    return t.app.inject({
      method: 'GET',
      url: `/api/recall/export?kind=supplier_lot&key=FA-2026-7&format=${format}`,
      headers: { authorization: `Bearer ${token}` },
    });
  };

  it('a workbook with a sortable sheet per section, the customers and a summary', async () => {
    const res = await download('xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="recall-supplier_lot-FA-2026-7.xlsx"',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Summary',
      'One step back',
      'One step forward',
      'Whole chain',
      'Customers',
    ]);
    const forward = book.getWorksheet('One step forward');
    expect(forward?.getRow(1).values).toEqual([
      undefined,
      'Traceability lot code',
      'Product',
      'Quantity',
      'Unit',
      'Location',
      'Date',
      'Reference document',
      'Event',
      'Lot kind',
      'Customer',
      'Supplier',
      'Supplier lot',
    ]);
    expect(forward?.rowCount).toBe(3);
    expect(forward?.getRow(2).getCell(1).value).toBe('RC-C');
    expect(forward?.getRow(3).getCell(3).value).toBe(120);
    expect(forward?.getRow(2).getCell(6).value).toBeInstanceOf(Date);
    expect(forward?.autoFilter).toBeTruthy();
    expect(forward?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const customers = book.getWorksheet('Customers');
    expect(customers?.getRow(3).getCell(1).value).toBe('Deli Dos');
    expect(customers?.getRow(3).getCell(4).value).toBe(100);
    expect(book.getWorksheet('Summary')?.getRow(2).values).toEqual([
      undefined,
      'Searched for',
      'Supplier lot FA-2026-7',
    ]);
  });

  it('one CSV file with every section under its title', async () => {
    const res = await download('csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Mock recall');
    expect(lines).toContain('One step back');
    const receipt = lines.find((l) => l.startsWith(`RC-C,Colombia Recall,1000,lb,${names.gs1},`));
    expect(receipt).toMatch(/,Dump request 41,Received,green,,Finca Alta,FA-2026-7$/);
    expect(lines.filter((l) => l.startsWith('Deli Dos,'))).toEqual([
      expect.stringMatching(new RegExp(`^Deli Dos,${ids.packQ},RC-R2,100,lb,`)),
    ]);
  });

  it('a PDF summary with the search, the query time and the customers', async () => {
    const res = await download('pdf');
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBeGreaterThan(0);
    const text = pdfText(pdf);
    for (const shown of [
      'Mock recall',
      'Supplier lot FA-2026-7',
      'Query time',
      'Cafe Uno',
      'Deli Dos',
    ]) {
      expect(text).toContain(shown);
    }
  });
});

describe('recalls refused', () => {
  it.each([
    ['green_lot', 'NOPE', 404, 'Green lot NOPE not found.'],
    ['green_lot', 'RC-R1', 404, 'Green lot RC-R1 not found.'],
    ['roasted_lot', 'RC-C', 404, 'Roasted lot RC-C not found.'],
    ['supplier_lot', 'XX-1', 404, 'No green lot has the supplier lot XX-1.'],
    ['order', '999999', 404, 'Order 999999 not found.'],
    ['order', 'abc', 422, recallMessages.order],
    ['customer', 'Nobody', 404, 'No packing order for the customer Nobody.'],
  ])('%s %s: %i', async (kind, key, status, message) => {
    const res = await supervisor('GET', `/api/recall?kind=${kind}&key=${key}`);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    const file = await supervisor('GET', `/api/recall/export?kind=${kind}&key=${key}&format=csv`);
    expect(file.status).toBe(status);
  });

  it('a malformed query is 400', async () => {
    for (const url of [
      '/api/recall?kind=bean&key=RC-C',
      '/api/recall?kind=green_lot',
      '/api/recall?kind=green_lot&key=%20',
      '/api/recall/export?kind=green_lot&key=RC-C&format=doc',
      '/api/recall/search?q=',
    ]) {
      expect((await supervisor('GET', url)).status, url).toBe(400);
    }
  });
});
