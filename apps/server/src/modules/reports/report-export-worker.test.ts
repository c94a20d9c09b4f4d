import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role, reportExportMessages } from '@roastery/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { DEPTH_MESSAGE, MAX_BODY_DEPTH, PROTOTYPE_KEY_MESSAGE } from '../../plugins/json-body.ts';
import { ReportExportPool } from './report-export-pool.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function exportOf(payload: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/report/export',
    headers: {
      authorization: `Bearer ${await t.tokenFor(Role.Supervisor)}`,
      'content-type': 'application/json',
    },
    payload,
  });
}

const sheet = (rows: unknown[][]) => ({ name: 'Orders', columns: ['Order', 'lbs'], rows });
const body = (rows: unknown[][], extra: object = {}) =>
  JSON.stringify({ format: 'csv', file_name: 'orders', sheets: [sheet(rows)], ...extra });

describe('a report export written off the server thread', () => {
  it('leaves the server answering while its body is checked and written', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => [`PO-${i}`, i * 1.5]);
    const order: string[] = [];
    let live: Promise<unknown> | undefined;
    const start = ReportExportPool.prototype.start;
    const handedOver = vi.spyOn(ReportExportPool.prototype, 'start').mockImplementation(function (
      this: ReportExportPool,
      bytes,
    ) {
      const exporting = start.call(this, bytes);
      // Sent once the body is with the worker: answered while the worker parses it.
      live = t.app
        .inject({ method: 'GET', url: '/api/health/live' })
        .then((res) => order.push(`live ${res.statusCode}`));
      return exporting;
    });
    try {
      const res = await exportOf(body(rows));
      order.push('export ended');
      await live;
      expect(res.statusCode).toBe(200);
      expect(res.body.split('\r\n')).toHaveLength(rows.length + 2);
      expect(handedOver).toHaveBeenCalledOnce();
      expect(order).toEqual(['live 200', 'export ended']);
    } finally {
      handedOver.mockRestore();
    }
  });

  it('refuses a bad body with the messages every route gives', async () => {
    const refusal = async (payload: string) => {
      const res = await exportOf(payload);
      expect(res.statusCode).toBe(400);
      const reply = res.json<{ statusCode: number; error: string; message: string }>();
      expect(reply).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      return reply.message;
    };
    expect(await refusal(body([['PO-1', 'a\u0000b']]))).toBe(
      'sheets.0.rows.0.1: must not contain a NUL character',
    );
    expect(await refusal(body([['PO-1']]))).toBe(`sheets.0.rows: ${reportExportMessages.rowWidth}`);
    expect(await refusal(body([], { file_name: '../x' }))).toBe(
      `file_name: ${reportExportMessages.fileName}`,
    );
    expect(await refusal(body([], { extra: 1 }))).toBe('Unrecognized key: "extra"');
    expect(await refusal('{"format":"csv","__proto__":{"x":1}}')).toBe(PROTOTYPE_KEY_MESSAGE);
    const deep = `${'['.repeat(MAX_BODY_DEPTH + 2)}${']'.repeat(MAX_BODY_DEPTH + 2)}`;
    expect(await refusal(body([], { deep: JSON.parse(deep) as unknown }))).toBe(DEPTH_MESSAGE);
    expect(await refusal('{"format":')).toBe(
      "Body is not valid JSON but content-type is set to 'application/json'",
    );
    expect(await refusal('')).toBe(
      "Body cannot be empty when content-type is set to 'application/json'",
    );
    const tooLarge = await exportOf(' '.repeat(32 * 1024 * 1024 + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ message: 'Request body is too large' });
  });
});
