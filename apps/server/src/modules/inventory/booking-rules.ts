import type { LedgerReason } from '@roastery/db';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import type { Holding, LockedDevice, NewLedgerRow } from './ledger-repository.ts';
import type { MovementCause } from './movement-types.ts';
import { formatCenti, toCenti } from './weights.ts';

/** A part of one holding that a movement takes. */
export interface Taken {
  holding: Holding;
  centiLbs: number;
}

/** A booked weight in hundredths; refuses zero, negative and non-numbers. */
export function positiveCenti(lbs: number): number {
  const centi = toCenti(lbs);
  if (!Number.isFinite(lbs) || centi <= 0)
    throw unprocessable('The weight must be more than 0 lbs.');
  return centi;
}

/** One of the devices a movement locked. */
export function lockedDevice(locked: Map<number, LockedDevice>, id: number): LockedDevice {
  const device = locked.get(id);
  if (!device) throw notFound(`Device ${id} not found.`);
  return device;
}

export function checkRoom(target: LockedDevice, holdings: Holding[], incoming: number): void {
  if (target.capacityCenti === null) return;
  const held = holdings.reduce((sum, h) => sum + h.centiLbs, 0);
  if (held + incoming > target.capacityCenti) {
    throw conflict(
      `${target.name} would exceed its capacity of ${formatCenti(target.capacityCenti)}: it holds ${formatCenti(held)} and ${formatCenti(incoming)} would come in.`,
    );
  }
}

/** Segregated beans (organic, decaf) and others never share a device unless a person says so. */
export function checkSegregation(
  target: LockedDevice,
  holdings: Holding[],
  incoming: (string | null)[],
  override: boolean | undefined,
): void {
  if (override || holdings.length === 0) return;
  const present = new Set(holdings.map((h) => h.segregation ?? ''));
  const arriving = new Set(incoming.map((s) => s ?? ''));
  const mixed = new Set([...present, ...arriving]);
  if (mixed.size > 1) {
    const names = [...mixed].map((s) => s || 'unflagged').join(' and ');
    throw conflict(
      `${target.name} would mix ${names} beans. Confirm the segregation override to do it anyway.`,
    );
  }
}

export function takeOldestFirst(holdings: Holding[], centi: number): Taken[] {
  const taken: Taken[] = [];
  let remaining = centi;
  for (const holding of holdings) {
    if (remaining === 0) break;
    const part = Math.min(holding.centiLbs, remaining);
    taken.push({ holding, centiLbs: part });
    remaining -= part;
  }
  return taken;
}

/** One ledger row of a movement, carrying the movement's cause. */
export function ledgerRow(
  movementId: string,
  fromDevice: number | null,
  toDevice: number | null,
  lotId: number,
  centiLbs: number,
  reason: LedgerReason,
  cause: MovementCause & { segregationOverride?: boolean },
): NewLedgerRow {
  return {
    movementId,
    fromDevice,
    toDevice,
    lotId,
    centiLbs,
    reason,
    dumpId: cause.dumpId ?? null,
    transferId: cause.transferId ?? null,
    orderId: cause.orderId ?? null,
    batchId: cause.batchId ?? null,
    userId: cause.userId ?? null,
    note: cause.note ?? null,
    segregationOverride: cause.segregationOverride ?? false,
  };
}
