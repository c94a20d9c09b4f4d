/** Where a NUL character sits in a request: the field's path, and whether it is in its name. */
export interface NulPlace {
  path: string[];
  inName: boolean;
}

/**
 * PostgreSQL text cannot hold a NUL character, so a request carrying one anywhere (a value or a
 * field name, however deep) would fail in the database. Returns the first place, or undefined.
 */
export function findNul(value: unknown, path: string[] = []): NulPlace | undefined {
  if (typeof value === 'string') return value.includes('\0') ? { path, inName: false } : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0')) return { path, inName: true };
    const found = findNul(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** The reply's message, naming the field as validation messages do ('tags.0.label: ...'). */
export function nulMessage(place: NulPlace, part: string): string {
  const where = place.path.join('.') || part;
  return place.inName
    ? `${where}: field names must not contain a NUL character`
    : `${where}: must not contain a NUL character`;
}
