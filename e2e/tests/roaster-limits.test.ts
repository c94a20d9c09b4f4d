import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DEFAULT_ROAST_LIMITS,
  ROAST_SAFE_ACTION_LABELS,
  Role,
  roastLimitsProblem,
  SettingRef,
  type DeviceSummary,
} from '@roastery/contract';
import { signInAs, waitForNotification, waitForToast } from '../support/console-actions.ts';
import { chooseOption } from '../support/form-actions.ts';
import { useConsoleHarness } from '../support/harness.ts';
import { PHONE, expectNoSidewaysScroll } from '../support/readable.ts';

const harness = useConsoleHarness({}, { plant: true });

/** What the safe action's select shows as chosen. */
const safeAction = (page: Page) =>
  page.locator('.ant-form-item', { hasText: 'ET Safe Action' }).locator('.ant-select');

/** Each roast-limit field's value as the form shows it, in the plant's unit. */
async function shownLimits(page: Page) {
  return {
    high: await page.getByLabel('ET High Limit').inputValue(),
    reset: await page.getByLabel('ET Reset').inputValue(),
    band: await page.getByLabel('Profile Band').inputValue(),
    bandTime: await page.getByLabel('Band Time').inputValue(),
  };
}

async function openRoaster2(page: Page, url: (path: string) => string) {
  await page.goto(url('/admin/device/R2'));
  await page.getByRole('heading', { name: 'UPDATE DEVICE' }).waitFor();
  await page.getByLabel('ET High Limit').waitFor();
}

/** The top of each field's box, left to right within its row, rows top to bottom. */
async function fieldRows(page: Page): Promise<string[][]> {
  const items = page.locator('form').first().locator('.ant-form-item-label label');
  const boxes = await items.evaluateAll((labels) =>
    labels.map((label) => ({
      text: label.textContent ?? '',
      top: Math.round(label.getBoundingClientRect().top),
      left: label.getBoundingClientRect().left,
    })),
  );
  const rows = new Map<number, { text: string; left: number }[]>();
  for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box]);
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => row.sort((a, b) => a.left - b.left).map((box) => box.text));
}

describe("a roaster's roast limits", () => {
  test('an administrator changes Roaster 2’s ET high limit and safe action; a reset at or above the limit is refused; in °C the fields show and store °C', async () => {
    const { page, url, server } = harness();
    const admin = server.as(Role.Administrator);
    const stored = async () => (await admin<DeviceSummary>('GET', '/api/device/info/R2')).body;

    await signInAs(page, url, Role.Administrator, '/admin/devices');
    await openRoaster2(page, url);
    // Nothing set yet: the defaults, in °F.
    expect(await shownLimits(page)).toEqual({
      high: String(DEFAULT_ROAST_LIMITS.et_high_limit_f),
      reset: String(DEFAULT_ROAST_LIMITS.et_reset_f),
      band: String(DEFAULT_ROAST_LIMITS.band_f),
      bandTime: String(DEFAULT_ROAST_LIMITS.band_s),
    });
    expect(await safeAction(page).innerText()).toBe(ROAST_SAFE_ACTION_LABELS['burner-off']);
    // One tidy grid: the stage and the nameplate in a row of three, as the ET limits are, and
    // the band's two fields side by side.
    await page.setViewportSize({ width: 1440, height: 900 });
    expect((await fieldRows(page)).slice(2)).toEqual([
      ['Device Description'],
      ['Device Stage', 'Batch Capacity', 'Ideal Cycle'],
      ['ET High Limit', 'ET Reset', 'ET Safe Action'],
      ['Profile Band', 'Band Time'],
    ]);

    await page.getByLabel('ET High Limit').fill('560');
    await chooseOption(page, page, 'ET Safe Action', ROAST_SAFE_ACTION_LABELS.drop);
    await page.getByRole('button', { name: 'Update Device' }).click();
    await waitForToast(page, 'Device R2 updated');
    expect(await stored()).toMatchObject({
      et_high_limit_f: 560,
      et_reset_f: 530,
      et_safe_action: 'drop',
      band_f: 5,
      band_s: 30,
    });
    await page.reload();
    await page.getByLabel('ET High Limit').waitFor();
    expect(await shownLimits(page)).toMatchObject({ high: '560', reset: '530' });
    expect(await safeAction(page).innerText()).toBe(ROAST_SAFE_ACTION_LABELS.drop);

    // A reset at or above the limit: the contract's message, and nothing saved.
    const refused = { ...DEFAULT_ROAST_LIMITS, et_high_limit_f: 560, et_reset_f: 560 };
    await page.getByLabel('ET Reset').fill('560');
    await page.getByRole('button', { name: 'Update Device' }).click();
    await waitForNotification(page, roastLimitsProblem(refused)!);
    expect(await stored()).toMatchObject({ et_high_limit_f: 560, et_reset_f: 530 });

    // The plant in °C: the fields read in °C, and a limit typed in °C is stored as its °F.
    const unit = await admin('POST', '/api/admin/settings', {
      ref_id: SettingRef.TemperatureUnit,
      value: 'C',
    });
    expect(unit.status).toBe(200);
    await openRoaster2(page, url);
    // 560 °F is 293.3 °C, 530 °F 276.7 °C; the band, a difference of 5 °F, is 2.8 °C. The form
    // may show °F until it has read the plant's unit, then starts again in °C.
    await expect
      .poll(() => shownLimits(page), { timeout: 10_000 })
      .toEqual({
        high: '293.3',
        reset: '276.7',
        band: '2.8',
        bandTime: '30',
      });
    await page.locator('.ant-form-item', { hasText: 'ET High Limit' }).getByText('°C').waitFor();
    await page.getByLabel('ET High Limit').fill('300');
    await page.getByRole('button', { name: 'Update Device' }).click();
    await waitForToast(page, 'Device R2 updated');
    // 300 °C is 572 °F; the fields left as shown keep the °F they had, not their rounded °C.
    expect(await stored()).toMatchObject({
      et_high_limit_f: 572,
      et_reset_f: 530,
      et_safe_action: 'drop',
      band_f: 5,
    });

    await page.setViewportSize(PHONE);
    await page.getByLabel('ET High Limit').waitFor();
    await expectNoSidewaysScroll(page, 'The roaster’s form at 390 px');
    expect(await page.getByLabel('ET High Limit').inputValue()).toBe('300');
  });
});
