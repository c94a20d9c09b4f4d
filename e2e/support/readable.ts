import type { Locator, Page } from 'playwright-core';

export { PHONE, expectNoSidewaysScroll, pageOverflow } from './layout-checks.ts';

/** The screens of the office and of a laptop. */
export const DESKTOP = { width: 1440, height: 900 } as const;
export const LAPTOP = { width: 1366, height: 768 } as const;

/**
 * How far the widest table of the page reaches past its own box, in px: 0 when every table
 * shows all its columns without a sideways scroll.
 */
export function tableOverflow(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll('.ant-table-content, .ant-table-body')].map(
        (box) => box.scrollWidth - box.clientWidth,
      ),
    ),
  );
}

/**
 * Why what the locator shows cannot be read where it stands, or null when it can: it must lie
 * within the window's width and be on top from end to end, neither under a sticky column nor
 * scrolled out of its table's box. The window is scrolled up or down to it, never sideways, so
 * that what only a sideways scroll would bring into view counts as hidden.
 */
export async function unreadable(locator: Locator): Promise<string | null> {
  await locator.waitFor();
  return locator.evaluate((element) => {
    const before = element.getBoundingClientRect();
    window.scrollBy(0, before.top + before.height / 2 - window.innerHeight / 2);
    const width = document.documentElement.clientWidth;
    // Text that wraps has a box per line: each must be in the window and on top.
    const lines = [...element.getClientRects()].filter((box) => box.width > 0 && box.height > 0);
    if (lines.length === 0) return 'it takes no room';
    for (const box of lines) {
      if (box.left < 0 || box.right > width) {
        return `it spans ${Math.round(box.left)} to ${Math.round(box.right)} px of a ${width} px window`;
      }
      // Its two ends and its middle: a cell half under a sticky column shows only one end.
      const y = box.top + box.height / 2;
      for (const x of [box.left + 1, box.left + box.width / 2, box.right - 1]) {
        const top = document.elementFromPoint(x, y);
        if (!top || (top !== element && !element.contains(top))) {
          return `${top?.outerHTML.slice(0, 120) ?? 'nothing'} lies over it`;
        }
      }
    }
    return null;
  });
}

/** How long a page may take to settle after a change of width before its text must read. */
const SETTLE_MS = 5_000;

/**
 * Fails, naming what and why, unless each locator reads where it stands (see unreadable). A
 * page that has just changed width swaps its tables for cards a render later, so a reason is
 * taken as final only once it has held for SETTLE_MS: an entry caught between the two layouts
 * is asked again.
 */
export async function expectReadable(what: string, locators: Locator[]): Promise<void> {
  for (const locator of locators) {
    const until = Date.now() + SETTLE_MS;
    let reason = await unreadable(locator);
    while (reason !== null && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      reason = await unreadable(locator);
    }
    if (reason !== null) throw new Error(`${what}: ${await locator.textContent()}: ${reason}`);
  }
}
