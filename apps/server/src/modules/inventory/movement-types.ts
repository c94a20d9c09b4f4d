import type { Executor, LedgerReason } from '@roastery/db';

/** What caused a movement, recorded on each of its ledger rows. */
export interface MovementCause {
  dumpId?: number;
  transferId?: number;
  orderId?: number;
  batchId?: number;
  userId?: number;
  note?: string;
}

export interface Portion {
  lotId: number;
  centiLbs: number;
}

export interface Movement {
  movementId: string;
  portions: Portion[];
}

export interface ReceiveInput extends MovementCause {
  toDevice: number;
  lotId: number;
  lbs: number;
  reason: Extract<LedgerReason, 'opening' | 'dump' | 'roast_out' | 'adjust'>;
  /** Put a segregated lot with other beans (or the reverse) on purpose; recorded on the rows. */
  segregationOverride?: boolean;
}

export interface MoveInput extends MovementCause {
  fromDevice: number;
  /** null: the beans leave the plant (packed, wasted, written off). */
  toDevice: number | null;
  lbs: number;
  reason: LedgerReason;
  segregationOverride?: boolean;
  /** Take only this bean's lots (a re-entry bin holding several beans). */
  beanId?: number;
}

/** One roasting batch as the PLC measured it, in hundredths of a pound. */
export interface RoastInput extends MovementCause {
  orderId: number;
  batchId: number;
  roaster: number;
  /** What left each green silo (its level before less its level after). */
  draws: { fromDevice: number; centiLbs: number }[];
  /** Where the cleaner's waste went; null when the plant has no waste bin (it leaves the plant). */
  wasteDevice: number | null;
  /** What reached the roaster's drum (the rest of the draws is the cleaner's waste). */
  greenCenti: number;
  /** What the roaster dropped (the rest of the green weight is the roast loss). */
  roastedCenti: number;
  destination: number;
  roastedLot: { lotNumber: string; beanId: number; roastedAt: Date };
}

/**
 * Runs in a booking's transaction, after its rows, with the movement they booked: what must
 * commit with the booking or not at all (closing the request it books). Throwing rolls the
 * booking back.
 */
export type WithBooking<M extends Movement = Movement> = (
  tx: Executor,
  movement: M,
) => Promise<void>;

export interface RoastMovement extends Movement {
  roastedLotId: number;
  /** The green lots that reached the roaster, by lot. */
  greenLots: Portion[];
}
