import PDFDocument from 'pdfkit';

/**
 * Printable records (a batch's food-safety record, a day's records, a recall summary): a titled
 * A4 document of headings, paragraphs, label-value fields and tables, each page footed with its
 * number and the time it was printed, as an inspector files them.
 */
export interface PdfColumn {
  header: string;
  /** Share of the line's width; the columns' shares sum to 1. */
  width: number;
  align?: 'left' | 'right';
}

export interface PdfWriter {
  heading(text: string): void;
  paragraph(text: string): void;
  /** Label and value pairs, one per line, the labels in a column of their own. */
  fields(rows: readonly (readonly [string, string])[]): void;
  /** A table with its header row on every page it runs onto; an empty one says None. */
  table(columns: readonly PdfColumn[], rows: readonly (readonly string[])[]): void;
}

export interface PdfMeta {
  title: string;
  subtitle?: string;
  /** When the document was printed; the footer of every page says so. */
  printedAt?: Date;
}

/** The console's brand colours, as the web app's theme names them. */
const BRAND = '#a3501c';
const INK = '#1f1713';
const CANVAS = '#f4f1ed';
const MUTED = '#6b5e55';
const RULE = '#d9d0c7';
const MARGIN = 48;
const TABLE_SIZE = 9;
const CELL_PADDING = 3;

/**
 * The standard PDF fonts encode WinAnsi only: characters outside it would print as nothing, so
 * the few a record uses are spelled out.
 */
const SPELLED: Record<string, string> = {
  '≤': '<=',
  '≥': '>=',
  '−': '-',
  '→': '->',
  '←': '<-',
  '\u202f': ' ',
};

export function pdfText(text: string): string {
  return text.replace(/[≤≥−→←\u202f]/gu, (c) => SPELLED[c] ?? c);
}

class Writer implements PdfWriter {
  readonly #doc: PDFKit.PDFDocument;

  constructor(doc: PDFKit.PDFDocument) {
    this.#doc = doc;
  }

  get #width(): number {
    return this.#doc.page.width - MARGIN * 2;
  }

  heading(text: string): void {
    const doc = this.#doc;
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(12).fillColor(BRAND);
    doc.text(pdfText(text), MARGIN, doc.y, { width: this.#width });
    doc.moveDown(0.3);
  }

  paragraph(text: string): void {
    const doc = this.#doc;
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    doc.text(pdfText(text), MARGIN, doc.y, { width: this.#width });
    doc.moveDown(0.4);
  }

  fields(rows: readonly (readonly [string, string])[]): void {
    const doc = this.#doc;
    const labelWidth = this.#width * 0.32;
    for (const [label, value] of rows) {
      const top = doc.y;
      doc.font('Helvetica').fontSize(9).fillColor(MUTED);
      doc.text(pdfText(label), MARGIN, top, { width: labelWidth - 8 });
      const labelBottom = doc.y;
      doc.font('Helvetica').fontSize(10).fillColor(INK);
      doc.text(pdfText(value), MARGIN + labelWidth, top, { width: this.#width - labelWidth });
      doc.y = Math.max(doc.y, labelBottom) + 2;
    }
    doc.x = MARGIN;
    doc.moveDown(0.3);
  }

  table(columns: readonly PdfColumn[], rows: readonly (readonly string[])[]): void {
    const doc = this.#doc;
    if (rows.length === 0) {
      doc.font('Helvetica-Oblique').fontSize(10).fillColor(MUTED);
      doc.text('None.', MARGIN, doc.y, { width: this.#width });
      doc.moveDown(0.4);
      return;
    }
    const widths = columns.map((c) => c.width * this.#width);
    const header = columns.map((c) => pdfText(c.header));
    const bottom = doc.page.height - MARGIN;
    // pdfkit's table runs onto the next page without its header: each page gets a table of its
    // own, cut where the next row would cross the bottom margin.
    let page: string[][] = [];
    let y = doc.y + this.#rowHeight(header, widths, 'Helvetica-Bold');
    for (const row of rows.map((r) => r.map(pdfText))) {
      const height = this.#rowHeight(row, widths, 'Helvetica');
      if (page.length > 0 && y + height > bottom) {
        this.#drawTable(columns, widths, [header, ...page]);
        doc.addPage();
        page = [];
        y = doc.y + this.#rowHeight(header, widths, 'Helvetica-Bold');
      }
      page.push(row);
      y += height;
    }
    this.#drawTable(columns, widths, [header, ...page]);
    doc.x = MARGIN;
    doc.moveDown(0.6);
  }

  #rowHeight(cells: readonly string[], widths: readonly number[], font: string): number {
    const doc = this.#doc;
    doc.font(font).fontSize(TABLE_SIZE);
    const heights = cells.map((text, i) =>
      doc.heightOfString(text, { width: (widths[i] ?? 0) - CELL_PADDING * 2 }),
    );
    return Math.max(...heights) + CELL_PADDING * 2;
  }

  #drawTable(columns: readonly PdfColumn[], widths: readonly number[], data: string[][]): void {
    const doc = this.#doc;
    doc.font('Helvetica').fontSize(TABLE_SIZE).fillColor(INK);
    doc.table({
      position: { x: MARGIN, y: doc.y },
      maxWidth: this.#width,
      columnStyles: columns.map((c, i) => ({
        width: widths[i] ?? 0,
        align: { x: c.align ?? 'left', y: 'top' },
      })),
      rowStyles: (row) =>
        row === 0 ? { font: { src: 'Helvetica-Bold' }, backgroundColor: CANVAS } : undefined,
      defaultStyle: {
        border: { top: 0, right: 0, bottom: 0.5, left: 0 },
        borderColor: RULE,
        padding: CELL_PADDING,
      },
      data,
    });
  }
}

/** Footers go on once every page exists, so that each can say "of N". */
function footPages(doc: PDFKit.PDFDocument, printedAt: Date): void {
  const { start, count } = doc.bufferedPageRange();
  const printed = `Printed ${printedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.height - MARGIN + 16;
    // Below the bottom margin, where text would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    const width = doc.page.width - MARGIN * 2;
    doc.text(printed, MARGIN, bottom, { width, lineBreak: false });
    doc.text(`Page ${i + 1} of ${count}`, MARGIN, bottom, {
      width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = MARGIN;
  }
}

/** Renders a document and resolves with its bytes. */
export function renderPdf(meta: PdfMeta, write: (pdf: PdfWriter) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: pdfText(meta.title), Creator: 'Roastery Console' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;
  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK);
  doc.text(pdfText(meta.title), { width });
  if (meta.subtitle) {
    doc.font('Helvetica').fontSize(11).fillColor(MUTED);
    doc.text(pdfText(meta.subtitle), { width });
  }
  const rule = doc.y + 6;
  doc
    .moveTo(MARGIN, rule)
    .lineTo(MARGIN + width, rule)
    .lineWidth(1.5)
    .strokeColor(BRAND)
    .stroke();
  doc.moveDown(0.8);
  try {
    write(new Writer(doc));
    footPages(doc, meta.printedAt ?? new Date());
  } finally {
    doc.end();
  }
  return done;
}
