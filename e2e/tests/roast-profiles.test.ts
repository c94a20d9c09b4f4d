import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { Role, roastProfileMessages } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { navigationItems, signInAs, waitForToast } from '../support/console-actions.ts';
import { chooseOption, dialog, rowWith } from '../support/form-actions.ts';

const harness = useConsoleHarness({}, { plant: true, demoStock: true });

const PROFILE = 'Kenya AA on Roaster 2';
const FILE_NAME = 'kenya-aa.alog';

/** A 10-minute roast as Artisan records it in °F: 30 s before CHARGE, a reading every 2 s. */
const BT_F: [number, number][] = [
  [-30, 420],
  [0, 410],
  [90, 200],
  [270, 300],
  [480, 385],
  [600, 425],
];
const PRE_CHARGE_S = 30;
const DROP_S = 600;
const SAMPLE_S = 2;

function interpolate(curve: [number, number][], t: number): number {
  const after = curve.findIndex(([time]) => time >= t);
  if (after <= 0) return curve[Math.max(after, 0)]![1];
  const [t0, v0] = curve[after - 1]!;
  const [t1, v1] = curve[after]!;
  return Math.round((v0 + ((v1 - v0) * (t - t0)) / (t1 - t0)) * 10) / 10;
}

/** The fixture in the JSON form of an .alog, as tools other than Artisan write it. */
function alogFixture(): string {
  const timex: number[] = [];
  for (let t = 0; t <= PRE_CHARGE_S + DROP_S; t += SAMPLE_S) timex.push(t);
  const index = (t: number) => (t + PRE_CHARGE_S) / SAMPLE_S;
  return JSON.stringify({
    mode: 'F',
    title: 'Kenya AA',
    beans: 'Kenya AA Nyeri',
    timex,
    temp1: timex.map((t) => interpolate(BT_F, t - PRE_CHARGE_S) + 40),
    temp2: timex.map((t) => interpolate(BT_F, t - PRE_CHARGE_S)),
    timeindex: [index(0), index(270), index(480), 0, 0, 0, index(DROP_S), 0],
  });
}

/** m:ss as seconds. */
const seconds = (text: string) => {
  const [minutes, rest] = text.split(':');
  return Number(minutes) * 60 + Number(rest);
};

/** The reference curve as the points table holds it. */
async function tablePoints(page: Page): Promise<[number, number][]> {
  const points = page.getByRole('group', { name: 'Reference points' });
  const times = await points
    .getByLabel(/^Time \d+$/)
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const temperatures = await points
    .getByLabel(/^BT \d+ \(°F\)$/)
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  return times.map((time, i) => [seconds(time), Number(temperatures[i])]);
}

async function importFile(page: Page, name: string, text: string): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from(text),
  });
}

