/** Re-entry bins take back roasted beans for rework; they only ever give beans to a transfer. */
export function isReEntry(typeName: string): boolean {
  return /re-?entry/i.test(typeName);
}
