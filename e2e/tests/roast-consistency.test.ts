import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { Role, orderNumber } from '@roastery/contract';
import { devices } from '@roastery/db';
import { seedDemoPlant } from '@roastery/server/testing';
import { newBean, newOrder, newProduct } from '@roastery/server/testing/orders';
import { newRoastRecord, newRoastingBatch } from '@roastery/server/testing/roasts';
import { signInAs } from '../support/console-actions.ts';
import { useConsoleHarness } from '../support/harness.ts';

// The roasts are stored as the roast records store them; no roaster needs to run.
const harness = useConsoleHarness();

const card = (page: Page, title: string) =>
  page.locator('.ant-card').filter({ has: page.getByText(title, { exact: true }) });

describe('roast consistency', () => {
  test('a supervisor sees each product and roaster with its spread, and each batch against the mean', async () => {
    const { page, url, server } = harness();
    const { db } = server.database;
    await seedDemoPlant(db, server.services.plant);
    const nameOf = async (code: string) => {
      const [row] = await db
        .select({ name: devices.name })
        .from(devices)
        .where(eq(devices.deviceId, code));
      return row?.name ?? code;
    };
    const [r1, r2] = [await nameOf('R1'), await nameOf('R2')];
    const supervisor = server.as(Role.Supervisor);
    const bean = await newBean(supervisor, 'E2E Consistency Bean');
    const product = await newProduct(
      supervisor,
      'E2E Consistency',
      [{ bean_id: bean, ratio: 100 }],
      200,
    );
    const order = await newOrder(db, {
      kind: 'roasting',
      productId: product,
      lbs: 600,
      roaster: 'R1',
      destination: 'WRB1',
    });
    // Three batches an hour apart, the last an hour ago: drop 401.5 / 404 / 398.5 °F, first
    // crack at 9:00 / 9:15 / 8:45 of 12:00 / 12:30 / 11:30, 200 lbs in and 170 / 169 / 171 out,
    // colour 58 / 56.5 / 60.
    const hour = 3_600_000;
    const batches = [
      { roastS: 720, dropF: 401.5, firstCrackS: 540, roastedLbs: 170, colour: 58 },
      { roastS: 750, dropF: 404, firstCrackS: 555, roastedLbs: 169, colour: 56.5 },
      { roastS: 690, dropF: 398.5, firstCrackS: 525, roastedLbs: 171, colour: 60 },
    ];
    for (const [i, batch] of batches.entries()) {
      await newRoastRecord(db, {
        roaster: 'R1',
        chargedAt: new Date(Date.now() - (4 - i) * hour),
        greenLbs: 200,
        batchId: await newRoastingBatch(db, order, i + 1),
        ...batch,
      });
    }
    // A roast no order ran: no crack heard, nothing weighed.
    const alone = await newRoastRecord(db, {
      roaster: 'R2',
      chargedAt: new Date(Date.now() - hour / 2),
      roastS: 600,
      dropF: 380,
    });

    await signInAs(page, url, Role.Supervisor, '/reports?t=roast-consistency');
    await page.getByRole('tab', { name: 'Roast Consistency', selected: true }).waitFor();
    const groups = card(page, 'Per product and roaster');
    const row = groups.getByRole('row').filter({ hasText: 'E2E Consistency' });
    // Mean ± sample deviation, with the lowest and highest under it.
    for (const [mean, range] of [
      ['401.3 ± 2.8', '398.5–404.0'],
      ['9:00 ± 15 s', '8:45–9:15'],
      ['25.0 ± 1.0', '23.9–26.0'],
      ['15.0 ± 0.5', '14.5–15.5'],
      ['58.2 ± 1.8', '56.5–60.0'],
    ] as const) {
      await row.getByText(mean).waitFor();
      await row.getByText(range, { exact: true }).waitFor();
    }
    expect(await row.getByRole('cell', { name: r1, exact: true }).count()).toBe(1);
    await row.getByRole('cell', { name: '3', exact: true }).waitFor();
    // The roast no order ran counts under its roaster, with no product.
    const none = groups.getByRole('row').filter({ hasText: r2 });
    await none.getByRole('cell', { name: 'None', exact: true }).waitFor();
    await none.getByRole('cell', { name: '380.0', exact: true }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      groups.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');
    const spreadHeads = (figure: string, unit: string) =>
      ['mean', 'SD', 'min', 'max'].map((part) => `${figure} ${part} (${unit})`).join(',') +
      `,${figure} roasts`;
    expect(csv[0]).toBe(
      [
        'Product,Roaster,Batches',
        spreadHeads('Drop', '°F'),
        spreadHeads('First crack', 's'),
        spreadHeads('Development', '%'),
        spreadHeads('Loss', '%'),
        spreadHeads('Colour', 'Agtron'),
      ].join(','),
    );
    expect(csv.slice(1)).toEqual([
      `E2E Consistency,${r1},3,401.33,2.75,398.5,404,3,540,15,525,555,3,24.97,1.04,23.91,26,3,15,0.5,14.5,15.5,3,58.17,1.76,56.5,60,3`,
      `None,${r2},1,380,,380,380,1,,,,,0,,,,,0,,,,,0,,,,,0`,
    ]);
    // The workbook has the same table, its figures as numbers.
    const [book] = await Promise.all([
      page.waitForEvent('download'),
      groups.getByRole('button', { name: 'Export XLSX' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await book.path());
    const sheet: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((r) => sheet.push((r.values as unknown[]).slice(1)));
    expect(workbook.worksheets[0]?.name).toBe('Per product and roaster');
    expect(sheet[0]).toEqual(csv[0]?.split(','));
    expect(sheet[1]?.slice(0, 8)).toEqual(['E2E Consistency', r1, 3, 401.33, 2.75, 398.5, 404, 3]);

    // Each batch of the group, in the order roasted, drawn against the group's mean: every
    // batch keeps its label on the chart.
    const number = orderNumber(order);
    const labels = [1, 2, 3].map((seq) => `${number} · batch ${seq}`);
    const perBatch = card(page, `E2E Consistency · ${r1}`);
    const chart = perBatch.getByRole('img', {
      name: `Drop of each roast of E2E Consistency · ${r1} against their mean`,
    });
    for (const label of labels) await chart.locator('svg text', { hasText: label }).waitFor();
    await chart.locator('svg text', { hasText: /^Mean$/ }).waitFor();
    const rows = perBatch.getByRole('row');
    for (const [i, label] of labels.entries()) {
      await rows
        .nth(i + 1)
        .getByRole('cell', { name: label, exact: true })
        .waitFor();
    }
    await rows.nth(2).getByRole('cell', { name: '9:15', exact: true }).waitFor();
    await rows.nth(3).getByRole('cell', { name: '23.9', exact: true }).waitFor();

    // The charts follow the figure picked above them.
    await page.locator('.ant-segmented-item', { hasText: 'Loss' }).click();
    await perBatch
      .getByRole('img', {
        name: `Loss of each roast of E2E Consistency · ${r1} against their mean`,
      })
      .locator('svg text', { hasText: /^Loss$/ })
      .waitFor();
    // A group none of whose roasts has the figure says so instead of an empty chart.
    const unweighed = card(page, `None · ${r2}`);
    await unweighed.getByText('These roasts were not weighed in and out.').waitFor();
    expect(await unweighed.getByTestId('report-chart').count()).toBe(0);
    await unweighed.getByRole('cell', { name: `Roast #${alone}`, exact: true }).waitFor();

    // A period with no roasts says so, with nothing to export.
    await page.goto(url('/reports?t=roast-consistency&from=2020-01-01&to=2020-01-31'));
    await page.getByText('No roasts were recorded in this period.').waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
  });
});
