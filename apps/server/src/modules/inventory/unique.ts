/** The values without repeats, in the order they first appear. */
export function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
