import { inflateSync } from 'node:zlib';

/**
 * The text a PDF from lib/pdf-document.ts shows, page by page, for tests to assert on: its page
 * contents are deflated streams whose text operators carry hex strings in the standard fonts'
 * WinAnsi encoding (read here as Latin-1, which agrees for every character a record prints).
 */
export function pdfText(pdf: Buffer): string {
  const body = pdf.toString('latin1');
  const texts: string[] = [];
  // Each stream is read by its declared length: its deflated bytes may end in what looks like
  // the line break before `endstream`.
  for (const stream of body.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = (stream.index ?? 0) + stream[0].length;
    const bytes = pdf.subarray(start, start + Number(stream[1]));
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      continue; // a stream not deflated: none of the pages' contents
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
