import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { Role } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

declare global {
  interface Window {
    /** Set by a test: the live stream's next device event never reaches the app. */
    __dropNextDeviceEvent?: boolean;
  }
}

/**
 * Runs in the page before the app: the live stream's body passes through a filter that can
 * drop one device event, as a lost message would, leaving a gap in the sequence.
 */
function installEventDropper(): void {
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const address = input instanceof Request ? input.url : String(input);
    if (!address.endsWith('/api/live') || !response.body) return response;
    let buffer = '';
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    const filtered = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          buffer += decoder.decode(chunk, { stream: true });
          const blocks = buffer.split('\n\n');
          buffer = blocks.pop() ?? '';
          for (const block of blocks) {
            if (window.__dropNextDeviceEvent && block.includes('event: device')) {
              window.__dropNextDeviceEvent = false;
              continue;
            }
            controller.enqueue(encoder.encode(`${block}\n\n`));
          }
        },
      }),
    );
    return new Response(filtered, { headers: response.headers, status: response.status });
  };
}

/** Counts the page's requests for device data from now on. */
function countDeviceRequests(page: Page): { detail: number; list: number } {
  const counts = { detail: 0, list: 0 };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/device/detail') counts.detail += 1;
    else if (pathname === '/api/device') counts.list += 1;
  });
  return counts;
}

async function openLevel(page: Page, url: (path: string) => string) {
  await signInAs(page, url, Role.Supervisor, '/device?id=GS3');
  await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
  await page.getByRole('tab', { name: 'PLC Commands' }).click();
  return page.getByRole('listitem', { name: 'Occupancy' });
}

describe('live values on the device page', () => {
  test('a PLC value change shows without the page asking the server again', async () => {
    const { page, url, server } = harness();
    const level = await openLevel(page, url);
    server.services.simulator.setValue('GS3', 'Occupancy', 2100);
    await level.getByText('2,100 lbs').waitFor();
    // The refetches of the stream's start were asked for before this first event arrived.

    const counts = countDeviceRequests(page);
    server.services.simulator.setValue('GS3', 'Occupancy', 2345);
    await level.getByText('2,345 lbs').waitFor();
    server.services.simulator.setValue('GS3', 'Occupancy', 2400);
    await level.getByText('2,400 lbs').waitFor();
    expect(counts).toEqual({ detail: 0, list: 0 });
  });

  test('a missed event makes the page refetch its device once', async () => {
    const { page, url, server } = harness();
    await page.addInitScript(installEventDropper);
    const level = await openLevel(page, url);
    server.services.simulator.setValue('GS3', 'Occupancy', 3100);
    await level.getByText('3,100 lbs').waitFor();

    const counts = countDeviceRequests(page);
    await page.evaluate(() => {
      window.__dropNextDeviceEvent = true;
    });
    // Lost: the page never hears of it, and nothing tells it yet that it missed it.
    server.services.simulator.setValue('GS3', 'Occupancy', 3200);
    await page.waitForFunction(() => window.__dropNextDeviceEvent === false);
    // The next event shows the gap; the refetch brings the page up to date.
    const refetched = page.waitForResponse((r) => r.url().includes('/api/device/detail'));
    server.services.simulator.setValue('GS4', 'Occupancy', 1234);
    await refetched;
    await level.getByText('3,200 lbs').waitFor();
    server.services.simulator.setValue('GS3', 'Occupancy', 3300);
    await level.getByText('3,300 lbs').waitFor();
    expect(counts.detail).toBe(1);
  });
});
