import { describe, expect, test } from 'vitest';
import { orderMessages, OrderStatus, Role, type PackingOrder } from '@roastery/contract';
import { eventually, USER_PASSWORD } from '@roastery/server/testing';
import { bookRoastedLot } from '@roastery/server/testing/orders';
import { releaseLots } from '@roastery/server/testing/quality';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { chooseOption, dialog, popconfirm, rowWith } from '../support/form-actions.ts';
import { useConsoleHarness, type Console } from '../support/harness.ts';
import { createSingleOrigin, orderNumber } from '../support/order-actions.ts';
import { plantConnected } from '../support/plant-actions.ts';

// Its own server: packing runs through WRB bins that the roasting tests' batches land in.
const harness = useConsoleHarness({}, { plant: true });

type Server = Console['server'];

async function packingOrders(server: Server): Promise<PackingOrder[]> {
  const reply = await server.as(Role.Supervisor)<{ data: PackingOrder[] }>(
    'GET',
    '/api/orders/packing',
  );
  return reply.body.data;
}

describe('packing orders', () => {
  test('New Packing asks for product, quantity and date unless WRB ReEntry is ticked', async () => {
    const { page, url, server } = harness();
    const product = await createSingleOrigin(server, 'Test Brazil');
    await signInAs(page, url, Role.Supervisor, '/orders-packing');
    await page.getByRole('button', { name: 'New Packing' }).click();
    const modal = dialog(page);
    // The date starts at today; the picker's clear button empties it.
    await modal.getByLabel('Fullfilment Date').hover();
    await modal.locator('.ant-picker-clear').click();
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.getByText(orderMessages.packingProduct).waitFor();
    await modal.getByText(orderMessages.packingQuantity).waitFor();
    await modal.getByText(orderMessages.packingDate).waitFor();

    await modal.getByLabel('WRB ReEntry').check();
    await modal.getByText(orderMessages.packingQuantity).waitFor({ state: 'detached' });
    await modal.getByText(orderMessages.packingDate).waitFor({ state: 'detached' });
    await chooseOption(page, modal, 'Product', product.product_name);
    await modal.getByLabel('Customer').fill('Re-entry Pack');
    await modal.getByRole('button', { name: 'Create' }).click();
    await waitForToast(page, 'Packing order created successfully');

    const created = await eventually(
      async () => (await packingOrders(server)).find((o) => o.order_customer === 'Re-entry Pack'),
      'the packing order',
    );
    const row = rowWith(page, orderNumber(created.order_id));
    await row.getByRole('cell', { name: 'UNLIMITED' }).waitFor();

    await row
      .getByRole('button', { name: `Delete packing order ${orderNumber(created.order_id)}` })
      .click();
    await popconfirm(page).getByText(orderMessages.deleteConfirm).waitFor();
    await popconfirm(page).getByRole('button', { name: 'Yes' }).click();
    await waitForToast(page, orderMessages.deleted);
    await row.waitFor({ state: 'detached' });
  });

  test('Start Packing asks for a clean hopper, opens the packing run, and the packed order is in Packing Completed', async () => {
    const { page, url, server } = harness();
    const product = await createSingleOrigin(server, 'Test Colombia');
    await plantConnected(server);
    // Roasted beans of the product where the packing workflow draws (WRB Bin 1), packed at
    // 10 lbs a second (120 bags of 5 lbs a minute).
    const beanId = product.product_recipes[0]?.bean_id ?? 0;
    const { lotNumber } = await bookRoastedLot(server, {
      productId: product.product_id,
      beanId,
      silo: 'GS6',
      bin: 'WRB1',
      greenLbs: 100,
    });
    // Packing draws released lots only; this test is about packing, so the lot is released.
    await releaseLots(server.as(Role.Supervisor), USER_PASSWORD, [lotNumber]);
    server.services.runtime.simulator.running?.model.setValue('PK1', 'Packing Speed', 120);
    const created = await server.as(Role.Supervisor)<PackingOrder>(
      'POST',
      '/api/orders/packing/create',
      {
        product_id: product.product_id,
        order_qty: 50,
        fulfillment_date: new Date().toISOString(),
        order_customer: 'Pack Start',
      },
    );
    expect(created.status).toBeLessThan(300);
    const id = created.body.order_id;

    await signInAs(page, url, Role.Supervisor, '/orders-packing');
    await rowWith(page, orderNumber(id))
      .getByRole('button', { name: `Start packing order ${orderNumber(id)}` })
      .click();
    await dialog(page).getByText(orderMessages.packingStart).waitFor();
    const started = page.waitForResponse((response) =>
      response.url().endsWith('/api/orders/packing/start'),
    );
    await dialog(page).getByRole('button', { name: 'Start Packing' }).click();
    const reply = await started;
    expect(reply.status(), await reply.text()).toBe(200);
    await page.waitForURL(/\/admin\/test\/flow\/\d+$/);

    const run = /\/admin\/test\/flow\/(\d+)$/.exec(page.url());
    expect(Number(run?.[1])).toBeGreaterThan(0);

    // The run packs the order's 50 lbs from the roasted lot, and the order is packed.
    await eventually(
      async () =>
        (
          await server.as(Role.Supervisor)<{ data: PackingOrder[] }>(
            'GET',
            '/api/orders/packing/finished?page=1&limit=50',
          )
        ).body.data.some((o) => o.order_id === id),
      'the packing order to be packed',
      30_000,
    );
    await page.goto(url('/orders-packing'));
    await page.getByRole('tab', { name: 'Packing Completed' }).click();
    const row = rowWith(page, orderNumber(id));
    await row.getByRole('cell', { name: 'Pack Start' }).waitFor();
    await row.getByRole('cell', { name: '50', exact: true }).first().waitFor();
    const search = page.getByRole('searchbox');
    await search.fill(`0${id}`);
    await search.press('Enter');
    await row.waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    await search.fill('Nobody Here');
    await search.press('Enter');
    await page.getByText('No Data', { exact: true }).waitFor();
  });

  test('a packing order being packed (status 4) can be neither started nor deleted', async () => {
    const { page, url, server } = harness();
    const product = await createSingleOrigin(server, 'Test Peru');
    const created = await server.as(Role.Supervisor)<PackingOrder>(
      'POST',
      '/api/orders/packing/create',
      { product_id: product.product_id, reentry: true, order_customer: 'Busy Packer' },
    );
    expect(created.status).toBeLessThan(300);
    const id = created.body.order_id;
    // What the packing runner does when its run starts.
    expect(
      await server.services.orders.markStatus(id, OrderStatus.PackingProcessing, [
        OrderStatus.NotStarted,
      ]),
    ).toBe(true);

    await signInAs(page, url, Role.Supervisor, '/orders-packing');
    const row = rowWith(page, orderNumber(id));
    await row.getByText('Processing').waitFor();
    await row.getByRole('cell', { name: 'UNLIMITED' }).waitFor();
    expect(
      await row
        .getByRole('button', { name: `Start packing order ${orderNumber(id)}` })
        .isDisabled(),
    ).toBe(true);
    expect(
      await row
        .getByRole('button', { name: `Delete packing order ${orderNumber(id)}` })
        .isDisabled(),
    ).toBe(true);
  });
});
