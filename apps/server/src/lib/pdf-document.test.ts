import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText as textOf } from '../../test/pdf-text.ts';
import { pdfText, renderPdf } from './pdf-document.ts';

describe('renderPdf', () => {
  it('prints the title, fields and every row of a long table, its header on each page', async () => {
    const rows = Array.from({ length: 90 }, (_, i) => [`R-${i}`, `${(i * 1.5).toFixed(2)}`]);
    const pdf = await renderPdf(
      {
        title: 'Batch record R-2611-0042',
        subtitle: 'BT ≥ 400 °F',
        printedAt: new Date('2026-11-28T10:15:00Z'),
      },
      (doc) => {
        doc.heading('Monitoring');
        doc.fields([['Lot code', 'R-2611-0042']]);
        doc.table(
          [
            { header: 'Lot', width: 0.6 },
            { header: 'Weight (lb)', width: 0.4, align: 'right' },
          ],
          rows,
        );
      },
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = textOf(pdf);
    expect(text).toContain('Batch record R-2611-0042');
    // ≥ is outside the standard fonts' encoding: spelled out rather than lost.
    expect(text).toContain('BT >= 400 °F');
    expect(text).toContain('R-2611-0042');
    for (const [lot] of rows) expect(text).toContain(lot);
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(text.match(/Weight \(lb\)/g)).toHaveLength(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Printed 2026-11-28 10:15 UTC');
  });

  it('says None for an empty table', async () => {
    const pdf = await renderPdf({ title: 'Day' }, (doc) =>
      doc.table([{ header: 'A', width: 1 }], []),
    );
    expect(textOf(pdf)).toContain('None.');
    expect(pdfPageCount(pdf)).toBe(1);
  });

  it('spells out the characters the standard fonts cannot print', () => {
    expect(pdfText('≤ 12 − 3 → ok')).toBe('<= 12 - 3 -> ok');
  });
});
