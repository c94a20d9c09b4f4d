/** What moved a lot, as people say it; the ledger's own word for a reason added later. */
const reasons: Record<string, string> = {
  opening: 'Opening stock',
  dump: 'Dumped',
  transfer: 'Transferred',
  roast_in: 'Charged into the roaster',
  roast_out: 'Roasted',
  roast_loss: 'Roast loss',
  cleaner_waste: 'Cleaner waste',
  pack: 'Packed',
  adjust: 'Adjusted',
};

export function movementReason(reason: string): string {
  return reasons[reason] ?? reason;
}
