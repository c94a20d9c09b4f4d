import { describe, expect, test } from 'vitest';
import { Role, pathMessages } from '@roastery/contract';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { chooseOption, dialog, popconfirm, rowWith } from '../support/form-actions.ts';
import { useConsoleHarness } from '../support/harness.ts';
import { createOrder, createSingleOrigin, orderNumber } from '../support/order-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

const ROAST = 'Roast Green Silo 1 on Roaster 1 into WRB Bin 1';

describe('roasting paths', () => {
  test('add, edit and delete a path; the order start then offers only it and its silos', async () => {
    const { page, url, server } = harness();
    await signInAs(page, url, Role.Supervisor, '/admin/path');
    await page.getByRole('heading', { name: 'Paths' }).waitFor();
    await page.getByText(pathMessages.empty).waitFor();

    await page.getByRole('button', { name: 'Add New Path' }).click();
    const modal = dialog(page);
    await modal.getByRole('button', { name: 'Create' }).click();
    for (const text of [
      pathMessages.name,
      pathMessages.startSilos,
      pathMessages.roaster,
      pathMessages.destination,
      pathMessages.workflow,
    ]) {
      await modal.getByText(text, { exact: true }).waitFor();
    }
    await modal.getByLabel('Name').fill('Silos 1 and 3 on Roaster 1');
    await chooseOption(page, modal, 'Start silos', 'Green Silo 1 (GS1)');
    await chooseOption(page, modal, 'Start silos', 'Green Silo 3 (GS3)');
    await page.keyboard.press('Escape');
    await chooseOption(page, modal, 'Roaster', 'Roaster 1 (R1)');
    await chooseOption(page, modal, 'Destination', 'WRB Bin 1 (WRB1)');
    await chooseOption(page, modal, 'Workflow', ROAST);
    await modal.getByRole('button', { name: 'Create' }).click();
    await waitForToast(page, 'Path created');

    const created = rowWith(page, 'Silos 1 and 3 on Roaster 1');
    expect(await created.getByRole('cell').allTextContents()).toEqual([
      'Silos 1 and 3 on Roaster 1',
      'Green Silo 1 (GS1)Green Silo 3 (GS3)',
      'Roaster 1 (R1)',
      'WRB Bin 1 (WRB1)',
      ROAST,
      'EditDelete',
    ]);

    await created.getByRole('button', { name: 'Edit Silos 1 and 3 on Roaster 1' }).click();
    await modal.getByLabel('Name').fill('Main line');
    await chooseOption(page, modal, 'Destination', 'WRB Bin 2 (WRB2)');
    await modal.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Path updated');
    const edited = rowWith(page, 'Main line');
    await edited.getByRole('cell', { name: 'WRB Bin 2 (WRB2)', exact: true }).waitFor();
    await created.waitFor({ state: 'detached' });

    // An order into WRB2 on Roaster 1 starts only along the path, from one of its silos.
    const product = await createSingleOrigin(server, 'Test Path Kenya');
    const order = await createOrder(server, {
      order_product: product.product_id,
      roasted_rule_id: 'WRB2',
    });
    const number = orderNumber(order.order_id);
    await page.goto(url('/orders-pending'));
    await rowWith(page, number)
      .getByRole('button', { name: `Start order ${number} with chosen devices` })
      .click();
    await chooseOption(page, modal, 'Path', 'Main line: Roaster 1 into WRB Bin 2');
    await modal.getByTitle('WRB Bin 2 (WRB2)').waitFor();
    await modal.getByLabel('Start device', { exact: true }).click();
    const silos = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await silos.locator('.ant-select-item-option[title="Green Silo 3 (GS3)"]').waitFor();
    expect(
      await silos
        .locator('.ant-select-item-option')
        .evaluateAll((options) => options.map((o) => o.getAttribute('title'))),
    ).toEqual(['Green Silo 1 (GS1)', 'Green Silo 3 (GS3)']);
    await page.keyboard.press('Escape');
    await modal.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(url('/admin/path'));
    await edited.getByRole('button', { name: 'Delete Main line' }).click();
    await popconfirm(page).getByText(pathMessages.deleteConfirm).waitFor();
    await popconfirm(page).getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, 'Path deleted');
    await edited.waitFor({ state: 'detached' });
    await page.getByText(pathMessages.empty).waitFor();
  });
});
