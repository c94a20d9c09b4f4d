import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type EventPage } from '@roastery/contract';
import { buildTestApp, type ApiCaller, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let supervisor: ApiCaller;
let statements: string[] = [];
/** The events of this file are in May 2026, so the console's own events stay out. */
const may = { gte: '2026-05-01T00:00:00.000Z', lt: '2026-06-01T00:00:00.000Z' };

beforeAll(async () => {
  t = await buildTestApp({}, { onQuery: (sql) => statements.push(sql) });
  supervisor = t.as(Role.Supervisor);
  for (const day of [3, 4, 5]) {
    await t.services.eventLog.record({
      kind: 'config',
      deviceName: 'Roaster 1',
      description: `Setting ${day}`,
      time: new Date(Date.UTC(2026, 4, day, 8)),
    });
  }
});
afterAll(() => t.close());

const page = (where: object = { event_time: may }, limit = 2) =>
  supervisor<EventPage>('POST', '/api/event', { where, page: 1, limit });

/** The statements that read the log while the requests of `during` are answered. */
async function logReadsOf(during: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  await during();
  return statements.filter((s) => /from "events"|from "event_counts"/i.test(s));
}

describe('a page of the events log under repeated reads', () => {
  it('answers requests for the same page with one read until an event is recorded', async () => {
    const first = await logReadsOf(page);
    expect(first.length).toBeGreaterThan(0);
    // What the console records on its own (this caller's sign-in) ends the sharing too: once it
    // is written, one more read is shared by every request until the next event.
    await t.services.eventRecorder.settled();
    await page();
    const again = await logReadsOf(() => Promise.all([page(), page(), page()]));
    expect(again).toEqual([]);
    const other = await logReadsOf(() => page({ event_time: may }, 3));
    expect(other.length).toBe(first.length);
  });

  it('shows an event at once after it is recorded, with the total counting it', async () => {
    const before = (await page()).body;
    expect(before.total).toBe(3);
    await t.services.eventLog.record({
      kind: 'device',
      deviceName: 'Green Silo 1',
      description: 'Inlet gate opened',
      time: new Date(Date.UTC(2026, 4, 20, 9)),
    });
    const after = (await page()).body;
    expect(after.total).toBe(4);
    expect(after.totalPage).toBe(2);
    expect(after.data.map((e) => e.event_description)).toEqual(['Inlet gate opened', 'Setting 5']);
  });
});
