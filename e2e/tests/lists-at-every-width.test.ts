import { describe, expect, test } from 'vitest';
import { Role, type Notification } from '@roastery/contract';
import { eventually } from '@roastery/server/testing';
import { bookRoastedLot } from '@roastery/server/testing/orders';
import type { Locator, Page } from 'playwright-core';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { useConsoleHarness } from '../support/harness.ts';
import { createSingleOrigin, orderNumber } from '../support/order-actions.ts';
import { plantConnected } from '../support/plant-actions.ts';
import {
  DESKTOP,
  LAPTOP,
  PHONE,
  expectReadable,
  pageOverflow,
  tableOverflow,
} from '../support/readable.ts';

const harness = useConsoleHarness({}, { plant: true });

/** What the order runner says while a batch waits: long, with a run's id in it. */
const WAIT_TEXT =
  'Order 000012 waits: Cleaner / Destoner is driven by the run of Roast Green Silo 4 on Roaster 2 into WRB Bin 3 (run 3f2a9c1e-5b7d-4c1e-9a0b-1234567890ab)';
const BURNER = 'Roaster 1: Burner flame failure';
const DRUM = 'Roaster 2: Drum motor overload';
/** A list refetched on a loaded machine can take seconds to show. */
const POLL = { timeout: 30_000 };
const NOTE = 'Width check: the night shift handed over';

/** The buttons of a row or a card, each on its own. */
async function buttonsOf(scope: Locator): Promise<Locator[]> {
  const buttons = scope.getByRole('button');
  return Array.from({ length: await buttons.count() }, (_, i) => buttons.nth(i));
}

/** The cards of a list the screen names, as it shows them on a phone. */
const cardsOf = (page: Page, list: string): Locator =>
  page.getByRole('list', { name: list }).getByRole('listitem');

async function expectFits(page: Page, where: string): Promise<void> {
  expect(await pageOverflow(page), `${where}: the page scrolls sideways`).toBe(0);
}

