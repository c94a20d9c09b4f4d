import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServerUrl } from '@roastery/db/testing';
import { Role, type AdminReport, type ReportView } from '@roastery/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { newBean, newOrder, newProduct } from '../../../test/order-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  // Long enough for the planner's check of every report on a loaded machine (it ran past 0.3 s
  // once, four test files at a time on two cores); the runaway query below runs for minutes.
  t = await buildTestApp({ REPORT_ROW_CAP: '3', REPORT_TIMEOUT: '2s' });
  for (const n of [1, 2, 3, 4, 5]) {
    await t.services.eventLog.record({
      kind: 'device',
      deviceName: 'report-test',
      description: `event ${n}`,
    });
  }
});
afterAll(() => t.close());

const admin = () => t.as(Role.Administrator);

async function create(code: string, title = 'Report') {
  return admin()<AdminReport>('POST', '/api/admin/reports', { title, description: 'd', code });
}

async function view(code: string) {
  const created = await create(code);
  if (created.status !== 201) return created as unknown as { status: number; body: ReportView };
  return admin()<ReportView>('GET', `/api/report/metabase?id=${created.body.id}`);
}

describe('admin reports', () => {
  it('validate title and code with the spec messages, and only an administrator creates', async () => {
    const missing = await admin()('POST', '/api/admin/reports', { title: ' ', code: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Please input title');
    expect(missing.body.message).toContain('Please input code');
    const supervisor = await t.as(Role.Supervisor)('POST', '/api/admin/reports', {
      title: 'x',
      code: 'select 1',
    });
    expect(supervisor.status).toBe(403);
  });

  it('are created, listed and deleted', async () => {
    const created = await create('select count(*) as n from report_events', 'Event count');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Event count', description: 'd' });
    const list = await t.as(Role.Supervisor)<AdminReport[]>('GET', '/api/admin/reports');
    expect(list.body.map((r) => r.title)).toContain('Event count');
    const deleted = await admin()('DELETE', `/api/admin/reports/${created.body.id}`);
    expect(deleted).toEqual({ status: 200, body: { message: 'Report Deleted Successfully' } });
    expect((await admin()('DELETE', `/api/admin/reports/${created.body.id}`)).status).toBe(404);
    expect((await admin()('GET', `/api/report/metabase?id=${created.body.id}`)).status).toBe(404);
  });

  it('run their SQL over the reporting views, capped at the row limit', async () => {
    const { status, body } = await view(
      "select event_description from report_events where device_name = 'report-test' order by event_id",
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      kind: 'sql',
      title: 'Report',
      columns: ['event_description'],
      rows: [
        { event_description: 'event 1' },
        { event_description: 'event 2' },
        { event_description: 'event 3' },
      ],
      truncated: true,
    });
    const count = await view(
      "select count(*)::int as n from report_events where device_name = 'report-test'",
    );
    expect(count.body).toMatchObject({ rows: [{ n: 5 }], truncated: false });
  });

  it('refuse SQL that writes, runs a second statement or reaches past the views', async () => {
    const refusals: [string, string][] = [
      ['delete from events', 'A report is one SELECT statement over the reporting views.'],
      [
        'select 1; drop table users',
        'A report is one SELECT statement: remove the semicolons inside it.',
      ],
      [
        'select 1) r; drop table users; select * from (select 1',
        'A report is one SELECT statement: remove the semicolons inside it.',
      ],
    ];
    for (const [code, message] of refusals) {
      const res = await create(code);
      expect(res.status, code).toBe(422);
      expect(res.body).toMatchObject({ message });
    }
    const failures: [string, RegExp][] = [
      ['select username, password_hash from users', /^A report reads only the reporting views/],
      ["select pg_read_file('/etc/passwd')", /^A report reads only the reporting views/],
      ['select pg_sleep(10)', /^A report reads only the reporting views/],
      [
        'with gone as (delete from events returning event_id) select * from gone',
        /^The report's SQL failed: /,
      ],
      ["select nextval('events_event_id_seq')", /^A report/],
    ];
    for (const [code, message] of failures) {
      const res = await view(code);
      expect(res.status, code).toBe(422);
      expect((res.body as unknown as { message: string }).message, code).toMatch(message);
    }
    const { body } = await view(
      "select count(*)::int as n from report_events where device_name = 'report-test'",
    );
    expect(body).toMatchObject({ rows: [{ n: 5 }] });
  });

  it('refuse a query the planner sees reading far too much', async () => {
    // The planner knows a constant series' size exactly; a join of small tables would depend on
    // whether the database had gathered their statistics yet.
    const res = await view('select count(*) from generate_series(1, 1000000000)');
    expect(res.status).toBe(422);
    expect((res.body as unknown as { message: string }).message).toBe(
      'This report would read too much at once: narrow it with a WHERE clause or an aggregate.',
    );
  });

  // The embedded database cannot interrupt a running statement; PostgreSQL's timeout can.
  it.runIf(testServerUrl())('stop a report that runs past its timeout', async () => {
    // The planner guesses a recursive query small: only the timeout can stop this one.
    const res = await view(
      'with recursive t(n) as (select 1 union all select n + 1 from t where n < 1000000000) select count(*) from t',
    );
    expect(res.status).toBe(422);
    expect((res.body as unknown as { message: string }).message).toBe(
      'The report ran longer than 2 s and was stopped.',
    );
  });

  it('give numbers as numbers, and weights to the hundredth as the ledger keeps them', async () => {
    const bean = await newBean(admin(), 'Report Bean');
    const productId = await newProduct(
      admin(),
      'Report Roast',
      [{ bean_id: bean, ratio: 100 }],
      50,
    );
    const orderId = await newOrder(t.database.db, { kind: 'roasting', productId, lbs: 500 });
    const weights = await view(
      `select qty_lbs, qty_lbs::text as qty_text from report_orders where order_id = ${orderId}`,
    );
    expect(weights.status).toBe(200);
    // The view itself says 500.00, not 500.0000000000000000; the reply carries the number.
    expect(weights.body).toMatchObject({ rows: [{ qty_lbs: 500, qty_text: '500.00' }] });

    const figures = await view(
      "select count(*) as n, avg(v) as mean, 12345678901234567890::numeric as huge, 'NaN'::numeric as nan from (values (1), (2)) as t(v)",
    );
    expect(figures.body).toMatchObject({
      // bigint and numeric come as numbers; one too large for a number keeps all its digits.
      rows: [{ n: 2, mean: 1.5, huge: '12345678901234567890', nan: 'NaN' }],
    });

    // Moments as ISO text in UTC, for the screen to show in its time zone.
    const moments = await view(
      "select timestamptz '2026-04-12 14:05:00.5+02' as at, timestamptz 'infinity' as never",
    );
    expect(moments.body).toMatchObject({
      rows: [{ at: '2026-04-12T12:05:00.500Z', never: 'infinity' }],
    });
  });
});

describe('admin reports with Metabase', () => {
  it('sign a static-embedding URL for the question the code names', async () => {
    const secret = 'm'.repeat(64);
    const mb = await buildTestApp({
      METABASE_SITE_URL: 'https://metabase.example.com/',
      METABASE_SECRET_KEY: secret,
    });
    try {
      const bad = await mb.as(Role.Administrator)('POST', '/api/admin/reports', {
        title: 'Roasts',
        code: 'select 1',
      });
      expect(bad.status).toBe(422);
      const created = await mb.as(Role.Administrator)<AdminReport>('POST', '/api/admin/reports', {
        title: 'Roasts',
        code: '42',
      });
      const { body } = await mb.as(Role.Supervisor)<ReportView>(
        'GET',
        `/api/report/metabase?id=${created.body.id}`,
      );
      if (body.kind !== 'metabase') throw new Error('expected a Metabase report');
      const match = /^https:\/\/metabase\.example\.com\/embed\/question\/([^#]+)#/.exec(body.url);
      expect(match).not.toBeNull();
      const { payload } = await jwtVerify(match![1]!, new TextEncoder().encode(secret));
      expect(payload).toMatchObject({ resource: { question: 42 }, params: {} });
      expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    } finally {
      await mb.close();
    }
  });
});
