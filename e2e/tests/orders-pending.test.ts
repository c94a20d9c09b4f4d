import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { orderMessages, Role, SettingRef, type Setting } from '@roastery/contract';
import { eventually, stockBin } from '@roastery/server/testing';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { chooseOption, dialog, popconfirm, rowWith } from '../support/form-actions.ts';
import { useConsoleHarness, type Console } from '../support/harness.ts';
import { createBean } from '../support/plant-actions.ts';
import {
  createOrder,
  createProduct,
  downloadOf,
  dragCard,
  orderCard,
  orderForm,
  orderNumber,
  pendingOrders,
  priorityColumn,
} from '../support/order-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

const batch = { batch_weight: 400, min_batch_weight: 100, max_batch_weight: 450 };

/** A two-bean blend; each test names its own, the database being shared by the file. */
async function houseBlend(server: Console['server'], name: string) {
  return createProduct(
    server,
    name,
    [
      { name: `${name} Kenya AA`, ratio: 60 },
      { name: `${name} Guatemala`, ratio: 40 },
    ],
    batch,
  );
}

async function setSetting(server: Console['server'], ref: string, value: string) {
  const reply = await server.as(Role.Administrator)('POST', '/api/admin/settings', {
    ref_id: ref,
    value,
  });
  expect(reply.status).toBe(200);
}

