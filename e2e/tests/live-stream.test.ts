import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';

// One live stream per account, so that a second tab meets the limit.
const harness = useConsoleHarness({ LIVE_MAX_STREAMS_PER_USER: '1' });

describe('live stream limit', () => {
  test('a tab beyond the limit says why, polls, and goes live when a place is free', async () => {
    const { page, context, url } = harness();
    await signInAs(page, url, Role.Supervisor);
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();

    const second = await context.newPage();
    await second.goto(url('/'));
    const polling = second.getByRole('status', { name: 'Live updates: Polling' });
    await polling.hover();
    await expect
      .poll(() => second.getByRole('tooltip').textContent())
      .toBe(
        'This account already has 1 live connection open, the most allowed. Close a console tab or window that is no longer in use; meanwhile this one refreshes on a timer.',
      );

    await page.close();
    await second.getByRole('status', { name: 'Live updates: Live' }).waitFor();
  });
});