describe('roast profiles', () => {
  test('a supervisor imports an Artisan profile, reshapes it and saves version 2', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor, '/roast-profiles');
    await page.getByRole('heading', { name: 'Roast Profiles' }).waitFor();
    await page.getByRole('button', { name: 'New Profile' }).first().click();
    await page.waitForURL(url('/roast-profiles/new'));

    await page.getByRole('button', { name: 'Create profile' }).click();
    await page.getByText(roastProfileMessages.name).waitFor();
    await page.getByText(roastProfileMessages.product).waitFor();

    await importFile(page, 'broken.alog', 'not a profile at all');
    await page.getByText(/^This is not an Artisan profile/).waitFor();

    await importFile(page, FILE_NAME, alogFixture());
    await page.getByText(/^Read \d+ points from kenya-aa\.alog\.$/).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Kenya AA');
    expect(await page.getByLabel('Charge temperature (°F)').inputValue()).toBe('410');
    expect(await page.getByLabel('Drop temperature (°F)').inputValue()).toBe('425');
    const imported = await tablePoints(page);
    expect(imported[0]).toEqual([0, 410]);
    expect(imported.at(-1)).toEqual([DROP_S, 425]);

    await page.getByLabel('Name', { exact: true }).fill(PROFILE);
    await chooseOption(page, page, 'Product', 'House Blend');
    await chooseOption(page, page, 'Roaster', 'Roaster 2');
    await page.getByLabel('Smallest batch (lbs)').fill('100');
    await page.getByLabel('Largest batch (lbs)').fill('200');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await waitForToast(page, `Roast profile ${PROFILE} created`);
    await page.waitForURL(/\/roast-profiles\/\d+$/);
    await page.getByRole('heading', { name: PROFILE }).waitFor();
    await page.getByText('House Blend on Roaster 2 · version 1').waitFor();

    // The curve is drawn with a handle on every point, the chart's only white-filled shapes;
    // one is dragged up.
    const handles = page.getByTestId('reference-curve-chart').locator('path[fill="#ffffff"]');
    expect(await handles.count()).toBe(imported.length);
    const dragged = 60;
    const before = (await tablePoints(page))[dragged]![1];
    const box = (await handles.nth(dragged).boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y - 20, { steps: 5 });
    await page.mouse.move(x, y - 40, { steps: 5 });
    await page.mouse.up();
    const after = (await tablePoints(page))[dragged]![1];
    expect(after).toBeGreaterThan(before + 10);

    // And another is typed in its row.
    await page.getByLabel('BT 2 (°F)').fill('395');

    await page.getByRole('button', { name: 'Save as version 2' }).click();
    const modal = dialog(page);
    await modal.getByRole('button', { name: 'Save version 2' }).click();
    await modal.getByText(roastProfileMessages.reason).waitFor();
    await modal.getByLabel('Why does the profile change?').fill('Longer Maillard phase');
    await modal.getByRole('button', { name: 'Save version 2' }).click();
    await waitForToast(page, 'Saved as version 2');
    await modal.waitFor({ state: 'detached' });
    await page.getByText('House Blend on Roaster 2 · version 2').waitFor();

    await rowWith(page, 'Longer Maillard phase').getByText('Version 2').waitFor();
    await rowWith(page, 'First version').getByText('Version 1').waitFor();
    await rowWith(page, `Artisan file ${FILE_NAME}`).waitFor();
    await page.getByRole('button', { name: 'Compare version 1' }).click();
    await rowWith(page, 'First version').getByText('On the chart').waitFor();

    const saved = await tablePoints(page);
    expect(saved[1]).toEqual([5, 395]);
    expect(saved[dragged]![1]).toBe(after);

    await page.getByRole('button', { name: 'Download .alog' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'JSON form' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/v2\.alog$/);
    const alog = JSON.parse(await readFile(await file.path(), 'utf8')) as {
      mode: string;
      timex: number[];
      temp2: number[];
      timeindex: number[];
    };
    expect(alog.mode).toBe('F');
    const charge = alog.timeindex[0]!;
    const downloaded = alog.timex
      .slice(charge)
      .map((t, i): [number, number] => [t - alog.timex[charge]!, alog.temp2[charge + i]!]);
    expect(downloaded).toEqual(saved);
  });

  test('an operator reads the profile and cannot change it', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Operator);
    // The operator's navigation stays the Dashboard alone; the profiles open by their address.
    expect(await navigationItems(page)).toEqual(['Dashboard']);
    await page.goto(url('/roast-profiles'));
    await page.getByRole('link', { name: PROFILE }).click();
    await page.getByRole('heading', { name: PROFILE }).waitFor();
    await page.getByRole('button', { name: 'Download .alog' }).waitFor();
    expect(await page.getByRole('button', { name: /^Save as version/ }).count()).toBe(0);
    expect(await page.getByLabel('BT 1 (°F)').isDisabled()).toBe(true);
    const chart = page.getByTestId('reference-curve-chart');
    await chart.locator('path').first().waitFor({ state: 'attached' });
    expect(await chart.locator('path[fill="#ffffff"]').count()).toBe(0);

    await page.goto(url('/roast-profiles'));
    await page.getByRole('link', { name: PROFILE }).waitFor();
    expect(await page.getByRole('button', { name: 'New Profile' }).count()).toBe(0);
  });
});
