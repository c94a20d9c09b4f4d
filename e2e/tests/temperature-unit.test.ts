import { describe, expect, test } from 'vitest';
import { Role, type RoastProfileDetail } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { chooseOption, dialog, rowWith } from '../support/form-actions.ts';
import { createSingleOrigin } from '../support/order-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

const PROFILE = 'Celsius Roast on Roaster 1';

/** What the API holds, °F: charge 420 °F is 215.6 °C, the second point 240 °F is 115.6 °C. */
const reference = [
  { t_s: 0, bt_f: 420 },
  { t_s: 90, bt_f: 240 },
  { t_s: 180, bt_f: 300 },
  { t_s: 360, bt_f: 430 },
];

describe('the plant temperature unit', () => {
  test('set to °C, a profile reads in °C, and a point typed in °C is stored as its °F', async () => {
    const { page, url, server } = harness();
    const supervisor = server.as(Role.Supervisor);
    const product = await createSingleOrigin(server, 'Celsius Roast');
    const created = await supervisor<RoastProfileDetail>('POST', '/api/roast-profiles', {
      name: PROFILE,
      product_id: product.product_id,
      roaster: 'R1',
      settings: {
        charge_temperature_f: 420,
        batch_min_lbs: 50,
        batch_max_lbs: 500,
        reference,
        end: { kind: 'drop_temperature', value: 425 },
        dry_end_f: 300,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;

    await signInAs(page, url, Role.Administrator, '/admin/settings');
    await page.getByRole('tab', { name: 'Other' }).click();
    await chooseOption(page, page, 'Temperature unit', '°C (Celsius)');
    await waitForToast(page, 'Temperature unit saved');

    await page.goto(url('/roast-profiles'));
    await page.getByRole('columnheader', { name: 'Charge (°C)' }).waitFor();
    const row = rowWith(page, PROFILE);
    await row.getByRole('cell', { name: '215.6', exact: true }).waitFor();
    await row.getByText('Drop temperature (°C): 218.3').waitFor();

    await page.getByRole('link', { name: PROFILE }).click();
    await page.getByRole('heading', { name: PROFILE }).waitFor();
    const chart = page.getByTestId('reference-curve-chart');
    await chart.locator('svg text', { hasText: 'BT °C' }).waitFor();
    expect(await page.getByLabel('Charge temperature (°C)').inputValue()).toBe('215.6');
    expect(await page.getByLabel('Dry end (°C)').inputValue()).toBe('148.9');
    expect(await page.getByLabel('Drop temperature (°C)').inputValue()).toBe('218.3');
    expect(await page.getByLabel('BT 2 (°C)').inputValue()).toBe('115.6');
    expect(await chart.getAttribute('aria-label')).toContain('bean temperature in °C');
    expect(await page.locator('main').innerText()).not.toContain('°F');

    // Out of the contract's range in °C, the field says so in °C.
    await page.getByLabel('BT 2 (°C)').fill('400');
    await page.getByText('A bean temperature must be between 0 and 343.3 °C.').waitFor();
    await page.getByLabel('BT 2 (°C)').fill('120');

    await page.getByRole('button', { name: 'Save as version 2' }).click();
    const modal = dialog(page);
    await modal.getByLabel('Why does the profile change?').fill('Warmer at 1:30');
    await modal.getByRole('button', { name: 'Save version 2' }).click();
    await waitForToast(page, 'Saved as version 2');
    await page.getByText(/· version 2$/).waitFor();
    expect(await page.getByLabel('BT 2 (°C)').inputValue()).toBe('120');

    // 120 °C is 248 °F; what was left as shown keeps the °F it had, to the tenth and beyond.
    const saved = await supervisor<RoastProfileDetail>('GET', `/api/roast-profiles/${id}`);
    expect(saved.body.current.settings).toMatchObject({
      charge_temperature_f: 420,
      dry_end_f: 300,
      end: { kind: 'drop_temperature', value: 425 },
      reference: [reference[0], { t_s: 90, bt_f: 248 }, reference[2], reference[3]],
    });

    await page.goto(url('/admin/settings'));
    await page.getByRole('tab', { name: 'Other' }).click();
    await chooseOption(page, page, 'Temperature unit', '°F (Fahrenheit)');
    await waitForToast(page, 'Temperature unit saved');
    await page.goto(url(`/roast-profiles/${id}`));
    expect(await page.getByLabel('BT 2 (°F)').inputValue()).toBe('248');
  });
});
