import type { Locator, Page } from 'playwright-core';

/** The open antd dialog. */
export const dialog = (page: Page): Locator => page.getByRole('dialog');

/** The open antd popconfirm. */
export const popconfirm = (page: Page): Locator =>
  page.locator('.ant-popover:not(.ant-popover-hidden)');

/** The table row whose cells include one with exactly this text. */
export const rowWith = (scope: Page | Locator, text: string): Locator =>
  scope.getByRole('row').filter({ has: scope.getByRole('cell', { name: text, exact: true }) });

/** Opens the antd select labelled label inside scope and picks the option titled option. */
export async function chooseOption(
  page: Page,
  scope: Page | Locator,
  label: string,
  option: string,
): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .locator(`.ant-select-item-option[title="${option}"]`)
    .click();
}

/**
 * Picks an option of a searchable select by typing: a long option list is virtual and renders
 * only the options in view. query must match option alone, which Enter then picks.
 */
export async function searchOption(
  page: Page,
  scope: Page | Locator,
  label: string,
  query: string,
  option: string,
): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill(query);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .locator(`.ant-select-item-option[title="${option}"]`)
    .waitFor();
  await input.press('Enter');
}
