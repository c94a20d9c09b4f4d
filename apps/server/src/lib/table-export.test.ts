import { describe, expect, it } from 'vitest';
import { EXPORT_SLICE_ROWS, tableExportStream, type TableExportFormat } from './table-export.ts';

const ROWS = EXPORT_SLICE_ROWS * 6;

/**
 * One table of ROWS rows in a single batch (as a report's rows arrive), counting the rows the
 * writer has taken; resolves with that count at the moment a callback queued at the start of
 * the export ran, and the export's bytes.
 */
async function exportWithTurn(format: TableExportFormat) {
  let written = 0;
  let writtenWhenOthersRan: number | undefined;
  const rows = Array.from({ length: ROWS }, (_, i) => i);
  const stream = tableExportStream(
    format,
    [
      {
        name: 'Numbers',
        columns: [
          {
            header: 'n',
            value: (n: number) => {
              written += 1;
              if (written === 1) setImmediate(() => (writtenWhenOthersRan = written));
              return n;
            },
          },
        ],
        batches: [rows],
      },
    ],
    (err) => {
      throw err;
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer | string));
  return { writtenWhenOthersRan, written, bytes: Buffer.concat(chunks) };
}

describe('a table export', () => {
  it.each(['csv', 'xls'] as const)(
    'lets other work run while a large %s table is written',
    async (format) => {
      const { writtenWhenOthersRan, written } = await exportWithTurn(format);
      expect(written).toBe(ROWS);
      // Other work ran part way through, not only once every row had been written.
      expect(writtenWhenOthersRan).toBeLessThan(ROWS);
    },
  );

  it('writes every row of a large table, in order', async () => {
    const { bytes } = await exportWithTurn('csv');
    const lines = bytes.toString('utf8').split('\r\n');
    expect(lines).toEqual(['\uFEFFn', ...Array.from({ length: ROWS }, (_, i) => String(i)), '']);
  });
});
