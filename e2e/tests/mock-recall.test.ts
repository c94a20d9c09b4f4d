import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, WASTE_BIN_TYPE_ID } from '@roastery/contract';
import { devices, orderBatches, orders } from '@roastery/db';
import { seedDemoPlant } from '@roastery/server/testing';
import { newBean, newOrder, newProduct } from '@roastery/server/testing/orders';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAs } from '../support/console-actions.ts';
import { useConsoleHarness } from '../support/harness.ts';

const harness = useConsoleHarness();

/** The bound for a mock recall: from the search box to the downloaded file. */
const MOCK_RECALL_MS = 60_000;

/*
 * Booked through the ledger: green lot E2E-RCL-G (supplier Finca Alta, their lot FA-E2E-9),
 * 1,000 lbs into GS1; one batch on R1 draws 205, charges 200 and drops 170 into WRB1 as lot
 * E2E-RCL-R; a packing order for Cafe Uno packs 150 of it.
 */
async function bookScenario(): Promise<void> {
  const { server } = harness();
  const { db } = server.database;
  const { ledger } = server.services;
  await seedDemoPlant(db, server.services.plant);
  const supervisor = server.as(Role.Supervisor);
  const ref = async (code: string) => {
    const [row] = await db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.deviceId, code));
    if (!row) throw new Error(`no ${code}`);
    return row.id;
  };
  const [gs1, r1, wrb1] = [await ref('GS1'), await ref('R1'), await ref('WRB1')];
  const [waste] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.typeId, WASTE_BIN_TYPE_ID));
  const bean = await newBean(supervisor, 'Recall Huila');
  const product = await newProduct(
    supervisor,
    'Recall House',
    [{ bean_id: bean, ratio: 100 }],
    200,
  );
  const green = await ledger.createLot({
    lotNumber: 'E2E-RCL-G',
    beanId: bean,
    kind: 'green',
    supplier: 'Finca Alta',
    supplierLot: 'FA-E2E-9',
  });
  await ledger.receive({ toDevice: gs1, lotId: green, lbs: 1000, reason: 'dump' });
  const roasting = await newOrder(db, { kind: 'roasting', productId: product, lbs: 200 });
  const [batch] = await db
    .insert(orderBatches)
    .values({ orderId: roasting, seq: 1, status: 'finished' })
    .returning({ id: orderBatches.id });
  await ledger.bookRoast({
    orderId: roasting,
    batchId: batch?.id ?? 0,
    roaster: r1,
    draws: [{ fromDevice: gs1, centiLbs: 20_500 }],
    wasteDevice: waste?.id ?? null,
    greenCenti: 20_000,
    roastedCenti: 17_000,
    destination: wrb1,
    roastedLot: { lotNumber: 'E2E-RCL-R', beanId: bean, roastedAt: new Date() },
  });
  const packing = await newOrder(db, { kind: 'packing', productId: product, lbs: 150 });
  await db.update(orders).set({ customer: 'Cafe Uno' }).where(eq(orders.id, packing));
  await ledger.move({
    fromDevice: wrb1,
    toDevice: null,
    lbs: 150,
    reason: 'pack',
    orderId: packing,
  });
}

describe('a mock recall', () => {
  test("from a supplier's lot typed in the search box to the downloaded workbook in under a minute", async () => {
    const { page, url } = harness();
    await bookScenario();
    await signInAs(page, url, Role.Supervisor, '/recall');
    await page.getByRole('heading', { name: 'Mock recall' }).waitFor();
    const box = page.getByRole('combobox', {
      name: 'Lot code, supplier lot, order number or customer',
    });

    const began = Date.now();
    await box.pressSequentially('fa-e2e');
    await page.locator('.ant-select-item-option[title="FA-E2E-9"]').click();
    await page.getByRole('heading', { name: 'Supplier lot FA-E2E-9' }).waitFor();
    const customers = page.getByRole('table', { name: 'Customers affected' });
    await customers.getByRole('row', { name: /Cafe Uno/ }).waitFor();
    expect(await customers.getByRole('row', { name: /Cafe Uno/ }).textContent()).toContain('150');
    await page
      .getByText(/\d+(\.\d)? ms/)
      .first()
      .waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download XLSX' }).click(),
    ]);
    const file = await download.path();
    const elapsed = Date.now() - began;

    expect(download.suggestedFilename()).toBe('recall-supplier_lot-FA-E2E-9.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Summary',
      'One step back',
      'One step forward',
      'Whole chain',
      'Customers',
    ]);
    const back = book.getWorksheet('One step back');
    expect(back?.getRow(2).getCell(1).value).toBe('E2E-RCL-G');
    expect(back?.getRow(2).getCell(3).value).toBe(1000);
    const sold = book.getWorksheet('Customers');
    expect(sold?.getRow(2).getCell(1).value).toBe('Cafe Uno');
    expect(sold?.getRow(2).getCell(4).value).toBe(150);
    expect(elapsed).toBeLessThan(MOCK_RECALL_MS);

    await expectAccessible(page);
  });
});
