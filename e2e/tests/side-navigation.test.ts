import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

describe('side navigation', () => {
  test('fills the window and stays in view at the foot of a long page', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor, '/device');
    await page.getByText('Green Transfer Conveyor').waitFor();
    const viewportHeight = await page.evaluate(() => window.innerHeight);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    // The demo plant's first stage is longer than the window, or this test proves nothing.
    expect(pageHeight).toBeGreaterThan(viewportHeight + 100);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    );

    const column = page
      .locator('aside')
      .filter({ has: page.getByRole('menu', { name: 'Main navigation' }) });
    const box = await column.boundingBox();
    if (!box) throw new Error('the navigation column is not rendered');
    // Within a pixel: the page's height is fractional, the scroll position whole.
    expect(box.y).toBeLessThanOrEqual(1);
    expect(box.y + box.height).toBeGreaterThanOrEqual(viewportHeight - 1);
    // The column runs to the foot of the page, not one window high from its top.
    expect(box.height).toBeGreaterThanOrEqual(pageHeight - 1);

    for (const inView of [
      page.getByRole('menuitem', { name: 'Dashboard' }),
      page.getByText('Version 2.5.4'),
    ]) {
      const itemBox = await inView.boundingBox();
      if (!itemBox) throw new Error('a navigation item is not rendered');
      expect(itemBox.y).toBeGreaterThanOrEqual(-1);
      expect(itemBox.y + itemBox.height).toBeLessThanOrEqual(viewportHeight + 1);
    }
  });
});
