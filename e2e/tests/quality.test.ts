import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { Role, qualityMessages, type QualityLot, type QualitySpec } from '@roastery/contract';
import { devices, orderBatches } from '@roastery/db';
import { passwordOf, seedDemoPlant } from '@roastery/server/testing';
import { newBean, newOrder, newProduct } from '@roastery/server/testing/orders';
import { expectAccessible } from '../support/accessibility.ts';
import { fullNameOf, signInAs, waitForToast } from '../support/console-actions.ts';
import { chooseOption, dialog, rowWith } from '../support/form-actions.ts';
import { useConsoleHarness } from '../support/harness.ts';
import { DESKTOP, PHONE, expectNoSidewaysScroll } from '../support/readable.ts';

// The lot is booked as an order's batch books it; no roaster needs to run.
const harness = useConsoleHarness();

const PRODUCT = 'Quality Check House Blend';
const LOT = 'QC-0001';
const HELD = "Colour 64 is above the specification's 45-60.";

/** A card of the lot's page, by its title. */
const section = (page: Page, title: string): Locator =>
  page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title', { hasText: title }) });

/** Opens the dialog of a decision, fills it and signs. */
async function sign(page: Page, action: string, password: string) {
  // The button's name starts with its icon's.
  await page.getByRole('button', { name: new RegExp(`${action}$`) }).click();
  const form = dialog(page);
  await form.getByLabel('Sign with your password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign' }).click();
}

