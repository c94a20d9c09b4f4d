import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The rules of WCAG 2, levels A and AA, as axe-core tags them. */
const WCAG_2_A_AA = ['wcag2a', 'wcag2aa'];

/** What blocks people in practice; minor and moderate findings are left to review. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * The serious and critical WCAG 2 A/AA violations of what the page shows now: one entry per
 * rule, with the selector of each element it found and the measured figure where there is one.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe inside the page itself: the default mode opens a tab of its own to
  // merge the results of frames, which the console has none of, and a test counting tabs or
  // waiting for a new one would see it.
  const results = await new AxeBuilder({ page }).withTags(WCAG_2_A_AA).setLegacyMode().analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        // The summary's second line says what is wrong with this element (a contrast ratio).
        const detail = node.failureSummary?.split('\n')[1]?.trim();
        return `    ${node.target.join(' ')}${detail ? `  (${detail})` : ''}`;
      });
      return `${violation.id} [${violation.impact}] ${violation.help}\n${nodes.join('\n')}`;
    });
}

/** Fails with the list of serious and critical WCAG 2 A/AA violations of what the page shows. */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await accessibilityViolations(page);
  if (violations.length > 0) {
    throw new Error(`Accessibility violations on ${page.url()}:\n${violations.join('\n')}`);
  }
}

/** Waits until a screen of the console shows its title and has nothing left loading. */
export async function waitForScreen(page: Page): Promise<void> {
  await page.getByRole('heading').first().waitFor();
  await page.waitForFunction(
    () => document.querySelectorAll('.ant-skeleton, .ant-spin-spinning').length === 0,
  );
}
