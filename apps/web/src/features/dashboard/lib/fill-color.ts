/** Full silos cannot take the next dump or transfer, so the fill warns before they are. */
export function fillColor(percentage: number): string {
  if (percentage >= 90) return '#c2362b';
  if (percentage >= 75) return '#d48806';
  return '#3f8f4f';
}
