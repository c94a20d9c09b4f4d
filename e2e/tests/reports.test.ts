import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { OrderStatus, Role, WASTE_BIN_TYPE_ID } from '@roastery/contract';
import { beans, devices, orderBatches, orders, products, workflows } from '@roastery/db';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

/*
 * One batch booked through the ledger: 1,000 lbs of lot E2E-GREEN dumped into GS1; the batch
 * draws 205, charges 200, drops 170 into WRB1 (5 waste, 30 loss); a packing order for Cafe Uno
 * packs 150 of it.
 */
let packingOrder = 0;
let roastingOrder = 0;
const BY_HAND = 'Pack WRB Bin 1 on the Manual Bagging Station';
let roasterName = '';
async function bookScenario(): Promise<void> {
  const { server } = harness();
  const { db } = server.database;
  const { ledger } = server.services;
  const ref = async (code: string) => {
    const [row] = await db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.deviceId, code));
    if (!row) throw new Error(`no ${code}`);
    return row.id;
  };
  const [gs1, r1, wrb1] = [await ref('GS1'), await ref('R1'), await ref('WRB1')];
  const [roaster] = await db.select({ name: devices.name }).from(devices).where(eq(devices.id, r1));
  roasterName = roaster?.name ?? '';
  const [waste] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.typeId, WASTE_BIN_TYPE_ID));
  const [bean] = await db
    .insert(beans)
    .values({ name: 'E2E Colombia' })
    .returning({ id: beans.id });
  const [product] = await db
    .insert(products)
    .values({ name: 'E2E Single', batchWeight: 200 })
    .returning({ id: products.id });
  if (!bean || !product) throw new Error('seed failed');
  const lot = await ledger.createLot({ lotNumber: 'E2E-GREEN', beanId: bean.id, kind: 'green' });
  await ledger.receive({ toDevice: gs1, lotId: lot, lbs: 1000, reason: 'dump' });
  const now = Date.now();
  const [roasting] = await db
    .insert(orders)
    .values({
      kind: 'roasting',
      productId: product.id,
      qtyCenti: 20_000,
      status: OrderStatus.Finished,
      orderDate: new Date(now),
      roasterDevice: r1,
      destinationDevice: wrb1,
    })
    .returning({ id: orders.id });
  if (!roasting) throw new Error('seed failed');
  roastingOrder = roasting.id;
  const [batch] = await db
    .insert(orderBatches)
    .values({
      orderId: roasting.id,
      seq: 1,
      status: 'finished',
      roasterDevice: r1,
      greenCenti: 20_000,
      roastedCenti: 17_000,
      startedAt: new Date(now - 20 * 60_000),
      finishedAt: new Date(now),
    })
    .returning({ id: orderBatches.id });
  await ledger.bookRoast({
    orderId: roasting.id,
    batchId: batch?.id ?? 0,
    roaster: r1,
    draws: [{ fromDevice: gs1, centiLbs: 20_500 }],
    wasteDevice: waste?.id ?? null,
    greenCenti: 20_000,
    roastedCenti: 17_000,
    destination: wrb1,
    roastedLot: { lotNumber: 'E2E-ROASTED', beanId: bean.id, roastedAt: new Date(now) },
  });
  const [packing] = await db
    .insert(orders)
    .values({
      kind: 'packing',
      customer: 'Cafe Uno',
      productId: product.id,
      qtyCenti: 15_000,
      status: OrderStatus.Finished,
      orderDate: new Date(now),
    })
    .returning({ id: orders.id });
  if (!packing) throw new Error('seed failed');
  packingOrder = packing.id;
  await ledger.move({
    fromDevice: wrb1,
    toDevice: null,
    lbs: 150,
    reason: 'pack',
    orderId: packing.id,
  });
  // Packed by hand, on a station with no rated rate: 150 lbs in 15 minutes, then a run
  // recorded Finished with nothing packed.
  const [byHand] = await db
    .select({ id: workflows.id })
    .from(workflows)
    .where(eq(workflows.name, BY_HAND));
  await db.insert(orderBatches).values([
    {
      orderId: packing.id,
      seq: 1,
      status: 'finished',
      workflowId: byHand?.id ?? null,
      roastedCenti: 15_000,
      startedAt: new Date(now - 30 * 60_000),
      finishedAt: new Date(now - 15 * 60_000),
    },
    {
      orderId: packing.id,
      seq: 2,
      status: 'finished',
      workflowId: byHand?.id ?? null,
      roastedCenti: 0,
      startedAt: new Date(now - 10 * 60_000),
      finishedAt: new Date(now - 5 * 60_000),
    },
  ]);
}
let booked: Promise<void> | undefined;
/** The scenario is booked once, by the first test that runs (the harness serves tests only). */
const scenario = () => (booked ??= bookScenario());

