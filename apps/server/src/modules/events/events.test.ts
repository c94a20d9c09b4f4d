import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type EventExportFormat, type LogEvent } from '@roastery/contract';
import { buildTestApp, testUsers, USER_PASSWORD, type TestApp } from '../../../test/helper.ts';
import { csvField } from '../../lib/table-export.ts';

interface Page {
  data: LogEvent[];
  currentPage: number;
  totalPage: number;
  limit: number;
  total: number;
}

let t: TestApp;
/** Every event this file records is tagged with this kind, so sign-ins and others stay out. */
const KIND = 'device';

beforeAll(async () => {
  t = await buildTestApp();
  const day = (n: number) => new Date(Date.UTC(2026, 2, n, 12, 0, 0));
  await t.services.eventLog.record({
    kind: KIND,
    deviceName: 'Roaster 1',
    description: 'Drum speed set to 40',
    time: day(1),
  });
  await t.services.eventLog.record({
    kind: KIND,
    deviceName: 'Silo 2',
    description: '=SUM(A1) reads 100% full',
    time: day(2),
  });
  await t.services.eventLog.record({
    kind: KIND,
    deviceName: 'Roaster 1',
    description: 'Gas valve opened, "main"',
    time: day(3),
  });
  await t.services.eventLog.record({
    kind: KIND,
    deviceName: 'Packer',
    description: 'Bag count reset',
    time: new Date(Date.UTC(2026, 3, 1)),
  });
});
afterAll(() => t.close());

const march = { gte: '2026-03-01T00:00:00.000Z', lt: '2026-04-01T00:00:00.000Z' };

async function exportOf(format: EventExportFormat, where: object) {
  const token = await t.tokenFor(Role.Supervisor);
  return t.app.inject({
    method: 'POST',
    url: '/api/event/export',
    headers: { authorization: `Bearer ${token}` },
    payload: { where, format },
  });
}

describe('the events log', () => {
  it('pages a month of events newest first, with the totals', async () => {
    const { status, body } = await t.as(Role.Supervisor)<Page>('POST', '/api/event', {
      where: { kind: KIND, event_time: march },
      limit: 2,
      page: 1,
    });
    expect(status).toBe(200);
    expect(body.data.map((e) => e.event_description)).toEqual([
      'Gas valve opened, "main"',
      '=SUM(A1) reads 100% full',
    ]);
    expect(body).toMatchObject({ currentPage: 1, totalPage: 2, limit: 2, total: 3 });
    const second = await t.as(Role.Supervisor)<Page>('POST', '/api/event', {
      where: { kind: KIND, event_time: march },
      limit: 2,
      page: 2,
    });
    expect(second.body.data.map((e) => e.event_description)).toEqual(['Drum speed set to 40']);
  });

  it('searches event text and device names, taking % and _ literally', async () => {
    const search = async (text: string) =>
      (
        await t.as(Role.Supervisor)<Page>('POST', '/api/event', {
          where: { kind: KIND, search: text },
        })
      ).body.data.map((e) => e.event_description);
    expect(await search('roaster')).toEqual(['Gas valve opened, "main"', 'Drum speed set to 40']);
    expect(await search('100%')).toEqual(['=SUM(A1) reads 100% full']);
    expect(await search('%')).toEqual(['=SUM(A1) reads 100% full']);
    expect(await search("' or 1=1 --")).toEqual([]);
  });

  it('refuses a filter outside its allow-list with 400 and never runs it', async () => {
    for (const where of [
      { device_id: { $ne: '' } },
      { 'event_description; drop table events': 'x' },
      { event_time: { gte: "2026-01-01' or '1'='1" } },
      { event_time: { gt: '2026-01-01T00:00:00.000Z' } },
      { search: 'x'.repeat(121) },
    ]) {
      const { status } = await t.as(Role.Supervisor)('POST', '/api/event', { where });
      expect(status, JSON.stringify(where)).toBe(400);
    }
    const { body } = await t.as(Role.Supervisor)<Page>('POST', '/api/event', {
      where: { kind: KIND },
    });
    expect(body.total).toBe(4);
  });

  it('is closed to operators', async () => {
    expect((await t.as(Role.Operator)('POST', '/api/event', {})).status).toBe(403);
    expect((await t.as(Role.Operator)('POST', '/api/event/export', { format: 'csv' })).status).toBe(
      403,
    );
  });
});

