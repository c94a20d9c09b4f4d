import { z } from 'zod';

/**
 * How a text field that carries JSON says so, in its schema and in the OpenAPI document (a
 * string format: OpenAPI 3.0 has no keyword for the media type of a string's content).
 */
export const JSON_TEXT_FORMAT = 'json';

/**
 * A text field whose value is a JSON document, such as a list's `where` in a query string. The
 * server decodes every such field before it checks a request for text the database cannot hold:
 * JSON escapes (`\u0000`) hide a NUL character from a check of the text as sent.
 */
export function jsonText(maxLength: number) {
  return z.string().max(maxLength).meta({ format: JSON_TEXT_FORMAT });
}
