/**
 * Characters PostgreSQL cannot store in text (NUL), that the UTF-8 encoder would silently turn
 * into U+FFFD (a lone surrogate), or that hide in a table cell (the other control characters).
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Audit text as it can be stored and shown: each unsafe character becomes its escape, `\u0000`,
 * so what was sent stays visible and no row can fail the insert it travels in.
 */
export function auditText(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
