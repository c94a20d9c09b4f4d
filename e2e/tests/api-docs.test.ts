import { expect, test } from 'vitest';
import { useConsoleHarness } from '../support/harness.ts';

const harness = useConsoleHarness();

test('the API docs render their operations under the security policy', async () => {
  const { page, url } = harness();
  await page.goto(url('/api/docs'));
  await expect.poll(() => page.getByText('Roastery Console API').first().isVisible()).toBe(true);
  const login = page.locator('.opblock-summary', { hasText: '/api/user/login' });
  await login.click();
  // The opened operation shows its request body example, drawn by Swagger UI's highlighter.
  await expect.poll(() => page.getByText('Request body').isVisible()).toBe(true);
});
