/** The address of a series query, as JSON or as CSV, for the tags between two times. */
export function seriesPath(
  tags: readonly string[],
  shown: { from: number; to: number },
  format: 'json' | 'csv',
): string {
  const query = new URLSearchParams({
    tags: tags.join(','),
    from: new Date(shown.from).toISOString(),
    to: new Date(shown.to).toISOString(),
  });
  return `/historian/${format === 'csv' ? 'series.csv' : 'series'}?${query.toString()}`;
}
