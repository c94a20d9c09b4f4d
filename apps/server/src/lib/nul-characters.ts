/**
 * Where text PostgreSQL cannot store sits in a request: the field's path, whether it is in its
 * name, and what it is.
 */
export interface NulPlace {
  path: string[];
  inName: boolean;
  /** A NUL character, or half of a surrogate pair (no character at all in UTF-8). */
  kind: 'nul' | 'surrogate';
}

/**
 * PostgreSQL text cannot hold a NUL character, and a lone UTF-16 surrogate has no UTF-8 form: a
 * text column would get a replacement character and a jsonb column refuses the request. Either
 * anywhere in a request (a value or a field name, however deep) is found here. Returns the
 * first place, or undefined.
 */
export function findNul(value: unknown, path: string[] = []): NulPlace | undefined {
  const found = nulIn(value);
  return found && { ...found, path: [...path, ...found.path] };
}

/**
 * The walk. The path is built on the way back from a find only: a report export's body holds a
 * million cells, and a path copied for each of them cost more than parsing the body.
 */
function nulIn(value: unknown): NulPlace | undefined {
  if (typeof value === 'string') {
    const kind = problemOf(value);
    return kind ? { path: [], inName: false, kind } : undefined;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = nulIn(value[index]);
      if (found) {
        found.path.unshift(String(index));
        return found;
      }
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const kind = problemOf(key);
    if (kind) return { path: [], inName: true, kind };
    const found = nulIn(item);
    if (found) {
      found.path.unshift(key);
      return found;
    }
  }
  return undefined;
}

function problemOf(text: string): NulPlace['kind'] | undefined {
  if (text.includes('\0')) return 'nul';
  return text.isWellFormed() ? undefined : 'surrogate';
}

/** The reply's message, naming the field as validation messages do ('tags.0.label: ...'). */
export function nulMessage(place: NulPlace, part: string): string {
  const where = place.path.join('.') || part;
  const what =
    place.kind === 'nul'
      ? 'a NUL character'
      : 'half of a surrogate pair (text that is not Unicode)';
  return place.inName
    ? `${where}: field names must not contain ${what}`
    : `${where}: must not contain ${what}`;
}
