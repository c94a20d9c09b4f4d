import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderStatus, Role, type PackingOrder, type QualityLot } from '@roastery/contract';
import { lots, orderBatches } from '@roastery/db';
import { eventually, passwordOf } from '@roastery/server/testing';
import { bookRoastedLot, orderState } from '@roastery/server/testing/orders';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { chooseOption, dialog, rowWith } from '../support/form-actions.ts';
import { useConsoleHarness } from '../support/harness.ts';
import { createSingleOrigin, orderNumber } from '../support/order-actions.ts';
import { plantConnected } from '../support/plant-actions.ts';

// Its own server and simulated plant: the packing run draws WRB Bin 1 on Packer 1.
const harness = useConsoleHarness({}, { plant: true });

describe('a roasted lot released for packing', () => {
  test('a quality technician enters a cupping, a supervisor releases the lot, and packing then starts', async () => {
    const { page, url, server } = harness();
    const { db } = server.database;
    const supervisor = server.as(Role.Supervisor);
    const product = await createSingleOrigin(server, 'Release Kenya');
    await plantConnected(server);
    const booked = await bookRoastedLot(server, {
      productId: product.product_id,
      beanId: product.product_recipes[0]?.bean_id ?? 0,
      silo: 'GS6',
      bin: 'WRB1',
      greenLbs: 100,
    });
    const lot = booked.lotNumber;
    // The lot belongs to its batch, as the batch runner books it.
    const [row] = await db.select({ id: lots.id }).from(lots).where(eq(lots.lotNumber, lot));
    const lotId = row?.id ?? 0;
    await db
      .update(orderBatches)
      .set({ roastedLotId: lotId })
      .where(eq(orderBatches.orderId, booked.orderId));
    server.services.runtime.simulator.running?.model.setValue('PK1', 'Packing Speed', 120);
    const created = await supervisor<PackingOrder>('POST', '/api/orders/packing/create', {
      product_id: product.product_id,
      order_qty: 40,
      fulfillment_date: new Date().toISOString(),
      order_customer: 'Released Only',
    });
    expect(created.status).toBeLessThan(300);
    const id = created.body.order_id;
    const number = orderNumber(id);

    // Before the release, Start says in its dialog which lot holds it back, and starts nothing.
    const startFromList = async () => {
      await page.goto(url('/orders-packing'));
      await rowWith(page, number)
        .getByRole('button', { name: `Start packing order ${number}` })
        .click();
      await dialog(page).getByRole('button', { name: 'Start Packing' }).click();
    };
    await signInAs(page, url, Role.Supervisor, '/orders-packing');
    await startFromList();
    await dialog(page).getByText('Packing cannot start', { exact: true }).waitFor();
    await dialog(page)
      .getByText(
        `Order ${number} cannot pack from WRB Bin 1: lot ${lot} is pending release. Release it under Quality, or move it out of the bin.`,
        { exact: true },
      )
      .waitFor();
    expect((await orderState(db, id)).status).toBe(OrderStatus.NotStarted);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // The quality technician lands on the quality list, opens the lot and enters a cupping;
    // the lot's page offers no decision to sign.
    await signInAs(page, url, Role.QualityTechnician);
    await page.waitForURL(url('/quality'));
    await rowWith(page, lot).getByRole('link', { name: lot }).click();
    await page.waitForURL(url(`/quality/lots/${lotId}`));
    await chooseOption(page, page, 'Result', 'Cupping score');
    await page.getByLabel('Value', { exact: true }).fill('86.5');
    await page.getByLabel('Notes', { exact: true }).fill('Blackcurrant, bright acidity');
    await page.getByRole('button', { name: 'Enter result' }).click();
    await page.getByRole('row').filter({ hasText: 'Blackcurrant, bright acidity' }).waitFor();
    expect(await page.getByRole('button', { name: /Release|Reject/ }).count()).toBe(0);
    const entered = (await supervisor<QualityLot>('GET', `/api/quality/lots/${lotId}`)).body;
    expect(entered.status).toBe('pending');
    expect(entered.results.map((r) => [r.kind, r.value, r.notes])).toEqual([
      ['cupping', 86.5, 'Blackcurrant, bright acidity'],
    ]);

    // The supervisor releases it, entering their password again.
    await signInAs(page, url, Role.Supervisor, `/quality/lots/${lotId}`);
    await page.getByRole('button', { name: /Release$/ }).click();
    await dialog(page)
      .getByLabel('Sign with your password', { exact: true })
      .fill(passwordOf(Role.Supervisor));
    await dialog(page).getByRole('button', { name: 'Sign' }).click();
    await waitForToast(page, `Lot ${lot}: Released`);

    // Now the start goes through to the packing run, which packs the order.
    const started = page.waitForResponse((response) =>
      response.url().endsWith('/api/orders/packing/start'),
    );
    await startFromList();
    expect((await started).status()).toBe(200);
    await page.waitForURL(/\/admin\/test\/flow\/\d+$/);
    await eventually(
      async () => ((await orderState(db, id)).status === OrderStatus.Finished ? true : undefined),
      'the packing order to be packed',
      30_000,
    );
  });
});
