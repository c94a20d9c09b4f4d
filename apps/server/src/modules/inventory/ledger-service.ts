import { randomUUID } from 'node:crypto';
import type { Database, Executor, LedgerReason } from '@roastery/db';
import {
  CAPACITY_TYPE_IDS,
  type LotTrace,
  type OrderTrace,
  type SiloContents,
  type TraceBatch,
} from '@roastery/contract';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import type {
  ContentRow,
  Holding,
  LedgerRepository,
  LockedDevice,
  NewLedgerRow,
} from './ledger-repository.ts';
import { nameHolding } from './holding-name.ts';
import { apportion, formatCenti, fromCenti, toCenti } from './weights.ts';

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function sumByLot(
  rows: { lotNumber: string; entry: { centiLbs: number } }[],
): { lot_number: string; lbs: number }[] {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.lotNumber, (totals.get(r.lotNumber) ?? 0) + r.entry.centiLbs);
  return [...totals].map(([lot_number, centi]) => ({ lot_number, lbs: fromCenti(centi) }));
}

/** What caused a movement, recorded on each of its ledger rows. */
export interface MovementCause {
  dumpId?: number;
  transferId?: number;
  orderId?: number;
  batchId?: number;
  userId?: number;
  note?: string;
}

export type KindHolding = Awaited<ReturnType<LedgerRepository['holdingsOfKind']>>[number];

/** A roasted lot packed for an order from one bin. */
export interface PackedLot {
  device_id: string;
  lot_number: string;
  bean_name: string;
  roasted_at: string | null;
  /** When the last of it was packed. */
  packed_at: string;
  centi: number;
  green_lots: string[];
}

/** Roasted beans of one product in one bin, with their lots. */
export interface RoastedStock {
  deviceCode: string;
  deviceName: string;
  /** null for roasted lots no order's batch made (booked by hand): named by their bean. */
  productId: number | null;
  productName: string;
  lotNumbers: string[];
  centi: number;
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
 * Runs in a booking's transaction, after its rows: what must commit with the booking or not at
 * all (closing the request it books). Throwing rolls the booking back.
 */
export type WithBooking = (tx: Executor) => Promise<void>;

export interface RoastMovement extends Movement {
  roastedLotId: number;
  /** The green lots that reached the roaster, by lot. */
  greenLots: Portion[];
}

/**
 * The bean ledger: every movement is ledger rows plus the change to what each device holds,
 * in one transaction, with the devices locked. Nothing is created or lost: what entered the
 * plant equals what the devices hold plus what left.
 */
export class LedgerService {
  readonly #db: Database;
  readonly #repo: LedgerRepository;
  /** Told after a movement has committed, so screens showing silos refresh at once. */
  readonly #onMovement: () => void;

  constructor(db: Database, repo: LedgerRepository, onMovement: () => void = () => {}) {
    this.#db = db;
    this.#repo = repo;
    this.#onMovement = onMovement;
  }

