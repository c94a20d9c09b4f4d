import { inflateSync } from 'node:zlib';

/**
 * The text a PDF from lib/pdf-document.ts shows, page by page, for tests to assert on: its page
 * contents are deflated streams whose text operators carry hex strings in the standard fonts'
 * WinAnsi encoding (read here as Latin-1, which agrees for every character a record prints).
 */
export function pdfText(pdf: Buffer): string {
  const body = pdf.toString('latin1');
  const texts: string[] = [];
  for (const stream of body.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue; // a font or image stream, not a page's contents
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-f]*>|\s|-?[\d.]+)*)\]\s*TJ/g)) {
      const hex = [...(op[1] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((m) => m[1]).join('');
      texts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return texts.join('\n');
}

/** How many pages a PDF has, from its page tree. */
export function pdfPageCount(pdf: Buffer): number {
  return [...pdf.toString('latin1').matchAll(/\/Type\s*\/Page\b/g)].length;
}
