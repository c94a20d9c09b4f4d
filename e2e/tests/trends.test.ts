import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';
import { searchOption } from '../support/form-actions.ts';
import { plantConnected } from '../support/plant-actions.ts';

// The demo plant: the historian stores what the simulated PLC reports, as in the plant.
const harness = useConsoleHarness({}, { plant: true });

const R1_BEAN = 'R1 Bean Temperature';

describe('trends', () => {
  test('a roaster’s bean temperature: picked, drawn, exported, and from its device', async () => {
    const { page, url, server } = harness();
    await plantConnected(server);
    await signInAs(page, url, Role.Supervisor);

    await page.locator('nav').getByRole('menuitem', { name: 'Trends' }).click();
    await page.getByText('Pick one or more tags to draw their trend').waitFor();
    await searchOption(page, page, 'Tags', 'r1 bean', `${R1_BEAN} (°F)`);
    await page.keyboard.press('Escape');

    // The pick is in the address, so the trend can be shared.
    await page.waitForURL(/\/trends\?tags=R1%2Finput%2F\d+&range=1h$/);
    const tag = new URL(page.url()).searchParams.get('tags');
    // The chart names the tag in its legend once it has drawn it.
    const chart = page.getByRole('img', { name: `Trend of ${R1_BEAN}` });
    await chart.locator('svg text', { hasText: R1_BEAN }).waitFor();
    expect(await page.getByText('No values were recorded').count()).toBe(0);
    // An hour fits every change: the server answers raw, and the screen says so.
    await page.getByText('every change', { exact: true }).waitFor();
    await page.getByText(/^Live, every \d+ s$/).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const lines = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');
    expect(lines[0]).toBe('time,device,tag,value,unit');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) {
      expect(line).toMatch(/^[^,]+,R1,Bean Temperature,[\d.]*,°F$/);
    }

    // The same value on the roaster's device screen opens its last hour in a pop-up.
    await page.goto(url('/device?id=R1'));
    await page.getByRole('tab', { name: 'PLC Commands' }).click();
    await page
      .getByRole('listitem', { name: 'Bean Temperature' })
      .getByRole('button', { name: 'Trend of Bean Temperature' })
      .click();
    const popup = page.getByRole('dialog', { name: `${R1_BEAN}: last hour` });
    await popup
      .getByRole('img', { name: `Trend of ${R1_BEAN}` })
      .locator('svg text', { hasText: R1_BEAN })
      .waitFor();
    await popup.getByText('every change', { exact: true }).waitFor();
    await popup.getByRole('link', { name: 'Open in Trends' }).click();
    await page.waitForURL((address) => address.searchParams.get('tags') === tag);
    await page.getByRole('img', { name: `Trend of ${R1_BEAN}` }).waitFor();
  });
});
