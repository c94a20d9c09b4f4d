import { describe, expect, test } from 'vitest';
import type { Locator } from 'playwright-core';
import { Role, type Bean, type DeviceDetail, type Dump, type Product } from '@roastery/contract';
import { useConsoleHarness, type Console } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';
import { chooseOption, dialog } from '../support/form-actions.ts';
import { createBean } from '../support/plant-actions.ts';
import { createSingleOrigin, pendingOrders } from '../support/order-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

/** The number a field shows: a field of two decimals writes 150 as 150.00. */
async function shown(field: Locator): Promise<number> {
  return Number(await field.inputValue());
}

/**
 * Types value into a number field and leaves it. A field with min or max would now show the
 * limit instead; the value must stay as typed, for the message beside it to explain.
 */
async function typeAndLeave(field: Locator, value: string): Promise<void> {
  await field.fill(value);
  await field.blur();
  expect(await shown(field)).toBe(Number(value));
}

async function occupancyOf(server: Console['server'], code: string): Promise<number | undefined> {
  const reply = await server.as(Role.Supervisor)<DeviceDetail>(
    'GET',
    `/api/device/detail?id=${code}`,
  );
  return reply.body.graph?.occupied;
}

describe('number fields never change what was typed', () => {
  test('an order quantity above the limit is refused with the range, and no order is made', async () => {
    const { page, url, server } = harness();
    const product = await createSingleOrigin(server, 'Range Single Origin');
    const before = (await pendingOrders(server)).data.length;
    await signInAs(page, url, Role.Supervisor, '/orders-pending?open=true');
    const modal = dialog(page);
    await modal.getByText('Create New Order').waitFor();
    await chooseOption(page, modal, 'Product', product.product_name);
    const quantity = modal.getByLabel('Quantity (lbs)');
    await typeAndLeave(quantity, '99999999');
    await modal.getByText('Must be at most 1,000,000 lbs.').waitFor();
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.getByText('Must be at most 1,000,000 lbs.').waitFor();
    expect(await shown(quantity)).toBe(99_999_999);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect((await pendingOrders(server)).data.length).toBe(before);
  });

  test('a recipe ratio above 100% and a fractional bean id are refused, not cut or rounded', async () => {
    const { page, url, server } = harness();
    await createBean(server, 'Range Colombia');
    await signInAs(page, url, Role.Supervisor, '/product');

    await page.getByRole('button', { name: 'Add new product' }).click();
    const form = dialog(page);
    await form.getByLabel('Product name').fill('Out Of Range Blend');
    await chooseOption(page, form, 'Bean 1', 'Range Colombia');
    await typeAndLeave(form.getByLabel('Ratio 1 (%)'), '150');
    await form.getByText('A bean ratio must be between 1 and 100.').waitFor();
    await form.getByRole('button', { name: 'Create product' }).click();
    await form.getByText('A bean ratio must be between 1 and 100.').waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    const products = await server.as(Role.Supervisor)<Product[]>('GET', '/api/product');
    expect(products.body.map((p) => p.product_name)).not.toContain('Out Of Range Blend');

    await page.getByRole('tab', { name: 'Bean' }).click();
    await page.getByRole('button', { name: 'Add bean' }).click();
    const beanForm = dialog(page);
    await beanForm.getByLabel('Bean name').fill('Range Kenya');
    await typeAndLeave(beanForm.getByLabel('Bean ID'), '2.5');
    await beanForm.getByRole('button', { name: 'Create bean' }).click();
    await beanForm.getByText('The Bean ID must be a whole number, 1 or more.').waitFor();
    await page.keyboard.press('Escape');
    await beanForm.waitFor({ state: 'detached' });
    const beans = await server.as(Role.Supervisor)<Bean[]>('GET', '/api/bean');
    expect(beans.body.map((b) => b.bean_name)).not.toContain('Range Kenya');
  });

  test('a dump of more than 100,000 lbs is refused with the range, and no dump is requested', async () => {
    const { page, url, server } = harness();
    await createBean(server, 'Range Brazil');
    await signInAs(page, url, Role.Operator);

    await page.getByRole('button', { name: 'Create Dump' }).click();
    const amount = page.getByLabel('Amount');
    await typeAndLeave(amount, '250000');
    await page.getByText('The amount must be at most 100,000 lbs.').waitFor();
    await chooseOption(page, page, 'Bean', 'Range Brazil');
    await page.getByRole('button', { name: 'Create Dump' }).click();
    await page.getByText('The amount must be at most 100,000 lbs.').waitFor();
    expect(await shown(amount)).toBe(250_000);
    const dumps = await server.as(Role.Supervisor)<Dump[]>('GET', '/api/dump/pending');
    expect(dumps.body.filter((dump) => dump.bean_name === 'Range Brazil')).toEqual([]);
  });

  test('an occupancy above the capacity stays as typed and cannot be sent', async () => {
    const { page, url, server } = harness();
    const before = await occupancyOf(server, 'GS3');
    await signInAs(page, url, Role.Supervisor, '/device?id=GS3');

    const field = page.getByLabel('New occupancy');
    await typeAndLeave(field, '99999');
    await page.getByText('Occupancy must be between 0 and', { exact: false }).waitFor();
    const update = page.getByRole('button', { name: 'Update', exact: true });
    expect(await update.isDisabled()).toBe(true);
    await field.press('Enter');
    expect(await shown(field)).toBe(99_999);
    expect(await occupancyOf(server, 'GS3')).toBe(before);

    await typeAndLeave(field, '-5');
    await page.getByText('Occupancy must be between 0 and', { exact: false }).waitFor();
    expect(await update.isDisabled()).toBe(true);
  });
});