describe('the quality release of a roasted lot', () => {
  test('a supervisor sets the specification, enters results, an out-of-spec colour holds the lot, and two people release it', async () => {
    const { page, url, server } = harness();
    const { db } = server.database;
    await seedDemoPlant(db, server.services.plant);
    const supervisor = server.as(Role.Supervisor);
    const bean = await newBean(supervisor, 'Quality Check Guji');
    const product = await newProduct(supervisor, PRODUCT, [{ bean_id: bean, ratio: 100 }], 200);
    const order = await newOrder(db, {
      kind: 'roasting',
      productId: product,
      lbs: 200,
      roaster: 'R1',
    });
    const [roaster] = await db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.deviceId, 'R1'));
    const lotId = await server.services.ledger.createLot({
      lotNumber: LOT,
      beanId: bean,
      kind: 'roasted',
    });
    await db.insert(orderBatches).values({
      orderId: order,
      seq: 1,
      status: 'finished',
      roasterDevice: roaster?.id ?? 0,
      roastedLotId: lotId,
      startedAt: new Date(Date.now() - 3_600_000),
    });
    const lotOnServer = async () =>
      (await supervisor<QualityLot>('GET', `/api/quality/lots/${lotId}`)).body;

    // The specification, from the product's row; the contract's words on a value out of range.
    await signInAs(page, url, Role.Supervisor, '/product');
    await page.getByRole('button', { name: `Quality specification of ${PRODUCT}` }).click();
    const spec = dialog(page);
    await spec.getByLabel('Colour minimum', { exact: true }).fill('45');
    await spec.getByLabel('Colour maximum', { exact: true }).fill('160');
    await spec.getByRole('button', { name: 'Save specification' }).click();
    await spec.getByText('The colour must be between 0 and 100, to two decimals.').waitFor();
    await expectAccessible(page);
    await spec.getByLabel('Colour maximum', { exact: true }).fill('60');
    await spec.getByLabel('Cupping score minimum', { exact: true }).fill('80');
    await spec.getByRole('button', { name: 'Save specification' }).click();
    await waitForToast(page, `Quality specification of ${PRODUCT} saved`);
    const saved = await supervisor<QualitySpec>('GET', `/api/quality/specs/${product}`);
    expect(saved.body).toMatchObject({
      colour_min: 45,
      colour_max: 60,
      cupping_min: 80,
      moisture_min: null,
    });

    // The lot, found on the Quality screen.
    await page.locator('nav').getByRole('menuitem', { name: 'Quality' }).click();
    await page.waitForURL(url('/quality'));
    const row = rowWith(page, LOT);
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByText(PRODUCT, { exact: true }).waitFor();
    await expectAccessible(page);
    await row.getByRole('link', { name: LOT }).click();
    await page.waitForURL(url(`/quality/lots/${lotId}`));
    await page.getByRole('heading', { name: `Lot ${LOT}` }).waitFor();

    // A cupping in specification, then a colour out of it.
    const enter = async (kind: string, value: string, notes = '') => {
      await chooseOption(page, page, 'Result', kind);
      await page.getByLabel('Value', { exact: true }).fill(value);
      await page.getByLabel('Notes', { exact: true }).fill(notes);
      await page.getByRole('button', { name: 'Enter result' }).click();
    };
    await enter('Cupping score', '186');
    await page.getByText('The cupping score must be between 0 and 100, to two decimals.').waitFor();
    await enter('Cupping score', '86', 'Stone fruit, clean finish');
    const results = section(page, 'Results');
    await results
      .getByRole('row')
      .filter({ hasText: 'Stone fruit, clean finish' })
      .getByText('In spec', { exact: true })
      .waitFor();
    expect((await lotOnServer()).status).toBe('pending');
    await enter('Colour', '64');
    await results
      .getByRole('row')
      .filter({ hasText: 'Colour' })
      .getByText('Out of spec', { exact: true })
      .waitFor();
    await page.getByText(HELD, { exact: true }).first().waitFor();
    await page.locator('main').getByText('On hold', { exact: true }).first().waitFor();
    await expectAccessible(page);

    // On a phone the three decisions stay on the screen.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: /Reject$/ }).waitFor();
    await expectNoSidewaysScroll(page, "A held lot's quality record at 390 px");
    await page.setViewportSize(DESKTOP);

    // A release under deviation asks its reason, in the contract's words.
    await sign(page, 'Release under deviation', passwordOf(Role.Supervisor));
    await dialog(page).getByText(qualityMessages.reason).waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'hidden' });

    // A wrong password signs nothing and says so in the dialog.
    await sign(page, 'Release', 'not-my-password');
    await dialog(page).getByText('The password is not correct. Nothing was signed.').waitFor();
    expect((await lotOnServer()).signatures).toEqual([]);
    await expectAccessible(page);
    await dialog(page)
      .getByLabel('Sign with your password', { exact: true })
      .fill(passwordOf(Role.Supervisor));
    await dialog(page).getByRole('button', { name: 'Sign' }).click();
    const notice = `Released by ${fullNameOf(Role.Supervisor)}; on hold until a second person signs the release.`;
    await page.getByText(notice, { exact: true }).waitFor();
    expect(await lotOnServer()).toMatchObject({
      status: 'on_hold',
      awaiting_second_signature: true,
    });

    // The same person again is refused, with the server's reason.
    await sign(page, 'Release', passwordOf(Role.Supervisor));
    await dialog(page)
      .getByText(/a different person must sign the second/)
      .waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    expect((await lotOnServer()).signatures).toHaveLength(1);

    // The administrator signs the second release.
    await signInAs(page, url, Role.Administrator, `/quality/lots/${lotId}`);
    await page.getByText(notice, { exact: true }).waitFor();
    await sign(page, 'Release', passwordOf(Role.Administrator));
    await waitForToast(page, `Lot ${LOT}: Released`);
    await page.locator('main').getByText('Released', { exact: true }).first().waitFor();
    expect(await page.getByText(notice).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Release|Reject/ }).count()).toBe(0);
    const signatures = section(page, 'Signatures');
    await signatures
      .getByRole('row')
      .filter({ hasText: fullNameOf(Role.Administrator) })
      .waitFor();
    const lot = await lotOnServer();
    expect(lot.status).toBe('released');
    expect(lot.signatures.map((s) => s.by)).toEqual([
      fullNameOf(Role.Supervisor),
      fullNameOf(Role.Administrator),
    ]);

    // The filter keeps its status in the address; a phone shows the lot on a card.
    await page.goto(url('/quality'));
    await page.locator('.ant-segmented').getByText('Released', { exact: true }).click();
    await page.waitForURL(url('/quality?status=released'));
    await rowWith(page, LOT).waitFor();
    await page.setViewportSize(PHONE);
    const card = page.getByRole('list', { name: 'Roasted lots' }).getByRole('listitem');
    await card.filter({ hasText: LOT }).getByText('Released', { exact: true }).waitFor();
    await expectNoSidewaysScroll(page, 'The quality list at 390 px');
    await page.goto(url(`/quality/lots/${lotId}`));
    await page.getByRole('heading', { name: `Lot ${LOT}` }).waitFor();
    await expectNoSidewaysScroll(page, "A lot's quality record at 390 px");
  });
});
