import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, reportExportMessages, type ReportExportBody, type RoleId } from '@roastery/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const recall: ReportExportBody = {
  format: 'xls',
  file_name: 'recall-lot-GL-1',
  sheets: [
    {
      name: 'Customers',
      columns: ['Customer', 'Packed (lbs)'],
      rows: [
        ['Café Lumen', 120.5],
        ['=HYPERLINK("x")', 40],
      ],
    },
    { name: 'Packed orders: bags/cases', columns: ['Order', 'Shipped'], rows: [['PO-7', null]] },
  ],
};

async function exportOf(body: object, role: RoleId = Role.Supervisor) {
  return t.app.inject({
    method: 'POST',
    url: '/api/report/export',
    headers: { authorization: `Bearer ${await t.tokenFor(role)}` },
    payload: body,
  });
}

async function sheetsOf(payload: Buffer): Promise<Record<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as its own Buffer, which Node's Buffer<ArrayBufferLike> is at run time.
  await workbook.xlsx.load(payload as unknown as ExcelJS.Buffer);
  const sheets: Record<string, unknown[][]> = {};
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) =>
      rows.push((row.values as unknown[]).slice(1, sheet.columnCount + 1)),
    );
    sheets[sheet.name] = rows;
  });
  return sheets;
}

describe('a report export', () => {
  it('writes each table as a sheet, numbers as numbers and formulas as text', async () => {
    const res = await exportOf(recall);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="recall-lot-GL-1.xlsx"');
    const sheets = await sheetsOf(res.rawPayload);
    expect(Object.keys(sheets)).toEqual(['Customers', 'Packed orders  bags cases']);
    expect(sheets['Customers']).toEqual([
      ['Customer', 'Packed (lbs)'],
      ['Café Lumen', 120.5],
      ['=HYPERLINK("x")', 40],
    ]);
    expect(sheets['Packed orders  bags cases']).toEqual([['Order', 'Shipped'], ['PO-7']]);
  });

  it('writes the same tables as CSV, each under its name', async () => {
    const res = await exportOf({ ...recall, format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="recall-lot-GL-1.csv"');
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFFCustomers',
      'Customer,Packed (lbs)',
      'Café Lumen,120.5',
      `"'=HYPERLINK(""x"")",40`,
      '',
      'Packed orders: bags/cases',
      'Order,Shipped',
      'PO-7,',
      '',
    ]);
  });

  it('writes a table of many rows whole and in order, in both formats', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => [`PO-${i}`, i * 1.5]);
    const body = {
      file_name: 'many',
      sheets: [{ name: 'Orders', columns: ['Order', 'lbs'], rows }],
    };
    const csv = await exportOf({ ...body, format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')).toEqual([
      '\uFEFFOrder,lbs',
      ...rows.map(([order, lbs]) => `${order},${lbs}`),
      '',
    ]);
    const xls = await exportOf({ ...body, format: 'xls' });
    expect(xls.statusCode).toBe(200);
    expect((await sheetsOf(xls.rawPayload))['Orders']).toEqual([['Order', 'lbs'], ...rows]);
  });

  it('refuses rows that do not fit their columns, and a file name with a path', async () => {
    const ragged = await exportOf({
      ...recall,
      sheets: [{ name: 'Customers', columns: ['Customer'], rows: [['a', 'b']] }],
    });
    expect(ragged.statusCode).toBe(400);
    expect(ragged.json().message).toContain(reportExportMessages.rowWidth);
    const path = await exportOf({ ...recall, file_name: '../etc/passwd' });
    expect(path.statusCode).toBe(400);
    expect(path.json().message).toContain(reportExportMessages.fileName);
  });

  it('is for the roles that see the reports', async () => {
    expect((await exportOf(recall, Role.Operator)).statusCode).toBe(403);
  });
});
