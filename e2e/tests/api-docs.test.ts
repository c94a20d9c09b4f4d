import { expect, test } from 'vitest';
import { useConsoleHarness } from '../support/harness.ts';

const harness = useConsoleHarness();

test('the API docs render their operations under the security policy', async () => {
  const { page, url } = harness();
  await page.goto(url('/api/docs'));
  // Swagger UI fetches and lays out the whole document (about 440 KB) before it shows anything:
  // seconds on a loaded machine, beyond expect.poll's default second.
  await expect
    .poll(() => page.getByText('Roastery Console API').first().isVisible(), { timeout: 20_000 })
    .toBe(true);
  const login = page.locator('.opblock-summary', { hasText: '/api/user/login' });
  await login.click();
  // The opened operation shows its request body example, drawn by Swagger UI's highlighter.
  await expect
    .poll(() => page.getByText('Request body').isVisible(), { timeout: 20_000 })
    .toBe(true);
});