describe('Notifications, Logs and reports read at every width', () => {
  test('each notification shows its text, state and buttons: in its row at 1440 and 1366 px, on its card at 390 px', async () => {
    const { page, url, server } = harness();
    await plantConnected(server);
    server.services.simulator.setAlarm('R1', 1);
    // Raised and gone again before anyone saw it: the longest state there is.
    server.services.simulator.setAlarm('R2', 2);
    await eventually(
      async () => (await server.services.notifications.page(1, 10, 'unacknowledged')).total >= 2,
      'both roaster alarms',
    );
    server.services.simulator.setAlarm('R2', 0);
    await eventually(
      async () =>
        (await server.services.notifications.page(1, 10, 'returned-unacknowledged')).total === 1,
      'the drum alarm to return',
    );
    await server.services.notifications.raise({ type: 'warning', text: WAIT_TEXT, by: 'Orders' });
    const note = await server.services.notifications.raise({
      type: 'other',
      text: NOTE,
      by: 'console',
    });
    if (!note) throw new Error('The note was not raised');
    const supervisor = server.as(Role.Supervisor);
    const acked = await supervisor<Notification>('POST', `/api/notification/ack/${note.id}`);
    expect(acked.status).toBe(200);

    await signInAs(page, url, Role.Supervisor, '/notification');
    // What each row is and the state it is in; a roaster alarm's source can be taken out.
    const expected = [
      {
        text: BURNER,
        state: 'Unacknowledged',
        buttons: ['Acknowledge', 'Shelve', 'Out of service'],
      },
      {
        text: DRUM,
        state: 'Returned unacknowledged',
        buttons: ['Acknowledge', 'Shelve', 'Out of service'],
      },
      { text: WAIT_TEXT, state: 'Unacknowledged', buttons: ['Acknowledge', 'Shelve'] },
      { text: NOTE, state: 'Acknowledged', buttons: ['Shelve'] },
    ];

    for (const size of [DESKTOP, LAPTOP]) {
      await page.setViewportSize(size);
      for (const { text, state, buttons } of expected) {
        const row = page.getByRole('row').filter({ hasText: text });
        const named = buttons.map((b) => row.getByRole('button', { name: `${b}: ${text}` }));
        await expectReadable(`${size.width} px`, [
          row.getByText(text, { exact: true }),
          row.getByText(state, { exact: true }),
          ...named,
        ]);
        // No other button acts on it (the device's button opens its details).
        expect(await row.getByRole('button', { name: `: ${text}` }).count(), text).toBe(
          buttons.length,
        );
      }
      await expectFits(page, `${size.width} px`);
      expect(await tableOverflow(page), `${size.width} px: the table scrolls`).toBe(0);
    }

    await page.setViewportSize(PHONE);
    const cards = cardsOf(page, 'Notifications');
    await expect.poll(() => cards.count(), POLL).toBe(expected.length);
    for (const { text, state, buttons } of expected) {
      const card = cards.filter({ hasText: text });
      await expectReadable('390 px', [
        card.getByText(text, { exact: true }),
        card.locator('dd').getByText(state, { exact: true }),
        ...(await buttonsOf(card)),
      ]);
      for (const b of buttons) {
        await card.getByRole('button', { name: `${b}: ${text}`, exact: true }).waitFor();
      }
    }
    await expectFits(page, '390 px');

    // The card's buttons work: acknowledged, it says so and offers Acknowledge no more.
    const burner = cards.filter({ hasText: BURNER });
    await burner.getByRole('button', { name: `Acknowledge: ${BURNER}` }).click();
    await waitForToast(page, 'Notification acknowledged');
    await burner.locator('dd').getByText('Acknowledged', { exact: true }).waitFor();
    expect(await burner.getByRole('button', { name: `Acknowledge: ${BURNER}` }).count()).toBe(0);
  });

  test('each event shows its text and time: in its row at 1440 and 1366 px, on its card at 390 px', async () => {
    const { page, url, server } = harness();
    const events = [
      `Log width check: ${WAIT_TEXT}`,
      'Log width check: Green Silo 1 Inlet Gate set to 1: ok',
    ];
    for (const description of events) {
      await server.services.eventLog.record({
        kind: 'plc-write',
        deviceName: 'Green Silo 1',
        description,
        userName: 'Administrator',
      });
    }
    await signInAs(page, url, Role.Supervisor, '/logs');
    const search = page.getByRole('searchbox', { name: 'Event text' });
    await search.fill('Log width check');
    await search.press('Enter');

    for (const size of [DESKTOP, LAPTOP]) {
      await page.setViewportSize(size);
      await expect
        .poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count(), POLL)
        .toBe(2);
      for (const description of events) {
        const row = page.getByRole('row').filter({ hasText: description });
        await expectReadable(`${size.width} px`, [
          row.getByText(description, { exact: true }),
          row.getByText('Green Silo 1', { exact: true }),
          row.locator('time'),
        ]);
      }
      await expectFits(page, `${size.width} px`);
      expect(await tableOverflow(page), `${size.width} px: the table scrolls`).toBe(0);
    }

    await page.setViewportSize(PHONE);
    const cards = cardsOf(page, 'Events');
    await expect.poll(() => cards.count(), POLL).toBe(events.length);
    for (const description of events) {
      const card = cards.filter({ hasText: description });
      await expectReadable('390 px', [
        card.getByText(description, { exact: true }),
        card.locator('time'),
      ]);
    }
    await expectFits(page, '390 px');
  });

  test("a report's rows show what they are: in the table at 1440 and 1366 px, on cards at 390 px", async () => {
    const { page, url, server } = harness();
    const product = await createSingleOrigin(server, 'Width Check Kenya');
    const bean = product.product_recipes[0]?.bean_id;
    if (bean === undefined) throw new Error('The product has no bean');
    const { orderId, lotNumber } = await bookRoastedLot(server, {
      productId: product.product_id,
      beanId: bean,
      silo: 'GS2',
      bin: 'WRB2',
      greenLbs: 200,
    });
    const number = orderNumber(orderId);

    await signInAs(page, url, Role.Supervisor, '/reports?t=shrinkage-weight');
    const perBatch = page.locator('.ant-card').filter({ hasText: 'Per batch' });
    for (const size of [DESKTOP, LAPTOP]) {
      await page.setViewportSize(size);
      const row = perBatch
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: lotNumber, exact: true }) });
      await expectReadable(`${size.width} px`, [
        row.getByRole('cell', { name: number, exact: true }),
        row.getByRole('cell', { name: lotNumber, exact: true }),
        row.getByRole('cell', { name: 'Width Check Kenya', exact: true }),
      ]);
      await expectFits(page, `${size.width} px`);
      expect(await tableOverflow(page), `${size.width} px: a table scrolls`).toBe(0);
    }

    await page.setViewportSize(PHONE);
    const card = cardsOf(page, 'Per batch').filter({ hasText: lotNumber });
    await expectReadable('390 px', [
      card.getByText(number, { exact: true }),
      card.getByText(lotNumber, { exact: true }),
      card.getByText('Width Check Kenya', { exact: true }),
    ]);
    await expectFits(page, '390 px');
  });
});
