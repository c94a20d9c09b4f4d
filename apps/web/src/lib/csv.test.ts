import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

const columns = [
  { header: 'name', value: (row: { name: string | null; qty: number }) => row.name },
  { header: 'qty', value: (row: { name: string | null; qty: number }) => row.qty },
];

describe('toCsv', () => {
  it('writes a header and CRLF-ended rows', () => {
    expect(toCsv(columns, [{ name: 'Acme', qty: 1200.5 }])).toBe('name,qty\r\nAcme,1200.5\r\n');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    const csv = toCsv(columns, [
      { name: 'Smith, John', qty: 1 },
      { name: 'The "Best" Cafe', qty: 2 },
      { name: 'two\nlines', qty: 3 },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'name,qty',
      '"Smith, John",1',
      '"The ""Best"" Cafe",2',
      '"two\nlines",3',
      '',
    ]);
  });

  it('keeps a formula-looking text from running in a spreadsheet', () => {
    expect(toCsv(columns, [{ name: '=HYPERLINK("x")', qty: -5 }])).toBe(
      'name,qty\r\n"\'=HYPERLINK(""x"")",-5\r\n',
    );
    expect(toCsv(columns, [{ name: '@cmd', qty: 0 }])).toBe("name,qty\r\n'@cmd,0\r\n");
  });

  it('leaves null cells and non-finite numbers empty', () => {
    expect(toCsv(columns, [{ name: null, qty: Number.NaN }])).toBe('name,qty\r\n,\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(columns, [])).toBe('name,qty\r\n');
  });
});