describe('the events export', () => {
  it('writes exactly the filtered rows as CSV, count first, formulas kept as text', async () => {
    const res = await exportOf('csv', { kind: KIND, event_time: march });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-rows']).toBe('3');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="events-.*\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('event_id,device_name,event_description,event_time,kind,user,result');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual([
      'Roaster 1',
      'Silo 2',
      'Roaster 1',
    ]);
    expect(lines[1]).toContain('"Gas valve opened, ""main"""');
    expect(lines[2]).toContain(",'=SUM(A1) reads 100% full,");
    expect(lines[2]).toContain('2026-03-02T12:00:00.000Z');
  });

  it('writes an Excel workbook with the same rows', async () => {
    const res = await exportOf('xls', { kind: KIND, event_time: march });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    // exceljs types its input as its own Buffer, which Node's Buffer<ArrayBufferLike> is at run time.
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Events');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      'event_id',
      'device_name',
      'event_description',
      'event_time',
      'kind',
      'user',
      'result',
    ]);
    expect(rows.slice(1).map((r) => r[2])).toEqual([
      'Gas valve opened, "main"',
      '=SUM(A1) reads 100% full',
      'Drum speed set to 40',
    ]);
  });

  it('walks a selection larger than one batch without losing or repeating a row', async () => {
    // Many rows at one instant: the walk's position must break ties by id.
    await t.database.db.execute(sql`
      insert into events (event_description, kind, device_name, event_time)
      select 'bulk ' || n, 'bulk', 'Bulk', timestamptz '2025-06-01 00:00:00+00'
      from generate_series(1, 4500) as n`);
    const res = await exportOf('csv', { kind: 'bulk' });
    expect(res.headers['x-total-rows']).toBe('4500');
    const names = res.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[2]);
    expect(names).toHaveLength(4500);
    expect(new Set(names).size).toBe(4500);
  });

  it('keeps rows apart that share a millisecond, as the database keeps microseconds', async () => {
    await t.database.db.execute(sql`
      insert into events (event_description, kind, event_time)
      select 'micro ' || n, 'micro', timestamptz '2025-07-01 00:00:00.000100+00' + n * interval '100 microseconds'
      from generate_series(1, 7) as n`);
    const seen: string[] = [];
    for await (const batch of t.services.eventLog.walk({ kind: 'micro' }, 2)) {
      seen.push(...batch.map((e) => e.event_description));
    }
    expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1].map((n) => `micro ${n}`));
  });

  it('quotes CSV fields as spreadsheets read them', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });
});

describe('what the events log records from the console', () => {
  const latest = async (kind: string, search?: string) => {
    await t.services.eventRecorder.settled();
    const { body } = await t.as(Role.Administrator)<Page>('POST', '/api/event', {
      where: { kind, ...(search ? { search } : {}) },
    });
    return body.data;
  };

  it('records sign-ins and refused sign-ins with the username', async () => {
    const username = testUsers[Role.Operator].username;
    await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username, password: USER_PASSWORD },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username, password: 'wrong-password' },
    });
    const events = await latest('sign-in', username);
    expect(events.slice(0, 2).map((e) => [e.event_description, e.result])).toEqual([
      [`${username} was refused sign-in`, 'refused'],
      [`${username} signed in`, 'ok'],
    ]);
  });

  it('records a setting change with who made it', async () => {
    await t.as(Role.Supervisor)('POST', '/api/admin/settings', {
      ref_id: 'r-dump-mode',
      value: 'manual',
    });
    const [event] = await latest('setting');
    expect(event).toMatchObject({
      event_description: "Setting 'Dump target' (r-dump-mode) set to 'manual'",
      user: testUsers[Role.Supervisor].full_name,
    });
  });

  it('records order transitions and console alarms from the hub', async () => {
    t.services.hub.publish({ type: 'order', id: 7, change: 'status' });
    await t.services.notifications.raise({
      type: 'alarm',
      text: 'Roaster 1 did not reach its charge temperature',
      by: 'workflow engine',
    });
    expect((await latest('order'))[0]?.event_description).toBe('Order 7 changed status');
    expect((await latest('alarm'))[0]).toMatchObject({
      event_description: 'Alarm: Roaster 1 did not reach its charge temperature',
      user: 'workflow engine',
    });
  });
});