describe('pending orders', () => {
  test('a supervisor creates an order through the modal, after its validation messages', async () => {
    const { page, url, server } = harness();
    const product = await houseBlend(server, 'Test Create Blend');
    const form = await orderForm(server);
    const rule = form.rules[0];
    const destination = form.roasted_rules[0];
    if (!rule || !destination) throw new Error('The demo plant has no roasting rule');
    await signInAs(page, url, Role.Supervisor, '/orders-pending?open=true');
    const modal = dialog(page);
    await modal.getByText('Create New Order').waitFor();
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.getByText(orderMessages.product).waitFor();
    await modal.getByText(orderMessages.quantity).waitFor();
    await modal.getByText(orderMessages.roaster).waitFor();
    await modal.getByText(orderMessages.fulfillmentDate).waitFor();
    expect(await modal.getByText(orderMessages.destination).count()).toBe(
      form.settings.destination_required ? 1 : 0,
    );

    await chooseOption(page, modal, 'Product', product.product_name);
    await modal.getByLabel('Quantity (lbs)').fill('1000');
    await modal.getByText('3 batches of up to 400 lbs').waitFor();
    await modal.getByLabel('Override batch size').click();
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.getByText(orderMessages.batchSize).waitFor();
    await modal.getByLabel('New batch size (lbs, 100 to 450)').fill('500');
    await modal.getByText('The batch size must be between 100 and 450 lbs').waitFor();
    await modal.getByLabel('New batch size (lbs, 100 to 450)').fill('250');
    await modal.getByText('4 batches of up to 250 lbs').waitFor();

    await modal.getByLabel('Roaster').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .first()
      .click();
    await chooseOption(page, modal, 'Destination', destination.device_name);
    await modal.getByLabel('Customer').fill('Blue Door Cafe');
    await modal.getByLabel('Fullfilment Date').fill(dayjs().add(3, 'day').format('DD/MM/YYYY'));
    // Enter picks the typed date and, the dialog being a form, submits it.
    await modal.getByLabel('Fullfilment Date').press('Enter');
    await waitForToast(page, 'Order created successfully');
    await modal.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');

    const created = await eventually(
      async () =>
        (await pendingOrders(server)).data.find((o) => o.order_customer === 'Blue Door Cafe'),
      'the new order',
    );
    expect(created).toMatchObject({
      order_product: product.product_id,
      order_qty: 1000,
      split_amt: 250,
      total_split: 4,
      override_batch: true,
      destination_device: destination.device_id,
    });
    const row = rowWith(page, orderNumber(created.order_id));
    await row.getByRole('cell', { name: 'Blue Door Cafe' }).waitFor();
    await row.getByRole('cell', { name: '4', exact: true }).waitFor();
    await row.getByRole('cell', { name: dayjs().add(3, 'day').format('DD/MM/YYYY') }).waitFor();
    await row.getByRole('button', { name: product.product_name }).click();
    await page
      .getByRole('list', { name: `Recipe of ${product.product_name}` })
      .getByText('60%')
      .waitFor();

    // The list's DD/MM/YYYY and the card's MM/DD/YYYY HH:mm (the spec's formats) read the same
    // day two ways: each spells it in its tooltip, the card's with the time and its zone.
    const fulfillment = dayjs().add(3, 'day').startOf('day');
    const spelled = fulfillment.format('D MMM YYYY');
    await page.keyboard.press('Escape');
    await row.getByText(fulfillment.format('DD/MM/YYYY'), { exact: true }).hover();
    await page.getByRole('tooltip').getByText(spelled, { exact: true }).waitFor();
    await page.getByTitle('Kanban').click();
    const card = orderCard(page, created.order_id);
    await card.getByText(fulfillment.format('MM/DD/YYYY HH:mm'), { exact: true }).hover();
    await page
      .getByRole('tooltip')
      .getByText(new RegExp(`^${spelled}, 00:00 \\S+$`))
      .waitFor();
    await card.getByText('4 of 4 remaining', { exact: true }).waitFor();
  });

  test('search, product and date filters narrow the list; the CSV export holds what is shown', async () => {
    const { page, url, server } = harness();
    const blend = await houseBlend(server, 'Test Search Blend');
    const other = await houseBlend(server, 'Test Espresso');
    const today = dayjs();
    const alpha = await createOrder(server, {
      order_product: blend.product_id,
      order_customer: 'Alpha Roasters',
      order_qty: 800,
    });
    const beta = await createOrder(server, {
      order_product: other.product_id,
      order_customer: 'Beta, "The" Cafe',
      order_qty: 1200.5,
      fulfillment_date: today.add(2, 'year').toISOString(),
    });
    const gamma = await createOrder(server, {
      order_product: blend.product_id,
      order_customer: 'Gamma Co',
    });
    await signInAs(page, url, Role.Supervisor, '/orders-pending');
    for (const order of [alpha, beta, gamma])
      await rowWith(page, orderNumber(order.order_id)).waitFor();

    await page.getByRole('button', { name: /\bFilter$/ }).click();
    const search = page.getByRole('searchbox');
    await search.fill(`00${alpha.order_id}`);
    await search.press('Enter');
    await rowWith(page, orderNumber(beta.order_id)).waitFor({ state: 'detached' });
    await rowWith(page, orderNumber(alpha.order_id)).waitFor();
    expect(await page.getByRole('row').count()).toBe(2);

    await search.fill('beta');
    await search.press('Enter');
    await rowWith(page, orderNumber(alpha.order_id)).waitFor({ state: 'detached' });
    await rowWith(page, orderNumber(beta.order_id)).waitFor();

    await search.fill('');
    await rowWith(page, orderNumber(gamma.order_id)).waitFor();
    await chooseOption(page, page, 'Product', blend.product_name);
    await rowWith(page, orderNumber(beta.order_id)).waitFor({ state: 'detached' });
    await rowWith(page, orderNumber(alpha.order_id)).waitFor();
    await rowWith(page, orderNumber(gamma.order_id)).waitFor();

    await chooseOption(page, page, 'Product', 'All');
    await chooseOption(page, page, 'Fullfilment Date', 'year');
    await rowWith(page, orderNumber(beta.order_id)).waitFor({ state: 'detached' });
    await chooseOption(page, page, 'Order Date', 'month');
    await rowWith(page, orderNumber(alpha.order_id)).waitFor();
    // Other tests' orders are this month's too: the export is of this test's product.
    await chooseOption(page, page, 'Product', blend.product_name);
    await rowWith(page, orderNumber(gamma.order_id)).waitFor();

    const csv = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Export data to CSV' }).click(),
    );
    expect(csv.name).toMatch(/^orders-\d{14}\.csv$/);
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe(
      'order_id,order_customer,product_name,order_qty,order_date,fulfillment_date',
    );
    expect(lines.slice(1, -1).sort()).toEqual(
      [
        `${alpha.order_id},Alpha Roasters,${blend.product_name},800,${today.format('YYYY-MM-DD')},${today.format('YYYY-MM-DD')}`,
        `${gamma.order_id},Gamma Co,${blend.product_name},1000,${today.format('YYYY-MM-DD')},${today.format('YYYY-MM-DD')}`,
      ].sort(),
    );

    await page.getByRole('button', { name: 'Reset filter' }).click();
    await rowWith(page, orderNumber(beta.order_id)).waitFor();
    const all = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Export data to CSV' }).click(),
    );
    expect(all.text).toContain(
      `${beta.order_id},"Beta, ""The"" Cafe",${other.product_name},1200.5,${today.format('YYYY-MM-DD')},${today.add(2, 'year').format('YYYY-MM-DD')}\r\n`,
    );
  });

  test('an order is edited until a batch starts, and deleted after the confirmation', async () => {
    const { page, url, server } = harness();
    const product = await houseBlend(server, 'Test Edit Blend');
    const order = await createOrder(server, {
      order_product: product.product_id,
      order_customer: 'Edit Me',
    });
    await signInAs(page, url, Role.Supervisor, '/orders-pending');
    const row = rowWith(page, orderNumber(order.order_id));

    await row.getByRole('button', { name: `Edit order ${orderNumber(order.order_id)}` }).click();
    const modal = dialog(page);
    await modal.getByText('Update Order').waitFor();
    expect(await modal.getByLabel('Customer').inputValue()).toBe('Edit Me');
    await modal.getByLabel('Quantity (lbs)').fill('1600');
    await modal.getByText('4 batches of up to 400 lbs').waitFor();
    await modal.getByRole('button', { name: 'Update' }).click();
    await waitForToast(page, 'Order updated successfully');
    await row.getByRole('cell', { name: '1600', exact: true }).waitFor();

    await row.getByRole('button', { name: `Delete order ${orderNumber(order.order_id)}` }).click();
    await popconfirm(page).getByText(orderMessages.deleteConfirm).waitFor();
    await popconfirm(page).getByRole('button', { name: 'Yes' }).click();
    await waitForToast(page, orderMessages.deleted);
    await row.waitFor({ state: 'detached' });
    expect((await pendingOrders(server)).data.some((o) => o.order_id === order.order_id)).toBe(
      false,
    );
  });

  test('a card dragged to another priority is saved and stays there after a reload', async () => {
    const { page, url, server } = harness();
    const product = await houseBlend(server, 'Test Board Blend');
    const order = await createOrder(server, {
      order_product: product.product_id,
      priority: 'medium',
    });
    await signInAs(page, url, Role.Supervisor, '/orders-pending');
    await page.getByTitle('Kanban').click();
    await priorityColumn(page, 'medium').locator(orderCard(page, order.order_id)).waitFor();

    const saved = page.waitForResponse((response) =>
      response.url().endsWith('/api/orders/priority'),
    );
    await dragCard(page, order.order_id, 'high');
    expect((await saved).status()).toBeLessThan(300);
    await eventually(
      async () =>
        (await pendingOrders(server)).kanban.high.some((o) => o.order_id === order.order_id),
      'the order to be high priority',
    );

    await page.reload();
    await page.getByTitle('Kanban').click();
    await priorityColumn(page, 'high').locator(orderCard(page, order.order_id)).waitFor();
    expect(
      await priorityColumn(page, 'medium').locator(orderCard(page, order.order_id)).count(),
    ).toBe(0);
  });

  test('start with chosen devices asks for the devices and refuses a silo of other beans', async () => {
    const { page, url, server } = harness();
    const product = await houseBlend(server, 'Test Devices Blend');
    const other = await createBean(server, 'Test Devices Other Bean');
    await stockBin(server.services, 'GS3', other.id, 200);
    const order = await createOrder(server, { order_product: product.product_id });
    const number = orderNumber(order.order_id);
    await signInAs(page, url, Role.Supervisor, '/orders-pending');
    await rowWith(page, number)
      .getByRole('button', { name: `Start order ${number} with chosen devices` })
      .click();
    const modal = dialog(page);
    await modal.getByText(orderMessages.openAll).waitFor();
    expect(await modal.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await modal.getByRole('button', { name: 'Start' }).click();
    await modal.getByText(orderMessages.startDevices).first().waitFor();

    await chooseOption(page, modal, 'Start device', 'Green Silo 3 (GS3)');
    await chooseOption(page, modal, 'Roasting device', 'Roaster 1 (R1)');
    await chooseOption(page, modal, 'End device', 'WRB Bin 2 (WRB2)');
    await modal.getByRole('button', { name: 'Start' }).click();
    await modal.getByText(orderMessages.sameBean).waitFor();
    expect(
      (await pendingOrders(server)).data.find((o) => o.order_id === order.order_id)?.status,
    ).toBe(0);
  });

  test('Fill WRB Silo asks for the bean, the silo and the roaster', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor, '/orders-pending');
    await page.getByRole('button', { name: /Fill WRB Silo$/ }).click();
    const modal = dialog(page);
    await modal.getByText('Fill Silo').waitFor();
    await modal.getByRole('button', { name: 'Fill' }).click();
    await modal.getByText(orderMessages.fillBean).waitFor();
    await modal.getByText(orderMessages.fillSilo).waitFor();
    await modal.getByText(orderMessages.fillRoaster).waitFor();
  });

  test('automatic processing starts and stops with the confirmations, only in auto order mode', async () => {
    const { page, url, server } = harness();
    await signInAs(page, url, Role.Supervisor, '/orders-pending');
    await page.getByRole('button', { name: 'New Order' }).waitFor();
    expect(await page.getByRole('button', { name: /\bSTART$/ }).count()).toBe(0);

    await setSetting(server, SettingRef.OrderMode, 'auto');
    await page.reload();
    await page.getByRole('button', { name: /\bSTART$/ }).click();
    await dialog(page).getByText(orderMessages.autoStart).waitFor();
    await dialog(page).getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('button', { name: /\bSTOP$/ }).waitFor();
    const setting = async () =>
      (
        await server.as(Role.Supervisor)<Setting>(
          'GET',
          `/api/admin/settings/r/${SettingRef.AutoExecution}`,
        )
      ).body.value;
    expect(await setting()).toBe('start');

    await page.getByRole('button', { name: /\bSTOP$/ }).click();
    await dialog(page).getByText(orderMessages.autoStop).waitFor();
    await dialog(page).getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('button', { name: /\bSTART$/ }).waitFor();
    expect(await setting()).toBe('stop');
    await setSetting(server, SettingRef.OrderMode, 'manual');
  });

  test('the packing tabs show only when the plant packs', async () => {
    const { page, url, server } = harness();
    await signInAs(page, url, Role.Supervisor, '/orders-pending');
    await page.getByRole('tab', { name: 'Packing Completed' }).waitFor();
    await setSetting(server, SettingRef.Packing, 'no');
    await page.reload();
    await page.getByRole('tab', { name: 'Roasting Completed' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Packing', exact: true }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Packing Completed' }).count()).toBe(0);
  });
});
