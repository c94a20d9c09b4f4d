import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { LIVE_MAX_STREAMS_PER_BROWSER, Role } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

const liveState = async (tab: Page) => {
  for (const state of ['Live', 'Polling'] as const) {
    if (await tab.getByRole('status', { name: `Live updates: ${state}` }).isVisible()) return state;
  }
  return 'other';
};

describe('live streams of one browser', () => {
  // A browser keeps at most six connections to one server, and each live stream holds one: with
  // a stream per tab, the sixth tab's stream took the last one and no page or request of any
  // tab was answered again.
  test('more console tabs than the browser can stream all keep working: the extra ones say why and poll', async () => {
    const { page, context, url } = harness();
    await signInAs(page, url, Role.Supervisor);
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    const tabs = [page];
    for (let i = 1; i < LIVE_MAX_STREAMS_PER_BROWSER + 3; i += 1) {
      const tab = await context.newPage();
      await tab.goto(url('/device'));
      // Every tab's screen is answered, the last ones too.
      await tab.getByText('Green Silo 1').first().waitFor();
      tabs.push(tab);
    }
    await expect
      .poll(async () => (await Promise.all(tabs.map(liveState))).sort().join())
      .toBe(
        [
          ...Array<string>(LIVE_MAX_STREAMS_PER_BROWSER).fill('Live'),
          'Polling',
          'Polling',
          'Polling',
        ].join(),
      );

    const polling = tabs.at(-1)!;
    expect(await liveState(polling)).toBe('Polling');
    await polling.getByRole('status', { name: 'Live updates: Polling' }).hover();
    await expect
      .poll(() => polling.getByRole('tooltip').textContent())
      .toBe(
        `This browser already has live updates in ${LIVE_MAX_STREAMS_PER_BROWSER} console tabs, the most it can keep open while leaving connections for the screens. This tab refreshes on a timer and goes live when one of those tabs is closed.`,
      );

    // A closed live tab gives its place to one of the others.
    const live = (await Promise.all(tabs.map(async (tab) => [tab, await liveState(tab)] as const)))
      .filter(([, state]) => state === 'Live')
      .map(([tab]) => tab);
    await live[0]!.close();
    const open = tabs.filter((tab) => tab !== live[0]);
    await expect
      .poll(async () => (await Promise.all(open.map(liveState))).filter((s) => s === 'Live'), {
        timeout: 45_000,
      })
      .toHaveLength(LIVE_MAX_STREAMS_PER_BROWSER);
  });
});
