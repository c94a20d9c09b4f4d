import type { Database, Executor } from '@roastery/db';
import {
  CAPACITY_TYPE_IDS,
  type LotTrace,
  type OrderTrace,
  type SiloContents,
} from '@roastery/contract';
import { bookRoast } from './book-roast.ts';
import type { LedgerContext } from './ledger-context.ts';
import { createLot, deleteUnusedLot, lotExists, type NewLot } from './ledger-lots.ts';
import { lotGenealogy, type LotGenealogy } from './lot-genealogy.ts';
import type { Holding, LedgerRepository } from './ledger-repository.ts';
import { traceLot, traceOrder } from './ledger-trace.ts';
import { checkMove, moveBeans } from './move-beans.ts';
import type {
  MoveInput,
  Movement,
  ReceiveInput,
  RoastInput,
  RoastMovement,
  WithBooking,
} from './movement-types.ts';
import { packedLots, type PackedLot } from './packed-lots.ts';
import { receiveBeans } from './receive-beans.ts';
import { roastedStock, type RoastedStock } from './roasted-stock.ts';
import { contentsOf, siloContents } from './silo-contents.ts';

/** The booking types other areas pass to and get from the ledger. */
export type { MoveInput, Movement, Portion, ReceiveInput, WithBooking } from './movement-types.ts';

export type KindHolding = Awaited<ReturnType<LedgerRepository['holdingsOfKind']>>[number];

/**
 * The bean ledger: every movement is ledger rows plus the change to what each device holds,
 * in one transaction, with the devices locked. Nothing is created or lost: what entered the
 * plant equals what the devices hold plus what left. This is the ledger's interface to other
 * areas; each use case lives in its own module.
 */
export class LedgerService {
  readonly #ctx: LedgerContext;

  constructor(db: Database, repo: LedgerRepository, onMovement: () => void = () => {}) {
    this.#ctx = { db, repo, onMovement };
  }

  /**
   * Beans enter the plant into a device (opening stock, a dump, a roasted batch, a correction
   * upward).
   */
  receive(input: ReceiveInput, alongside?: WithBooking): Promise<Movement> {
    return receiveBeans(this.#ctx, input, alongside);
  }

  /** Moves beans out of a device, oldest lots first, into another device or out of the plant. */
  move(input: MoveInput, alongside?: WithBooking): Promise<Movement> {
    return moveBeans(this.#ctx, input, alongside);
  }

  /** Books one roasting batch as one movement, with every weight the PLC's. */
  bookRoast(input: RoastInput, alongside?: WithBooking<RoastMovement>): Promise<RoastMovement> {
    return bookRoast(this.#ctx, input, alongside);
  }

  /** Whether a move could be booked now, with the same refusals as `move`; books nothing. */
  checkMove(input: MoveInput): Promise<void> {
    return checkMove(this.#ctx, input);
  }

  /** What a device holds, oldest lot first, in hundredths of a pound. */
  holdings(deviceId: number): Promise<Holding[]> {
    return this.#ctx.repo.holdings(this.#ctx.db, deviceId);
  }

  /** Lots of one kind held in the silos and bins, oldest arrival first (FIFO order). */
  holdingsOfKind(kind: 'green' | 'roasted'): Promise<KindHolding[]> {
    return this.#ctx.repo.holdingsOfKind(this.#ctx.db, kind, CAPACITY_TYPE_IDS);
  }

  /** What the silos and bins hold of roasted beans, by bin and product, in arrival order. */
  roastedStock(): Promise<RoastedStock[]> {
    return roastedStock(this.#ctx);
  }

  occupancyCenti(deviceIds?: number[]): Promise<Map<number, number>> {
    return this.#ctx.repo.occupancyCenti(this.#ctx.db, deviceIds);
  }

  /** Every broken invariant of the ledger; empty when the books balance. */
  invariantViolations(): Promise<string[]> {
    return this.#ctx.repo.invariantViolations(this.#ctx.db);
  }

  /** Every silo and bin with its lots and beans, from the ledger's projection. */
  siloContents(): Promise<SiloContents[]> {
    return siloContents(this.#ctx);
  }

  /** These devices with their lots and beans, in device order. */
  contentsOf(deviceIds: number[]): Promise<SiloContents[]> {
    return contentsOf(this.#ctx, deviceIds);
  }

  /** Forward from a lot to where it went, the batches that roasted it and their orders. */
  traceLot(lotNumber: string): Promise<LotTrace> {
    return traceLot(this.#ctx, lotNumber);
  }

  /** Backward from an order to its roasted lots and the green lots they came from. */
  traceOrder(orderId: number): Promise<OrderTrace> {
    return traceOrder(this.#ctx, orderId);
  }

  /**
   * A lot forward to the roasted lots made from it, where they are and what of them was packed;
   * undefined for no such lot. Read inside the caller's transaction when given one.
   */
  genealogy(lotNumber: string, tx?: Executor): Promise<LotGenealogy | undefined> {
    return lotGenealogy(this.#ctx, lotNumber, tx);
  }

  /** What was packed for an order, by bin and roasted lot. */
  packedLots(orderId: number): Promise<PackedLot[]> {
    return packedLots(this.#ctx, orderId);
  }

  lotExists(lotNumber: string): Promise<boolean> {
    return lotExists(this.#ctx, lotNumber);
  }

  /** Removes a lot nothing was ever booked on (a dump request deleted before it ran). */
  deleteUnusedLot(lotId: number): Promise<void> {
    return deleteUnusedLot(this.#ctx, lotId);
  }

  /** Creates a lot for a bean; lot numbers are unique across the plant. */
  createLot(input: NewLot, tx?: Executor): Promise<number> {
    return createLot(this.#ctx, input, tx);
  }
}
