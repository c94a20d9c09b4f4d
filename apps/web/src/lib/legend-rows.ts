/** A legend item's symbol and gaps, and the width of a letter of its name, at 12 px. */
const LEGEND_ITEM_PX = 40;
const LEGEND_LETTER_PX = 7;

/**
 * How many rows a legend wraps to at this width. Every name stays whole on some row, where a
 * scrolling legend would cut the last one it shows; the grid starts below the rows.
 */
export function legendRows(names: readonly string[], width: number): number {
  let rows = 1;
  let used = 0;
  for (const name of names) {
    const item = LEGEND_ITEM_PX + name.length * LEGEND_LETTER_PX;
    if (used > 0 && used + item > width) {
      rows += 1;
      used = 0;
    }
    used += item;
  }
  return rows;
}
