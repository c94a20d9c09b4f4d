import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** A supervisor's phone. */
export const PHONE = { width: 390, height: 844 };

/** How far the page reaches past the right edge of the window, in pixels. */
export const pageOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Fails unless the page settles without a sideways scroll within a few seconds: right after a
 * change of width, a layout that follows antd's breakpoints (a Descriptions' columns, a table
 * turned cards) switches a render later, and the page is briefly as wide as before.
 */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  await expect
    .poll(() => pageOverflow(page), { message: `${what} scrolls sideways`, timeout: 5_000 })
    .toBeLessThanOrEqual(0);
}

/** How far an element's contents reach past its own box, sideways, in pixels. */
export const overflowOf = (element: Locator): Promise<number> =>
  element.evaluate((node) => node.scrollWidth - node.clientWidth);

export async function boxOf(element: Locator): Promise<{ left: number; right: number }> {
  const box = await element.boundingBox();
  if (!box) throw new Error('The element is not on screen');
  return { left: box.x, right: box.x + box.width };
}

/** The visible table's body rows (not antd's hidden measuring row). */
export const tableRows = (page: Page): Locator => page.locator('.ant-table-tbody tr.ant-table-row');

/** The cell of a row under the column headed `title`. */
export async function cellUnder(page: Page, row: Locator, title: string): Promise<Locator> {
  const headings = (await page.locator('.ant-table-thead th').allTextContents()).map((text) =>
    text.trim(),
  );
  const index = headings.indexOf(title);
  if (index < 0) throw new Error(`No column headed ${title}: ${headings.join(', ')}`);
  return row.locator('td').nth(index);
}

/**
 * What keeps the visible table from being read whole, as sentences; none when it reads. It must
 * fit its card with nothing to scroll sideways; no cell's contents may spill past its sides
 * (its scroll width would not say: a cell held at the edge draws its shadow past its side, and
 * text cut with an ellipsis is drawn whole, clipped by its box); and in every row the cells under
 * the `identity` headings (what the row is about) must lie whole in view, left of the cell under
 * `actions`, which sticks to the right edge when a table scrolls. Measured in one pass in the
 * page.
 */
export function tableProblems(
  page: Page,
  identity: readonly string[],
  actions?: string,
): Promise<string[]> {
  return page.evaluate(
    ({ identity, actions }) => {
      const problems: string[] = [];
      const scroller = document.querySelector('.ant-table-content');
      if (!scroller) return ['No table'];
      if (scroller.scrollWidth > scroller.clientWidth) {
        problems.push(
          `The table scrolls sideways by ${scroller.scrollWidth - scroller.clientWidth} px`,
        );
      }
      const view = scroller.getBoundingClientRect();
      const headings = [...document.querySelectorAll('.ant-table-thead th')].map((th) =>
        (th.textContent ?? '').trim(),
      );
      const column = (title: string) => {
        const index = headings.indexOf(title);
        if (index < 0) problems.push(`No column headed ${title}`);
        return index;
      };
      const actionsIndex = actions ? column(actions) : -1;
      const identityIndexes = identity.map((title) => [title, column(title)] as const);
      const rows = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')];
      if (rows.length === 0) problems.push('No rows');
      for (const row of rows) {
        const cells = [...row.querySelectorAll(':scope > td')];
        const name = (cells[0]?.textContent ?? '').trim();
        for (const [index, cell] of cells.entries()) {
          const own = cell.getBoundingClientRect();
          for (const child of cell.childNodes) {
            const range = document.createRange();
            range.selectNode(child);
            const box =
              child instanceof Element
                ? child.getBoundingClientRect()
                : range.getBoundingClientRect();
            if (box.width > 0 && (box.left < own.left - 0.5 || box.right > own.right + 0.5)) {
              problems.push(`${headings[index]} of ${name} spills out of its cell`);
            }
          }
        }
        const limit =
          actionsIndex >= 0
            ? (cells[actionsIndex]?.getBoundingClientRect().left ?? view.right)
            : view.right;
        for (const [title, index] of identityIndexes) {
          const box = cells[index]?.getBoundingClientRect();
          if (!box) continue;
          if (box.left < view.left - 0.5 || box.right > limit + 0.5) {
            problems.push(`${title} of ${name} is out of view or under ${actions ?? 'the edge'}`);
          }
        }
      }
      return problems;
    },
    { identity, actions },
  );
}