/** Clicks an export button and returns the downloaded file's lines. */
async function exported(page: Page, button: ReturnType<Page['getByRole']>): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  return text.split('\r\n').filter((line) => line !== '');
}

/** Clicks a workbook export and returns its file name and each sheet's rows, as exceljs reads them. */
async function exportedWorkbook(
  page: Page,
  button: ReturnType<Page['getByRole']>,
): Promise<{ fileName: string; sheets: Record<string, unknown[][]> }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheets: Record<string, unknown[][]> = {};
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    sheets[sheet.name] = rows;
  });
  return { fileName: download.suggestedFilename(), sheets };
}

const card = (page: Page, title: string) =>
  page.locator('.ant-card').filter({ has: page.getByText(title, { exact: true }) });

describe('reports', () => {
  test('every tab shows its figures and a chart; the summary exports its days', async () => {
    const { page, url } = harness();
    await scenario();
    await signInAs(page, url, Role.Supervisor, '/reports');

    await page.getByText('170 lbs').waitFor();
    for (const [title, value] of [
      ['Green received', '1,000 lbs'],
      ['Roasted', '170 lbs'],
      ['Packed', '150 lbs'],
      ['Cleaner waste', '5 lbs'],
      ['Roast loss', '30 lbs'],
    ] as const) {
      await page.locator('.ant-statistic').filter({ hasText: title }).getByText(value).waitFor();
    }
    await card(page, 'Per day').getByTestId('report-chart').locator('svg').first().waitFor();
    const days = await exported(
      page,
      card(page, 'Per day').getByRole('button', { name: 'Export CSV' }),
    );
    expect(days[0]).toBe(
      'Day,Green received (lbs),Roasted (lbs),Packed (lbs),Cleaner waste (lbs),Roast loss (lbs)',
    );
    expect(days.slice(1).map((line) => line.split(',').slice(1).join(','))).toEqual([
      '1000,170,150,5,30',
    ]);
    const daysBook = await exportedWorkbook(
      page,
      card(page, 'Per day').getByRole('button', { name: 'Export XLSX' }),
    );
    expect(daysBook.fileName).toMatch(/\.xlsx$/);
    const [header, ...dayRows] = daysBook.sheets['Per day'] ?? [];
    expect(header).toEqual(days[0]?.split(','));
    // The same day, with its figures as numbers.
    expect(dayRows.map((row) => row.slice(1))).toEqual([[1000, 170, 150, 5, 30]]);
    expect(dayRows.map((row) => row[0])).toEqual(days.slice(1).map((line) => line.split(',')[0]));

    await page.getByRole('tab', { name: 'OEE' }).click();
    expect(new URL(page.url()).searchParams.get('t')).toBe('oee');
    const definitions = page.getByRole('region', { name: 'How OEE is computed' });
    await definitions
      .getByText('OEE = Availability × Performance × Quality', { exact: false })
      .waitFor();
    for (const term of ['Availability', 'Performance', 'Quality', 'ideal rate']) {
      await definitions.getByText(term, { exact: true }).waitFor();
    }
    // 200 lbs in 20 minutes against the demo roaster's 500 lbs per 18 minute cycle: 36 %.
    const roasterRow = page.getByRole('row').filter({ hasText: roasterName });
    for (const figure of ['36.0', '100.0', '600', '1,667']) {
      await roasterRow.getByRole('cell', { name: figure, exact: true }).first().waitFor();
    }
    // Where the ideal rate comes from is a sentence: listed under the definitions.
    await definitions
      .getByText(`${roasterName}: 500 lbs per batch, 18 min ideal cycle.`, { exact: true })
      .waitFor();
    // No rated rate: Performance is not defined and OEE is availability x quality, the empty
    // run counting against quality.
    const byHandRow = page.getByRole('row').filter({ hasText: BY_HAND });
    await byHandRow.getByRole('cell', { name: '50.0', exact: true }).first().waitFor();
    expect(await byHandRow.getByRole('cell', { name: 'not defined', exact: true }).count()).toBe(2);
    await page.getByTestId('report-chart').locator('svg').first().waitFor();
    const oee = await exported(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(oee[0]).toBe(
      'Line,Kind,OEE %,Availability %,Performance %,Quality %,Run (min),Fault (min),Idle (min),Batches,Failed,Empty,Lbs,Actual lbs/h,Ideal lbs/h,Ideal rate from',
    );
    expect(oee.find((line) => line.startsWith(`${roasterName},`))).toMatch(
      new RegExp(`^${roasterName},Roaster,36,100,36,100,20,0,\\d+,1,0,0,200,600,1666.67,`),
    );

    await page.getByRole('tab', { name: 'Production' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: 'E2E Single' })
      .getByRole('cell', { name: '170', exact: true })
      .waitFor();
    await page.getByTestId('report-chart').locator('svg').first().waitFor();

    await page.getByRole('tab', { name: 'Cleaner Waste' }).click();
    const wasteRow = page.getByRole('row').filter({ hasText: 'E2E Colombia' });
    await wasteRow.getByRole('cell', { name: '205', exact: true }).waitFor();
    await wasteRow.getByRole('cell', { name: '2.4', exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Shrinkage Weight' }).click();
    await card(page, 'Per product')
      .getByRole('row')
      .filter({ hasText: 'E2E Single' })
      .getByRole('cell', { name: '15', exact: true })
      .waitFor();
    await card(page, 'Per product').getByTestId('report-chart').locator('svg').first().waitFor();

    await page.getByRole('tab', { name: 'Packing Report' }).click();
    const packed = page.getByRole('row').filter({ hasText: 'E2E-ROASTED' });
    await packed.getByRole('cell', { name: String(packingOrder).padStart(6, '0') }).waitFor();
    const packing = await exported(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(packing[0]).toBe(
      'Order,Customer,Recipe,Packed,Total weight (lbs),Bin,Bean,Amount (lbs),Lot number,Roasted,Green lots',
    );
    expect(packing[1]).toMatch(
      new RegExp(
        `^${String(packingOrder).padStart(6, '0')},Cafe Uno,E2E Single,[^,]+,150,WRB1,E2E Single · lot E2E-ROASTED,150,E2E-ROASTED,[^,]+,E2E-GREEN$`,
      ),
    );

    await page.getByRole('tab', { name: 'Other' }).click();
    await page
      .getByText('Reports an administrator adds under Report Settings appear here.')
      .waitFor();
  });

  test('a period with nothing booked shows No Data', async () => {
    const { page, url } = harness();
    await scenario();
    await signInAs(
      page,
      url,
      Role.Supervisor,
      '/reports?t=production&from=2020-01-01&to=2020-01-31',
    );
    await page.getByText('Nothing was booked in this period.').waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
  });

  test('the recall report follows the green lot to its customer and exports it', async () => {
    const { page, url } = harness();
    await scenario();
    await signInAs(page, url, Role.Supervisor, '/trace?lot=E2E-GREEN');
    await page.getByRole('heading', { name: 'Recall of lot E2E-GREEN' }).waitFor();
    const customers = page.getByRole('region', { name: 'Customers' });
    await customers
      .getByRole('row')
      .filter({ hasText: 'Cafe Uno' })
      .getByRole('cell', { name: '150', exact: true })
      .waitFor();
    const lines = await exported(page, page.getByRole('button', { name: 'Export recall CSV' }));
    expect(lines.slice(0, 3)).toEqual([
      'Recall of lot E2E-GREEN',
      'Bean,Received (lbs)',
      'E2E Colombia,1000',
    ]);
    expect(lines).toContain(`Cafe Uno,${String(packingOrder).padStart(6, '0')},150`);

    // Batches by their order and place in it, never by the ledger's id; times spelled, in the
    // zone the console shows them in, never as raw ISO text.
    const batch = `Batch 1 of order ${String(roastingOrder).padStart(6, '0')}`;
    const spelledTime = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d \S+$/;
    const batches = page.getByRole('region', { name: 'Batches' });
    await batches.getByRole('cell', { name: batch, exact: true }).waitFor();
    await batches.getByRole('cell', { name: spelledTime }).waitFor();
    const greenLots = page.getByRole('region', { name: 'Green lots' });
    await greenLots.getByRole('cell', { name: batch, exact: true }).waitFor();
    const packed = page.getByRole('region', { name: 'Packed' });
    await packed.getByRole('cell', { name: spelledTime }).waitFor();
    await page
      .locator('.ant-descriptions', { hasText: 'Went into' })
      .getByRole('link', { name: batch })
      .waitFor();
    await page
      .getByText(new RegExp(`^Charged into the roaster · .+ · ${batch}$`))
      .first()
      .waitFor();
    expect(await page.getByText(/\d{4}-\d\d-\d\dT\d\d:/).count()).toBe(0);
    expect(lines.some((line) => line.startsWith(`${batch},E2E Single,${roasterName},"`))).toBe(
      true,
    );

    const { fileName, sheets } = await exportedWorkbook(
      page,
      page.getByRole('button', { name: 'Export recall XLSX' }),
    );
    expect(fileName).toBe('recall-lot-E2E-GREEN.xlsx');
    expect(sheets['Recall']).toEqual([
      ['Recall', 'Bean', 'Received (lbs)'],
      ['Recall of lot E2E-GREEN', 'E2E Colombia', 1000],
    ]);
    expect(sheets['Customers']).toContainEqual([
      'Cafe Uno',
      String(packingOrder).padStart(6, '0'),
      150,
    ]);
  });

  test("an administrator's SQL report exports the rows it shows", async () => {
    const { page, url, server } = harness();
    await server.services.adminReports.create(
      {
        title: 'E2E words',
        description: '',
        // A weight as PostgreSQL's numeric divides it: 170.0000000000000000.
        code: "select 'roasted' as word, 17000 / 100.0 as lbs union all select '=1+1', 5",
      },
      { id: 1, fullName: 'Administrator' },
    );
    await signInAs(page, url, Role.Supervisor, '/reports?t=other');
    await page.getByRole('cell', { name: 'roasted', exact: true }).waitFor();
    // Shown as a weight, for people; exported as the number it is.
    const roasted = page.getByRole('row').filter({ hasText: 'roasted' });
    await roasted.getByRole('cell', { name: '170 lbs', exact: true }).waitFor();
    expect(await page.getByText('170.0000').count()).toBe(0);
    const csv = await exported(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(csv).toEqual(['word,lbs', 'roasted,170', "'=1+1,5"]);
    const { sheets } = await exportedWorkbook(
      page,
      page.getByRole('button', { name: 'Export XLSX' }),
    );
    expect(sheets['E2E words']).toEqual([
      ['word', 'lbs'],
      ['roasted', 170],
      ['=1+1', 5],
    ]);
  });
});