  /**
   * Beans enter the plant into a device (opening stock, a dump, a roasted batch, a correction
   * upward).
   */
  async receive(input: ReceiveInput, alongside?: WithBooking): Promise<Movement> {
    const centi = this.#positive(input.lbs);
    return this.#committed(alongside, async (tx) => {
      const locked = await this.#repo.lockDevices(tx, [input.toDevice]);
      const target = this.#device(locked, input.toDevice);
      const segregation = await this.#repo.segregationOfLot(tx, input.lotId);
      if (segregation === undefined) throw notFound(`Lot ${input.lotId} not found.`);
      const targetHoldings = await this.#repo.holdings(tx, target.id);
      this.#checkRoom(target, targetHoldings, centi);
      this.#checkSegregation(target, targetHoldings, [segregation], input.segregationOverride);
      const movementId = randomUUID();
      await this.#repo.insertEntries(tx, [
        this.#row(movementId, null, target.id, input.lotId, centi, input.reason, input),
      ]);
      await this.#repo.append(tx, target.id, input.lotId, centi);
      return { movementId, portions: [{ lotId: input.lotId, centiLbs: centi }] };
    });
  }

  /** Moves beans out of a device, oldest lots first, into another device or out of the plant. */
  async move(input: MoveInput, alongside?: WithBooking): Promise<Movement> {
    return this.#committed(alongside, async (tx) => {
      const { source, target, taken } = await this.#plan(tx, input);
      const movementId = randomUUID();
      for (const t of taken)
        await this.#repo.setHolding(tx, t.holding.seq, t.holding.centiLbs - t.centiLbs);
      await this.#repo.insertEntries(
        tx,
        taken.map((t) =>
          this.#row(
            movementId,
            source.id,
            target?.id ?? null,
            t.holding.lotId,
            t.centiLbs,
            input.reason,
            input,
          ),
        ),
      );
      if (target)
        for (const t of taken) await this.#repo.append(tx, target.id, t.holding.lotId, t.centiLbs);
      return {
        movementId,
        portions: taken.map((t) => ({ lotId: t.holding.lotId, centiLbs: t.centiLbs })),
      };
    });
  }

  /**
   * Books one roasting batch as one movement: the green lots leave their silos (roast_in to the
   * roaster, the cleaner's share to the waste bin as cleaner_waste), the roast loss leaves the
   * plant (roast_loss), the rest leaves the roaster as green beans (roast_out) and enters the
   * destination as a new roasted lot (roast_out). Every weight is the PLC's; shares of a total
   * are split over lots in proportion, to the hundredth, so every sum is exact.
   */
  async bookRoast(input: RoastInput): Promise<RoastMovement> {
    const drawn = input.draws.reduce((sum, d) => sum + d.centiLbs, 0);
    const { greenCenti: green, roastedCenti: roasted } = input;
    if (input.draws.some((d) => !Number.isInteger(d.centiLbs) || d.centiLbs < 0))
      throw unprocessable('A silo cannot have given a negative weight.');
    if (!(roasted > 0)) throw unprocessable('The roaster reported no roasted weight.');
    if (green < roasted)
      throw unprocessable(
        `The roaster reported ${formatCenti(roasted)} roasted from ${formatCenti(green)} green.`,
      );
    if (drawn < green)
      throw unprocessable(
        `The silos gave ${formatCenti(drawn)} but the roaster weighed ${formatCenti(green)} green.`,
      );
    return this.#committed(undefined, async (tx): Promise<RoastMovement> => {
      const ids = [
        ...input.draws.map((d) => d.fromDevice),
        input.roaster,
        input.destination,
        ...(input.wasteDevice === null ? [] : [input.wasteDevice]),
      ];
      const locked = await this.#repo.lockDevices(tx, unique(ids));
      const roaster = this.#device(locked, input.roaster);
      const destination = this.#device(locked, input.destination);
      const waste = input.wasteDevice === null ? null : this.#device(locked, input.wasteDevice);
      const wasteShares = apportion(
        drawn - green,
        input.draws.map((d) => d.centiLbs),
      );
      const movementId = randomUUID();
      const rows: NewLedgerRow[] = [];
      const inRoaster = new Map<number, number>();
      for (const [i, draw] of input.draws.entries()) {
        if (draw.centiLbs === 0) continue;
        const silo = this.#device(locked, draw.fromDevice);
        const holdings = await this.#repo.holdings(tx, silo.id);
        const held = holdings.reduce((sum, h) => sum + h.centiLbs, 0);
        if (held < draw.centiLbs)
          throw conflict(
            `${silo.name} gave ${formatCenti(draw.centiLbs)} by its level, but the ledger holds only ${formatCenti(held)} there.`,
          );
        const taken = this.#takeOldestFirst(holdings, draw.centiLbs);
        const wasted = apportion(
          wasteShares[i] ?? 0,
          taken.map((t) => t.centiLbs),
        );
        for (const [j, t] of taken.entries()) {
          await this.#repo.setHolding(tx, t.holding.seq, t.holding.centiLbs - t.centiLbs);
          const lotId = t.holding.lotId;
          const lost = wasted[j] ?? 0;
          const charged = t.centiLbs - lost;
          if (charged > 0) {
            rows.push(
              this.#row(movementId, silo.id, roaster.id, lotId, charged, 'roast_in', input),
            );
            inRoaster.set(lotId, (inRoaster.get(lotId) ?? 0) + charged);
          }
          if (lost > 0) {
            rows.push(
              this.#row(
                movementId,
                silo.id,
                waste?.id ?? null,
                lotId,
                lost,
                'cleaner_waste',
                input,
              ),
            );
            if (waste) await this.#repo.append(tx, waste.id, lotId, lost);
          }
        }
      }
      const greenLots = [...inRoaster].map(([lotId, centiLbs]) => ({ lotId, centiLbs }));
      const losses = apportion(
        green - roasted,
        greenLots.map((l) => l.centiLbs),
      );
      for (const [k, lot] of greenLots.entries()) {
        const loss = losses[k] ?? 0;
        if (loss > 0)
          rows.push(this.#row(movementId, roaster.id, null, lot.lotId, loss, 'roast_loss', input));
        if (lot.centiLbs - loss > 0)
          rows.push(
            this.#row(
              movementId,
              roaster.id,
              null,
              lot.lotId,
              lot.centiLbs - loss,
              'roast_out',
              input,
            ),
          );
      }
      const roastedLotId = await this.createLot({ ...input.roastedLot, kind: 'roasted' }, tx);
      const segregation = await this.#repo.segregationOfLot(tx, roastedLotId);
      const targetHoldings = await this.#repo.holdings(tx, destination.id);
      this.#checkRoom(destination, targetHoldings, roasted);
      this.#checkSegregation(destination, targetHoldings, [segregation ?? null], false);
      rows.push(
        this.#row(movementId, null, destination.id, roastedLotId, roasted, 'roast_out', input),
      );
      await this.#repo.append(tx, destination.id, roastedLotId, roasted);
      await this.#repo.insertEntries(tx, rows);
      return { movementId, portions: greenLots, roastedLotId, greenLots };
    });
  }

  async #committed<T extends Movement>(
    alongside: WithBooking | undefined,
    book: (tx: Executor) => Promise<T>,
  ): Promise<T> {
    const movement = await this.#db.transaction(async (tx) => {
      const booked = await book(tx);
      await alongside?.(tx);
      return booked;
    });
    this.#onMovement();
    return movement;
  }

  /** Whether a move could be booked now, with the same refusals as `move`; books nothing. */
  async checkMove(input: MoveInput): Promise<void> {
    await this.#db.transaction((tx) => this.#plan(tx, input));
  }

  /** Locks the devices of a move and checks it: stock, room and segregation. */
  async #plan(tx: Executor, input: MoveInput) {
    const centi = this.#positive(input.lbs);
    if (input.toDevice === input.fromDevice)
      throw unprocessable('Choose a different target than the source.');
    const ids = input.toDevice === null ? [input.fromDevice] : [input.fromDevice, input.toDevice];
    const locked = await this.#repo.lockDevices(tx, ids);
    const source = this.#device(locked, input.fromDevice);
    const target = input.toDevice === null ? null : this.#device(locked, input.toDevice);
    const sourceHoldings = (await this.#repo.holdings(tx, source.id)).filter(
      (h) => input.beanId === undefined || h.beanId === input.beanId,
    );
    const available = sourceHoldings.reduce((sum, h) => sum + h.centiLbs, 0);
    if (available < centi) {
      const what = input.beanId === undefined ? 'beans' : 'beans of that bean';
      throw conflict(
        `Not enough ${what} in ${source.name}: ${formatCenti(available)} available, ${formatCenti(centi)} requested.`,
      );
    }
    const taken = this.#takeOldestFirst(sourceHoldings, centi);
    if (target) {
      const targetHoldings = await this.#repo.holdings(tx, target.id);
      this.#checkRoom(target, targetHoldings, centi);
      const incoming = taken.map((t) => t.holding.segregation);
      this.#checkSegregation(target, targetHoldings, incoming, input.segregationOverride);
    }
    return { source, target, taken };
  }

  /** What a device holds, oldest lot first, in hundredths of a pound. */
  holdings(deviceId: number): Promise<Holding[]> {
    return this.#repo.holdings(this.#db, deviceId);
  }

  /** Lots of one kind held in the silos and bins, oldest arrival first (FIFO order). */
  holdingsOfKind(kind: 'green' | 'roasted'): Promise<KindHolding[]> {
    return this.#repo.holdingsOfKind(this.#db, kind, CAPACITY_TYPE_IDS);
  }

  /** What the silos and bins hold of roasted beans, by bin and product, in arrival order. */
  async roastedStock(): Promise<RoastedStock[]> {
    const rows = await this.#repo.roastedStock(this.#db, CAPACITY_TYPE_IDS);
    const grouped = new Map<string, RoastedStock>();
    for (const r of rows) {
      const key = `${r.deviceCode}\u0000${r.productId ?? `bean ${r.beanName}`}`;
      const entry = grouped.get(key) ?? {
        deviceCode: r.deviceCode,
        deviceName: r.deviceName,
        productId: r.productId,
        productName: r.productName ?? r.beanName,
        lotNumbers: [],
        centi: 0,
      };
      if (!entry.lotNumbers.includes(r.lotNumber)) entry.lotNumbers.push(r.lotNumber);
      entry.centi += r.centiLbs;
      grouped.set(key, entry);
    }
    return [...grouped.values()];
  }

  occupancyCenti(deviceIds?: number[]): Promise<Map<number, number>> {
    return this.#repo.occupancyCenti(this.#db, deviceIds);
  }

  /** Every broken invariant of the ledger; empty when the books balance. */
  invariantViolations(): Promise<string[]> {
    return this.#repo.invariantViolations(this.#db);
  }

  /** Every silo and bin with its lots and beans, from the ledger's projection. */
  async siloContents(): Promise<SiloContents[]> {
    return this.#present(await this.#repo.contents(this.#db, { typeIds: CAPACITY_TYPE_IDS }));
  }

  /** These devices with their lots and beans, in device order. */
  async contentsOf(deviceIds: number[]): Promise<SiloContents[]> {
    if (deviceIds.length === 0) return [];
    return this.#present(await this.#repo.contents(this.#db, { deviceIds }));
  }

  #present(rows: ContentRow[]): SiloContents[] {
    const byDevice = new Map<number, SiloContents & { centi: number }>();
    for (const r of rows) {
      const entry = byDevice.get(r.deviceRef) ?? {
        device_id: r.deviceCode,
        device_name: r.deviceName,
        device_type: r.typeId,
        capacity: r.capacity,
        occupancy: 0,
        centi: 0,
        beans: [],
        lots: [],
      };
      byDevice.set(r.deviceRef, entry);
      if (r.lotNumber === null || r.beanId === null || r.beanName === null || r.centiLbs === null)
        continue;
      entry.centi += r.centiLbs;
      entry.lots.push({
        lot_number: r.lotNumber,
        bean_id: r.beanId,
        bean_name: r.beanName,
        product_name: r.productName,
        lbs: fromCenti(r.centiLbs),
      });
      const beanEntry = entry.beans.find((b) => b.bean_id === r.beanId);
      if (beanEntry) beanEntry.lbs = fromCenti(toCenti(beanEntry.lbs) + r.centiLbs);
      else
        entry.beans.push({ bean_id: r.beanId, bean_name: r.beanName, lbs: fromCenti(r.centiLbs) });
    }
    return [...byDevice.values()].map(({ centi, ...entry }) => ({
      ...entry,
      occupancy: fromCenti(centi),
    }));
  }

  /**
   * Forward from a lot: every movement, where it is now, the batches that roasted it, the
   * roasted lots they made and the orders those were packed for.
   */
  async traceLot(lotNumber: string): Promise<LotTrace> {
    const db = this.#db;
    const found = await this.#repo.lotWithBean(db, lotNumber);
    if (!found) throw notFound(`Lot ${lotNumber} not found.`);
    const { lot, beanName } = found;
    const movements = await this.#repo.movementsOfLots(db, [lot.id]);
    const batches = unique(
      movements.map((m) => m.entry.batchId).filter((b): b is number => b !== null),
    );
    // roast_out rows leave the roaster as green beans and enter a bin as the roasted lot; the
    // entering ones name the roasted lots a batch made.
    const roastedOut =
      lot.kind === 'green'
        ? (await this.#repo.entriesFor(db, 'roast_out', { batchIds: batches })).filter(
            (r) => r.entry.fromDevice === null,
          )
        : [];
    const roastedLotIds = unique(roastedOut.map((r) => r.entry.lotId));
    const packed = await this.#repo.entriesFor(db, 'pack', {
      lotIds: lot.kind === 'green' ? roastedLotIds : [lot.id],
    });
    const held = await this.#repo.heldByLot(db, lot.id);
    return {
      lot_number: lot.lotNumber,
      bean_name: beanName,
      kind: lot.kind,
      movements: movements.map((m) => ({
        at: m.entry.at.toISOString(),
        reason: m.entry.reason,
        from: m.fromName,
        to: m.toName,
        lbs: fromCenti(m.entry.centiLbs),
        lot_number: m.lotNumber,
        order_id: m.entry.orderId,
        batch_id: m.entry.batchId,
        dump_id: m.entry.dumpId,
        transfer_id: m.entry.transferId,
      })),
      held: held.map((h) => ({
        device_id: h.code,
        device_name: h.name,
        lbs: fromCenti(Number(h.centi)),
      })),
      batches: await this.#traceBatches(batches, movements),
      roasted_lots: unique(roastedOut.map((r) => r.lotNumber)),
      orders: unique(packed.map((p) => p.entry.orderId).filter((o): o is number => o !== null)),
      roasting_orders: unique(
        movements
          .filter((m) => m.entry.reason === 'roast_in' || m.entry.reason === 'roast_out')
          .map((m) => m.entry.orderId)
          .filter((o): o is number => o !== null),
      ),
    };
  }

  /**
   * Backward from an order: the roasted lots packed for it (a packing order) or made by its
   * batches (a roasting order), and the green lots they were roasted from.
   */
  async traceOrder(orderId: number): Promise<OrderTrace> {
    const db = this.#db;
    const packedFor = await this.#repo.entriesFor(db, 'pack', { orderIds: [orderId] });
    const packed =
      packedFor.length > 0
        ? packedFor
        : (await this.#repo.entriesFor(db, 'roast_out', { orderIds: [orderId] })).filter(
            (r) => r.entry.fromDevice === null,
          );
    const roastedLotIds = unique(packed.map((p) => p.entry.lotId));
    const roastedOut = await this.#repo.entriesFor(db, 'roast_out', { lotIds: roastedLotIds });
    const batches = unique(
      roastedOut.map((r) => r.entry.batchId).filter((b): b is number => b !== null),
    );
    const roastedIn = await this.#repo.entriesFor(db, 'roast_in', { batchIds: batches });
    return {
      order_id: orderId,
      roasted_lots: sumByLot(packed),
      batches: await this.#traceBatches(batches, roastedOut),
      green_lots: sumByLot(roastedIn).map((l) => ({
        ...l,
        bean_name: roastedIn.find((r) => r.lotNumber === l.lot_number)?.beanName ?? '',
      })),
    };
  }

  /**
   * Batches as people name them: their order and place in it, from the batches' records, else
   * the order the ledger booked them for.
   */
  async #traceBatches(
    ids: number[],
    rows: { entry: { batchId: number | null; orderId: number | null } }[],
  ): Promise<TraceBatch[]> {
    const found = new Map((await this.#repo.batchesByIds(this.#db, ids)).map((b) => [b.id, b]));
    return ids.map((id) => {
      const batch = found.get(id);
      return {
        batch_id: id,
        order_id: batch?.orderId ?? rows.find((r) => r.entry.batchId === id)?.entry.orderId ?? null,
        seq: batch?.seq ?? null,
      };
    });
  }

  /**
   * What was packed for an order, by bin and roasted lot, each with its roast date and the
   * green lots its batches were roasted from.
   */
  async packedLots(orderId: number): Promise<PackedLot[]> {
    const db = this.#db;
    const packed = await this.#repo.entriesFor(db, 'pack', { orderIds: [orderId] });
    const lotIds = unique(packed.map((p) => p.entry.lotId));
    const made = (await this.#repo.entriesFor(db, 'roast_out', { lotIds })).filter(
      (r) => r.entry.fromDevice === null,
    );
    const batchesOfLot = new Map<number, number[]>();
    for (const r of made) {
      if (r.entry.batchId === null) continue;
      batchesOfLot.set(r.entry.lotId, [
        ...(batchesOfLot.get(r.entry.lotId) ?? []),
        r.entry.batchId,
      ]);
    }
    const roastedIn = await this.#repo.entriesFor(db, 'roast_in', {
      batchIds: unique([...batchesOfLot.values()].flat()),
    });
    const byKey = new Map<string, PackedLot>();
    for (const p of packed) {
      const key = `${p.fromCode ?? ''}/${p.entry.lotId}`;
      const batches = batchesOfLot.get(p.entry.lotId) ?? [];
      const entry = byKey.get(key) ?? {
        device_id: p.fromCode ?? '',
        lot_number: p.lotNumber,
        bean_name: nameHolding([
          { lot_number: p.lotNumber, bean_name: p.beanName, product_name: p.productName },
        ]),
        roasted_at: p.roastedAt?.toISOString() ?? null,
        packed_at: p.entry.at.toISOString(),
        centi: 0,
        green_lots: unique(
          roastedIn
            .filter((r) => r.entry.batchId !== null && batches.includes(r.entry.batchId))
            .map((r) => r.lotNumber),
        ),
      };
      entry.centi += p.entry.centiLbs;
      if (p.entry.at.toISOString() > entry.packed_at) entry.packed_at = p.entry.at.toISOString();
      byKey.set(key, entry);
    }
    return [...byKey.values()];
  }

  #positive(lbs: number): number {
    const centi = toCenti(lbs);
    if (!Number.isFinite(lbs) || centi <= 0)
      throw unprocessable('The weight must be more than 0 lbs.');
    return centi;
  }

  #device(locked: Map<number, LockedDevice>, id: number): LockedDevice {
    const device = locked.get(id);
    if (!device) throw notFound(`Device ${id} not found.`);
    return device;
  }

  #checkRoom(target: LockedDevice, holdings: Holding[], incoming: number): void {
    if (target.capacityCenti === null) return;
    const held = holdings.reduce((sum, h) => sum + h.centiLbs, 0);
    if (held + incoming > target.capacityCenti) {
      throw conflict(
        `${target.name} would exceed its capacity of ${formatCenti(target.capacityCenti)}: it holds ${formatCenti(held)} and ${formatCenti(incoming)} would come in.`,
      );
    }
  }

  /** Segregated beans (organic, decaf) and others never share a device unless a person says so. */
  #checkSegregation(
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

  #takeOldestFirst(holdings: Holding[], centi: number): { holding: Holding; centiLbs: number }[] {
    const taken: { holding: Holding; centiLbs: number }[] = [];
    let remaining = centi;
    for (const holding of holdings) {
      if (remaining === 0) break;
      const part = Math.min(holding.centiLbs, remaining);
      taken.push({ holding, centiLbs: part });
      remaining -= part;
    }
    return taken;
  }

  #row(
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

  async lotExists(lotNumber: string): Promise<boolean> {
    return (await this.#repo.findLotByNumber(this.#db, lotNumber)) !== undefined;
  }

  /** Removes a lot nothing was ever booked on (a dump request deleted before it ran). */
  async deleteUnusedLot(lotId: number): Promise<void> {
    await this.#repo.deleteLotWithoutEntries(this.#db, lotId);
  }

  /** Creates a lot for a bean; lot numbers are unique across the plant. */
  async createLot(
    input: { lotNumber: string; beanId: number; kind: 'green' | 'roasted'; roastedAt?: Date },
    tx?: Executor,
  ): Promise<number> {
    const db = tx ?? this.#db;
    if (await this.#repo.findLotByNumber(db, input.lotNumber)) {
      throw conflict(`Lot ${input.lotNumber} already exists.`);
    }
    return this.#repo.insertLot(db, {
      lotNumber: input.lotNumber,
      beanId: input.beanId,
      kind: input.kind,
      roastedAt: input.roastedAt ?? null,
    });
  }
}
