import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { Role } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

/** A supervisor's screens: more console tabs than a browser has connections to one server. */
const TABS = 10;

/** The live streams the browser holds open now, with the tab holding each. */
function openStreams(context: BrowserContext): Map<Request, Page> {
  const open = new Map<Request, Page>();
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/live') open.set(request, request.frame().page());
  });
  // A stream ends when its tab aborts it or closes, or when the server ends it.
  context.on('requestfailed', (request) => open.delete(request));
  context.on('requestfinished', (request) => open.delete(request));
  const watchClose = (tab: Page) =>
    tab.once('close', () => {
      for (const [request, holder] of open) if (holder === tab) open.delete(request);
    });
  context.pages().forEach(watchClose);
  context.on('page', watchClose);
  return open;
}

/** Counts the tab's requests for device data from now on: a polling tab makes them. */
function countDeviceRequests(tab: Page): { detail: number; list: number } {
  const counts = { detail: 0, list: 0 };
  tab.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/device/detail') counts.detail += 1;
    else if (pathname === '/api/device') counts.list += 1;
  });
  return counts;
}

const live = (tab: Page) => tab.getByRole('status', { name: 'Live updates: Live' });

describe('live streams of one browser', () => {
  // A browser keeps at most six connections to one server. With a stream per tab, the tabs past
  // the browser's limit waited for the 5 s poll: a PLC change took 4.6 s to show in the tenth.
  test('ten console tabs of one user share one stream, and a PLC change shows in the last without polling, also after the leading tab is closed', async () => {
    const { page, context, url, server } = harness();
    const streams = openStreams(context);
    await signInAs(page, url, Role.Supervisor);
    await live(page).waitFor();
    await page.goto(url('/device?id=GS3'));
    const tabs = [page];
    for (let i = 1; i < TABS; i += 1) {
      const tab = await context.newPage();
      await tab.goto(url('/device?id=GS3'));
      // Every tab's screen is answered: the one stream leaves the browser's connections free.
      await tab.getByRole('heading', { name: 'Green Silo 3' }).waitFor();
      tabs.push(tab);
    }
    for (const tab of tabs) await live(tab).waitFor();
    await expect.poll(() => streams.size, { timeout: 30_000 }).toBe(1);

    const showsPushed = async (tab: Page, value: number) => {
      await tab.getByRole('tab', { name: 'PLC Commands' }).click();
      const level = tab.getByRole('listitem', { name: 'Occupancy' });
      // The refetches of the tab's start were asked for before this first change arrived.
      server.services.simulator.setValue('GS3', 'Occupancy', value);
      await level.getByText(`${value.toLocaleString('en-US')} lbs`).waitFor();
      const counts = countDeviceRequests(tab);
      server.services.simulator.setValue('GS3', 'Occupancy', value + 45);
      await level.getByText(`${(value + 45).toLocaleString('en-US')} lbs`).waitFor();
      expect(counts).toEqual({ detail: 0, list: 0 });
    };
    await showsPushed(tabs.at(-1)!, 2300);

    // The tab that holds the stream closes: another takes it over, and every tab stays live.
    const [leader] = [...streams.values()];
    expect(tabs).toContain(leader);
    await leader!.close();
    const open = tabs.filter((tab) => tab !== leader);
    for (const tab of open) await live(tab).waitFor();
    await expect.poll(() => streams.size, { timeout: 30_000 }).toBe(1);
    expect(open).toContain([...streams.values()][0]);
    await showsPushed(open.at(-1)!, 3100);
    for (const tab of open) expect(await live(tab).isVisible()).toBe(true);
    // Ten tabs load one after another, each taking seconds on a loaded machine.
  }, 300_000);
});
