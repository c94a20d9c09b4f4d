import { describe, expect, test } from 'vitest';
import { Role, type PlantDataSettings } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs, waitForToast } from '../support/console-actions.ts';

const harness = useConsoleHarness();

describe('plant data (MQTT) page', () => {
  test('an administrator turns publishing on; the password is kept and never shown', async () => {
    const { page, url, server } = harness();
    await signInAs(page, url, Role.Administrator, '/admin/plant-data');
    await page.getByRole('heading', { level: 3, name: 'Plant Data (MQTT)' }).waitFor();
    await page.getByText('Off', { exact: true }).waitFor();

    await page.getByLabel('Broker address').fill('http://broker');
    await page.getByRole('button', { name: 'Save and reconnect' }).click();
    await page.getByText('an mqtt://, mqtts://, ws:// or wss:// address').waitFor();

    await page.getByLabel('Broker address').fill('mqtt://127.0.0.1:1883');
    await page.getByRole('switch', { name: 'Publish plant data' }).click();
    await page.getByLabel('Password', { exact: true }).fill('broker-secret');
    await page.getByLabel('Enterprise').fill('acme');
    await page.getByRole('button', { name: 'Save and reconnect' }).click();
    await waitForToast(page, 'Plant data publishing saved');
    await page.getByText('A password is stored; leave empty to keep it.').waitFor();

    const stored = await server.as(Role.Administrator)<PlantDataSettings>(
      'GET',
      '/api/admin/plant-data',
    );
    expect(stored.body.config).toMatchObject({
      enabled: true,
      enterprise: 'acme',
      broker_url: 'mqtt://127.0.0.1:1883',
      has_password: true,
    });
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
  });
});
