import { describe, expect, test } from 'vitest';
import { Role, productMessages } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { chooseOption, dialog, rowWith } from '../support/form-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

const BEANS = ['Colombia Supremo', 'Ethiopia Yirgacheffe', 'Brazil Santos'] as const;

describe('products and beans', () => {
  test('three beans, then a product blending them whose ratios must total 100', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor, '/product');

    await page.getByRole('tab', { name: 'Bean' }).click();
    await page.getByRole('button', { name: 'Add bean' }).click();
    await dialog(page).getByRole('button', { name: 'Create bean' }).click();
    await dialog(page).getByText(productMessages.beanName).waitFor();
    for (const [index, name] of BEANS.entries()) {
      if (index > 0) await page.getByRole('button', { name: 'Add bean' }).click();
      await dialog(page).getByLabel('Bean name').fill(name);
      await dialog(page)
        .getByLabel('Bean ID')
        .fill(String(index + 1));
      if (index === 0) {
        await chooseOption(page, dialog(page), 'Bins', 'Green Silo 1');
        // A multiple select stays open after a pick; clicking the title closes it.
        await dialog(page).getByText('Add bean', { exact: true }).click();
      }
      await dialog(page).getByRole('button', { name: 'Create bean' }).click();
      await waitForToast(page, 'Bean created successfully');
      await rowWith(page, name).waitFor();
      await dialog(page).waitFor({ state: 'detached' });
    }
    await rowWith(page, BEANS[0]).getByText('Green Silo 1').waitFor();

    await page.getByRole('tab', { name: 'Product & Recipe' }).click();
    await page.getByRole('button', { name: 'Add new product' }).click();
    const form = dialog(page);
    await form.getByRole('button', { name: 'Create product' }).click();
    await form.getByText(productMessages.name).waitFor();
    await form.getByText(productMessages.bean).waitFor();

    await form.getByLabel('Product name').fill('House Blend');
    await form.getByLabel('Default Batch Size (lbs)').fill('300');
    const ratios = [50, 30, 10];
    for (const [index, bean] of BEANS.entries()) {
      if (index > 0) await form.getByRole('button', { name: 'Add bean to recipe' }).click();
      await chooseOption(page, form, `Bean ${index + 1}`, bean);
      await form.getByLabel(`Ratio ${index + 1} (%)`).fill(String(ratios[index]));
    }
    await form.getByRole('status').getByText('Total: 90% of 100%').waitFor();
    await form.getByRole('button', { name: 'Create product' }).click();
    await form.getByText(productMessages.ratioTotal).waitFor();

    await form.getByLabel('Ratio 3 (%)').fill('20');
    await form.getByRole('status').getByText('Total: 100% of 100%').waitFor();
    await form.getByRole('button', { name: 'Create product' }).click();
    await waitForToast(page, 'Product created successfully');
    await form.waitFor({ state: 'detached' });

    const row = rowWith(page, 'House Blend');
    expect(await row.getByRole('cell', { name: '300 lbs' }).count()).toBe(1);
    await row.getByRole('button', { name: 'Expand row' }).click();
    const recipe = page.locator('.ant-table-expanded-row');
    for (const [index, bean] of BEANS.entries()) {
      const ratio = [50, 30, 20][index];
      await recipe
        .getByRole('row')
        .filter({ hasText: bean })
        .getByRole('cell', { name: `${ratio}%` })
        .waitFor();
    }
  });

  test('edit a product, then delete it with its confirmation', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor, '/product');
    await page.getByRole('button', { name: 'Edit House Blend' }).click();
    await dialog(page).getByLabel('Product name').fill('House Blend No. 2');
    await dialog(page).getByRole('button', { name: 'Update product' }).click();
    await waitForToast(page, 'Product updated successfully');
    await rowWith(page, 'House Blend No. 2').waitFor();

    await page.getByRole('button', { name: 'Delete House Blend No. 2' }).click();
    const confirm = page.locator('.ant-popover:not(.ant-popover-hidden)');
    await confirm.getByText('Are you sure you want to delete this product?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await rowWith(page, 'House Blend No. 2').waitFor({ state: 'detached' });
    await page.getByText('No Data', { exact: true }).waitFor();
  });
});
