import type { Locator, Page } from 'playwright-core';

/** The open antd dialog. */
export const dialog = (page: Page): Locator => page.getByRole('dialog');

/** The open antd popconfirm. */
export const popconfirm = (page: Page): Locator =>
  page.locator('.ant-popover:not(.ant-popover-hidden)');

/** The table row whose cells include one with exactly this text. */
export const rowWith = (scope: Page | Locator, text: string): Locator =>
  scope.getByRole('row').filter({ has: scope.getByRole('cell', { name: text, exact: true }) });

/**
 * The dropdown of one antd select: the one holding the list its input controls. Another
 * select's dropdown may still be closing, so "the open dropdown" can be two.
 */
async function dropdownOf(page: Page, input: Locator): Promise<Locator> {
  const listId = await input.getAttribute('aria-controls');
  return listId
    ? page.locator('.ant-select-dropdown', { has: page.locator(`[id="${listId}"]`) })
    : page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
}

/** Opens the antd select labelled label inside scope and picks the option titled option. */
export async function chooseOption(
  page: Page,
  scope: Page | Locator,
  label: string,
  option: string,
): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await (
    await dropdownOf(page, input)
  )
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
  await (
    await dropdownOf(page, input)
  )
    .locator(`.ant-select-item-option[title="${option}"]`)
    .waitFor();
  await input.press('Enter');
}
