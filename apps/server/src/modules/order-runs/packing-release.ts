import { SettingRef } from '@roastery/contract';
import { conflict } from '../../lib/http-errors.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import type { LotRelease, LotReleaseReader } from '../quality/lot-release.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { orderNumber } from './order-labels.ts';

export interface PackingReleaseDeps {
  ledger: Pick<LedgerService, 'holdingsOfKind'>;
  /** The quality area's word on each roasted lot. */
  lotRelease: LotReleaseReader;
  settings: Pick<SettingsService, 'value'>;
}

/** How a lot that may not be packed is named in the refusal. */
function why(lot: LotRelease): string {
  // The quality area's reasons are sentences; inside the parentheses they lose their stop.
  const reason = lot.reason ? ` (${lot.reason.replace(/\.$/, '')})` : '';
  switch (lot.status) {
    case 'on_hold':
      return `lot ${lot.lotNumber} is on hold${reason}`;
    case 'rejected':
      return `lot ${lot.lotNumber} is rejected${reason}`;
    default:
      return `lot ${lot.lotNumber} is pending release`;
  }
}

/**
 * The lots a packing run takes from the bin, as the ledger books them when it ends: oldest
 * first, up to the order's quantity, or every lot when the quantity is unlimited.
 */
async function lotsDrawn(
  ledger: PackingReleaseDeps['ledger'],
  bin: string,
  qtyCenti: number | null,
): Promise<number[]> {
  const code = bin.toLowerCase();
  const held = (await ledger.holdingsOfKind('roasted')).filter(
    (h) => h.deviceCode.toLowerCase() === code,
  );
  const drawn: number[] = [];
  let taken = 0;
  for (const holding of held) {
    if (qtyCenti !== null && taken >= qtyCenti) break;
    if (!drawn.includes(holding.lotId)) drawn.push(holding.lotId);
    taken += holding.centiLbs;
  }
  return drawn;
}

/**
 * A packer draws the bin as it is, so every lot the run would take must be released (or, where
 * the setting allows, pending); else the start is refused, naming each lot and why.
 */
export async function checkPackingRelease(
  deps: PackingReleaseDeps,
  order: { id: number; qtyCenti: number | null },
  bin: { code: string; name: string },
): Promise<void> {
  const drawn = await lotsDrawn(deps.ledger, bin.code, order.qtyCenti);
  const releases = await deps.lotRelease.releaseOf(drawn);
  const pendingAllowed = (await deps.settings.value(SettingRef.PackingPendingLots)) === 'yes';
  const blocked = releases.filter(
    (lot) => lot.status !== 'released' && !(pendingAllowed && lot.status === 'pending'),
  );
  if (blocked.length === 0) return;
  const them = blocked.length === 1 ? 'it' : 'them';
  throw conflict(
    `Order ${orderNumber(order.id)} cannot pack from ${bin.name}: ${blocked.map(why).join(', ')}. Release ${them} under Quality, or move ${them} out of the bin.`,
  );
}
