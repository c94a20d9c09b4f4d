import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { Role } from '@roastery/contract';
import { devices, type Database } from '@roastery/db';
import { seedDemoPlant } from '@roastery/server/testing';
import { newBean, newOrder, newProduct } from '@roastery/server/testing/orders';
import { newRoastRecord, newRoastingBatch } from '@roastery/server/testing/roasts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAs } from '../support/console-actions.ts';
import { rowWith } from '../support/form-actions.ts';
import { useConsoleHarness } from '../support/harness.ts';
import {
  DESKTOP,
  LAPTOP,
  PHONE,
  expectNoSidewaysScroll,
  expectReadable,
  tableOverflow,
} from '../support/readable.ts';

// The roasts are stored as the roast records store them; no roaster needs to run.
const harness = useConsoleHarness();

const PRODUCT = 'Width Check Guji Light Roast';

/** Everything a roast's row or card must show where it stands. */
function roastParts(scope: Locator, roaster: string, id: number): Locator[] {
  return [
    scope.getByRole('link'),
    scope.getByText(roaster, { exact: true }),
    scope.getByText(PRODUCT, { exact: true }),
    scope.getByText('402 °F', { exact: true }),
    scope.getByText('14.5 %', { exact: true }),
    // The green lot the roaster was told of: its moisture and density.
    scope.getByText('10.8 %', { exact: true }),
    scope.getByText('710 g/L', { exact: true }),
    scope.getByRole('checkbox', { name: `Compare roast ${id}`, exact: true }),
  ];
}

/** The green lot's moisture over its density, as a row shows them under their heading. */
async function greenLot(row: Locator): Promise<string> {
  const headings = (await row.page().getByRole('columnheader').allInnerTexts()).map((h) =>
    h.trim(),
  );
  return (await row.getByRole('cell').nth(headings.indexOf('Green lot')).innerText()).trim();
}

/** The green lot's moisture and density on a card, each under its label. */
async function greenFiguresOnCard(card: Locator): Promise<string[]> {
  return Promise.all(
    ['Moisture', 'Density'].map(async (title) =>
      (
        await card
          .locator(`xpath=.//dt[normalize-space()="${title}"]/following-sibling::dd[1]`)
          .innerText()
      ).trim(),
    ),
  );
}

async function roasterName(db: Database, code: string): Promise<string> {
  const [row] = await db
    .select({ name: devices.name })
    .from(devices)
    .where(eq(devices.deviceId, code));
  if (!row) throw new Error(`there is no ${code}`);
  return row.name;
}

describe('the roasts list at every width', () => {
  test('each roast shows what it is, its figures and its compare checkbox: in its row at 1440 and 1366 px, on its card at 390 px', async () => {
    const { page, url, server } = harness();
    const { db } = server.database;
    await seedDemoPlant(db, server.services.plant);
    const supervisor = server.as(Role.Supervisor);
    const bean = await newBean(supervisor, 'Width Check Guji');
    const product = await newProduct(supervisor, PRODUCT, [{ bean_id: bean, ratio: 100 }], 200);
    const order = await newOrder(db, {
      kind: 'roasting',
      productId: product,
      lbs: 200,
      roaster: 'R1',
      destination: 'WRB1',
    });
    const id = await newRoastRecord(db, {
      roaster: 'R1',
      chargedAt: new Date(Date.now() - 3_600_000),
      roastS: 720,
      dropF: 401.6,
      firstCrackS: 540,
      greenLbs: 200,
      roastedLbs: 171,
      colour: 58,
      greenMoisturePct: 10.8,
      greenDensityGPerL: 710.4,
      batchId: await newRoastingBatch(db, order, 1),
    });
    // A roast no order ran: no product, no crack heard, nothing weighed.
    await newRoastRecord(db, {
      roaster: 'R2',
      chargedAt: new Date(Date.now() - 1_800_000),
      roastS: 600,
      dropF: 380,
    });
    const roaster = await roasterName(db, 'R1');
    const roasterR2 = await roasterName(db, 'R2');

    await signInAs(page, url, Role.Supervisor, '/roasts');
    for (const size of [DESKTOP, LAPTOP]) {
      await page.setViewportSize(size);
      await expectReadable(`${size.width} px`, roastParts(rowWith(page, PRODUCT), roaster, id));
      await expectNoSidewaysScroll(page, `The roasts list at ${size.width} px`);
      expect(await tableOverflow(page), `${size.width} px: the table scrolls`).toBe(0);
      expect(await greenLot(rowWith(page, PRODUCT))).toBe('10.8 %\n710 g/L');
      // The roast alone was told of no lot.
      expect(await greenLot(rowWith(page, roasterR2))).toBe('—');
    }

    await page.setViewportSize(PHONE);
    const cards = page.getByRole('list', { name: 'Roasts' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(2);
    const card = cards.filter({ hasText: PRODUCT });
    await expectReadable('390 px', roastParts(card, roaster, id));
    await card.locator('dt').getByText('Drop', { exact: true }).waitFor();
    expect(await greenFiguresOnCard(card)).toEqual(['10.8 %', '710 g/L']);
    const alone = cards.filter({ hasText: roasterR2 });
    expect(await greenFiguresOnCard(alone)).toEqual(['—', '—']);
    await expectNoSidewaysScroll(page, 'The roasts list at 390 px');

    // Ticked on its card, the roast goes to the compare view.
    await card.getByRole('checkbox', { name: `Compare roast ${id}` }).check();
    await page.getByText('1 selected', { exact: true }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.getByTestId('compare-chart').waitFor();
    await expectNoSidewaysScroll(page, 'The roasts list and its comparison at 390 px');
  });
});
