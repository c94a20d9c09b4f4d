import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { launchConsoleBrowser, useConsoleHarness } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';

// One live stream per account, so that a second browser meets the limit (the tabs of one
// browser share one stream).
const harness = useConsoleHarness({ LIVE_MAX_STREAMS_PER_USER: '1' });

describe('live stream limit', () => {
  test('a tab beyond the limit says why, polls, and goes live when a place is free', async () => {
    const { page, url, server } = harness();
    await signInAs(page, url, Role.Supervisor);
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();

    const elsewhere = await launchConsoleBrowser(server.url);
    try {
      const second = await elsewhere.context.newPage();
      await signInAs(second, url, Role.Supervisor);
      const polling = second.getByRole('status', { name: 'Live updates: Polling' });
      await polling.hover();
      await expect
        .poll(() => second.getByRole('tooltip').textContent())
        .toBe(
          'This account already has 1 live connection open, the most allowed. Close a console tab or window that is no longer in use; meanwhile this one refreshes on a timer.',
        );

      await page.close();
      await second.getByRole('status', { name: 'Live updates: Live' }).waitFor();
      expect(elsewhere.cspViolations).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });
});
