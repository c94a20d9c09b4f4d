import { describe, test } from 'vitest';
import { Role, type RoastingOrder, type PackingOrder } from '@roastery/contract';
import type { Route } from 'playwright-core';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';
import { dialog } from '../support/form-actions.ts';

const harness = useConsoleHarness();

const product = {
  product_id: 1,
  product_name: 'House Blend',
  product_description: '',
  batch_weight: 500,
  min_batch_weight: 100,
  max_batch_weight: 600,
  product_recipes: [
    { bean_id: 1, bean_name: 'Colombia Supremo', ratio: 60 },
    { bean_id: 2, bean_name: 'Brazil Santos', ratio: 40 },
  ],
};
function order(id: number, fields: Partial<RoastingOrder> = {}): RoastingOrder {
  return {
    order_id: id,
    order_name: '',
    order_customer: `Cust ${id}`,
    order_product: 1,
    product_name: 'House Blend',
    product,
    order_qty: 1000,
    split_qty: 1000,
    split_amt: 500,
    total_split: 2,
    reaming_batch: 2,
    override_batch: false,
    rule_id: 1,
    rule_name: 'Roast R1',
    roast_device: 'R1',
    roast_device_name: 'Roaster 1',
    destination_device: 'WRB1',
    destination_device_name: 'WRB Bin 1',
    priority: 'medium',
    order_status: 0,
    status: 0,
    ord_tig: 0,
    failure: null,
    order_date: new Date().toISOString(),
    fulfillment_date: new Date().toISOString(),
    started_at: null,
    finished_at: null,
    ...fields,
  };
}
function packing(id: number, fields: Partial<PackingOrder> = {}): PackingOrder {
  return {
    order_id: id,
    order_name: '',
    order_customer: `P ${id}`,
    order_qty: -1,
    split_qty: 0,
    packed_qty: 0,
    fulfillment_date: null,
    order_date: new Date().toISOString(),
    order_status: 0,
    status: 0,
    priority: 'low',
    lot_number: null,
    workflow_id: 3,
    source_device: null,
    product,
    ...fields,
  };
}
const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

describe('smoke2', () => {
  test('other tabs render', async () => {
    const { page, url } = harness();
    const running = [
      order(50, { status: 1, split_qty: 500, reaming_batch: 1 }),
      order(51, { status: 5, ord_tig: 1, priority: 'high' }),
    ];
    const packs = [packing(60), packing(61, { status: 4, order_qty: 300, priority: 'high' })];
    await page.route('**/api/dashboard/system_status', (route) =>
      json(route, {
        orders: [
          {
            ...running[0],
            timeline: [
              { id: 1, device_id: 'R1', message: 'Charging', at: new Date().toISOString() },
            ],
          },
        ],
        roasters: [
          {
            device_id: 'R1',
            device_name: 'Roaster 1',
            active: true,
            order_id: 50,
            batch: 2,
            phase: 'roasting',
          },
        ],
        inActive: [{ device_id: 'R2', device_name: 'Roaster 2' }],
      }),
    );
    await page.route('**/api/order**', async (route) => {
      const u = new URL(route.request().url());
      if (u.pathname === '/api/orders/roasting')
        return json(route, {
          data: running,
          kanban: { low: [], medium: [running[0]], high: [running[1]] },
          totalPage: 1,
        });
      if (u.pathname === '/api/orders/finished')
        return json(route, {
          data: [order(70, { status: 2 }), order(71, { status: 11, failure: 'PLC down' })],
          kanban: { low: [], medium: [], high: [] },
          totalPage: 3,
        });
      if (u.pathname === '/api/orders/packing')
        return json(route, {
          data: packs,
          kanban: { low: [packs[0]], medium: [], high: [packs[1]] },
          totalPage: 1,
        });
      if (u.pathname === '/api/orders/packing/finished')
        return json(route, {
          data: [packing(80, { order_qty: 200 })],
          kanban: { low: [], medium: [], high: [] },
          totalPage: 1,
        });
      if (u.pathname === '/api/orders/packing/form')
        return json(route, { products: [product], rules: [{ workflow_id: 3, name: 'Pack PK1' }] });
      if (u.pathname === '/api/orders/packing/start')
        return json(route, { workflow_id: 3, message: 'Packing started' });
      return json(route, { message: 'nope' }, 404);
    });
    await signInAs(page, url, Role.Supervisor);
    await page.goto(url('/orders-roasting'));
    await page.getByText('Stop Roasting').waitFor();
    await page.getByText('Charging').waitFor();
    await page.screenshot({ path: '/tmp/weborders/roasting.png', fullPage: true });
    await page.getByRole('tab', { name: 'Packing', exact: true }).click();
    await page.getByText('UNLIMITED').first().waitFor();
    await page.getByRole('button', { name: 'New Packing' }).click();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await dialog(page).getByText('Plese select product').waitFor();
    await page.screenshot({ path: '/tmp/weborders/packing-form.png', fullPage: true });
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Start packing order 000060' }).click();
    await page
      .getByText(
        'In order to start packing, please make sure packing Hooper is cleaned and ready to pack.',
      )
      .waitFor();
    await page.screenshot({ path: '/tmp/weborders/packing-start.png', fullPage: true });
    await dialog(page).getByRole('button', { name: 'Start Packing' }).click();
    await page.waitForURL(url('/admin/test/flow/3'));
    await page.goto(url('/orders-completed'));
    await page.getByText('Not Processed').waitFor();
    await page.screenshot({ path: '/tmp/weborders/completed.png', fullPage: true });
    await page.goto(url('/order-packing-finished'));
    await page.getByText('P 80').waitFor();
    await page.screenshot({ path: '/tmp/weborders/packing-finished.png', fullPage: true });
  });
});
