import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs, waitForToast } from '../support/console-actions.ts';

const harness = useConsoleHarness();

/** The rows of the events table as the user reads them: device and event text. */
async function tableRows(page: Page): Promise<string[][]> {
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent ?? '')),
  );
}

async function download(page: Page, button: string): Promise<Buffer> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  return readFile(path);
}

describe('the events log', () => {
  test('filters this month by text and exports exactly the filtered rows as CSV and XLS', async () => {
    const { page, url, server } = harness();
    const thisMonth = dayjs().startOf('month').add(1, 'hour');
    const record = (deviceName: string, description: string, time: Date) =>
      server.services.eventLog.record({ kind: 'device', deviceName, description, time });
    await record('Roaster 1', 'Drum speed set to 40', thisMonth.toDate());
    await record('Roaster 1', 'Gas valve opened', thisMonth.add(1, 'minute').toDate());
    await record('Silo 2', 'Gate opened', thisMonth.add(2, 'minute').toDate());
    await record('Roaster 1', 'Last month drum speed', thisMonth.subtract(1, 'month').toDate());

    await signInAs(page, url, Role.Supervisor, '/logs');
    await page.getByRole('tab', { name: 'Events' }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Event text' });
    await search.fill('drum speed');
    await search.press('Enter');
    await expect.poll(() => tableRows(page)).toEqual([['Roaster 1', 'Drum speed set to 40']]);

    await search.fill('nothing like this');
    await search.press('Enter');
    await page.getByText('No Events Found').waitFor();

    await search.fill('opened');
    await search.press('Enter');
    await expect
      .poll(() => tableRows(page))
      .toEqual([
        ['Silo 2', 'Gate opened'],
        ['Roaster 1', 'Gas valve opened'],
      ]);

    const csv = (await download(page, 'Export CSV')).toString('utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('event_id,device_name,event_description,event_time,kind,user,result');
    expect(lines.slice(1).map((l) => l.split(',').slice(1, 3))).toEqual([
      ['Silo 2', 'Gate opened'],
      ['Roaster 1', 'Gas valve opened'],
    ]);
    await waitForToast(page, '2 events exported');

    const workbook = new ExcelJS.Workbook();
    // exceljs types its input as its own Buffer, which Node's Buffer is at run time.
    await workbook.xlsx.load((await download(page, 'Export XLS')) as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    workbook
      .getWorksheet('Events')
      ?.eachRow((row) => rows.push((row.values as unknown[]).slice(2, 4)));
    expect(rows).toEqual([
      ['device_name', 'event_description'],
      ['Silo 2', 'Gate opened'],
      ['Roaster 1', 'Gas valve opened'],
    ]);
  });
});

describe('a long entry in the events log', () => {
  test('keeps its row one line high: a long By is cut, whole in its tooltip', async () => {
    const { page, url, server } = harness();
    // How the log named a run's writes before it named the person alone: a long run id.
    const by =
      "Administrator (workflow 'Roast Green Silo 1 on Roaster 1 into WRB Bin 1', run 3f2a9c1e-5b7d-4c1e-9a0b-1234567890ab)";
    const record = (description: string, userName: string) =>
      server.services.eventLog.record({
        kind: 'plc-write',
        deviceName: 'Green Silo 1',
        description,
        userName,
      });
    await record('Row height Inlet Gate set to 1: ok', by);
    await record('Row height Inlet Gate set to 0: ok', 'Administrator');

    await signInAs(page, url, Role.Supervisor, '/logs');
    const search = page.getByRole('searchbox', { name: 'Event text' });
    await search.fill('Row height');
    await search.press('Enter');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    const long = rows.filter({ hasText: 'set to 1' });
    const short = rows.filter({ hasText: 'set to 0' });
    const height = async (row: typeof long) => (await row.boundingBox())?.height ?? 0;
    expect(await height(long)).toBe(await height(short));

    await long.getByText('Administrator (workflow').hover();
    await page.getByRole('tooltip').getByText(by, { exact: true }).waitFor();
  });
});

describe('settings', () => {
  test("a change on the settings screen shows at once on the console's other screens", async () => {
    const { page, url, context } = harness();
    await signInAs(page, url, Role.Administrator);
    const other = await context.newPage();
    await other.goto(url('/logs'));
    await other.getByText('Roastery Console', { exact: true }).waitFor();

    await page.goto(url('/admin/settings'));
    await page.getByRole('tab', { name: 'Other' }).click();
    const name = page.getByLabel('Plant name');
    await name.fill('Roastery North');
    await name.press('Enter');
    await waitForToast(page, 'Plant name saved');

    // No reload: the live stream tells the other screen, which reads its settings again.
    await other.getByText('Roastery North', { exact: true }).waitFor();
    await expect.poll(() => other.title()).toBe('Roastery North · Roastery Console');
    await other.close();
  });
});

describe('admin reports', () => {
  test('an administrator creates a report over the reporting views, previews it, sees it on the Other tab and deletes it', async () => {
    const { page, url, server } = harness();
    await server.services.eventLog.record({
      kind: 'device',
      deviceName: 'Report Device',
      description: 'For the report',
    });
    await signInAs(page, url, Role.Administrator, '/admin/reports');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Please input title').waitFor();
    await page.getByText('Please input code').waitFor();

    await page.getByLabel('Title').fill('Report device events');
    await page.getByLabel('Description').fill('What the report device did');
    await page
      .getByLabel('Code')
      .fill(
        "select device_name, event_description from report_events where device_name = 'Report Device'",
      );
    await page.getByRole('button', { name: 'Create' }).click();
    await waitForToast(page, 'Report Created Successfully');
    const row = page.getByRole('row', { name: /Report device events/ });
    await row.getByText('What the report device did').waitFor();

    await row.getByRole('button', { name: 'Preview Report device events' }).click();
    const preview = page.locator('.ant-card', { hasText: 'event_description' });
    await preview.getByRole('cell', { name: 'For the report' }).waitFor();

    // The reports screen's Other tab shows it too, by its title.
    await page.goto(url('/reports?t=other'));
    await page.getByText('What the report device did').waitFor();
    await page.getByRole('cell', { name: 'For the report' }).waitFor();

    await page.goto(url('/admin/reports'));
    await row.getByRole('button', { name: 'Delete Report device events' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await waitForToast(page, 'Report Deleted Successfully');
    await expect.poll(() => row.count()).toBe(0);
  });
});
