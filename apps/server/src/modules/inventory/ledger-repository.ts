import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import {
  beans,
  deviceLots,
  devices,
  dumps,
  ledgerEntries,
  lots,
  orderBatches,
  orders,
  products,
  roastProfiles,
  type Executor,
  type LedgerReason,
} from '@roastery/db';

export interface LockedDevice {
  id: number;
  deviceId: string;
  name: string;
  /** Capacity in hundredths of a pound; null when the device has no limit. */
  capacityCenti: number | null;
}

export interface Holding {
  seq: number;
  lotId: number;
  beanId: number;
  centiLbs: number;
  segregation: string | null;
}

export interface NewLedgerRow {
  movementId: string;
  fromDevice: number | null;
  toDevice: number | null;
  lotId: number;
  centiLbs: number;
  reason: LedgerReason;
  dumpId?: number | null;
  transferId?: number | null;
  orderId?: number | null;
  batchId?: number | null;
  userId?: number | null;
  note?: string | null;
  segregationOverride?: boolean;
}

export type ContentRow = Awaited<ReturnType<LedgerRepository['contents']>>[number];

/**
 * The ledger row that brought a roasted lot into its bin: the only row of the lot's roast_out
 * that comes from no device, naming the roasting order and so the lot's product.
 */
const roastedInto = alias(ledgerEntries, 'roasted_into');
const madeOfLot = and(
  eq(roastedInto.lotId, lots.id),
  eq(roastedInto.reason, 'roast_out'),
  isNull(roastedInto.fromDevice),
);

/** The only SQL of the bean ledger and its per-device projection. */
export class LedgerRepository {
  /**
   * Locks the devices of a movement, always in id order so that two movements over the same
   * silos queue instead of deadlocking.
   */
  async lockDevices(tx: Executor, ids: number[]): Promise<Map<number, LockedDevice>> {
    const rows = await tx
      .select({
        id: devices.id,
        deviceId: devices.deviceId,
        name: devices.name,
        capacity: devices.capacity,
      })
      .from(devices)
      .where(inArray(devices.id, ids))
      .orderBy(asc(devices.id))
      .for('update');
    return new Map(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          deviceId: r.deviceId,
          name: r.name,
          capacityCenti: r.capacity == null ? null : Math.round(r.capacity * 100),
        },
      ]),
    );
  }

  /** What a device holds, oldest first. */
  holdings(tx: Executor, deviceId: number): Promise<Holding[]> {
    return tx
      .select({
        seq: deviceLots.seq,
        lotId: deviceLots.lotId,
        beanId: lots.beanId,
        centiLbs: deviceLots.centiLbs,
        segregation: beans.segregation,
      })
      .from(deviceLots)
      .innerJoin(lots, eq(lots.id, deviceLots.lotId))
      .innerJoin(beans, eq(beans.id, lots.beanId))
      .where(eq(deviceLots.deviceId, deviceId))
      .orderBy(asc(deviceLots.seq));
  }

  async segregationOfLot(tx: Executor, lotId: number): Promise<string | null | undefined> {
    const [row] = await tx
      .select({ segregation: beans.segregation })
      .from(lots)
      .innerJoin(beans, eq(beans.id, lots.beanId))
      .where(eq(lots.id, lotId));
    return row ? row.segregation : undefined;
  }

  async setHolding(tx: Executor, seq: number, centiLbs: number): Promise<void> {
    if (centiLbs === 0) await tx.delete(deviceLots).where(eq(deviceLots.seq, seq));
    else await tx.update(deviceLots).set({ centiLbs }).where(eq(deviceLots.seq, seq));
  }

  /** Adds a lot at the back of a device's queue, merging with the last holding of the same lot. */
  async append(tx: Executor, deviceId: number, lotId: number, centiLbs: number): Promise<void> {
    const [last] = await tx
      .select()
      .from(deviceLots)
      .where(eq(deviceLots.deviceId, deviceId))
      .orderBy(desc(deviceLots.seq))
      .limit(1);
    if (last && last.lotId === lotId) {
      await tx
        .update(deviceLots)
        .set({ centiLbs: sql`${deviceLots.centiLbs} + ${centiLbs}` })
        .where(eq(deviceLots.seq, last.seq));
    } else {
      await tx.insert(deviceLots).values({ deviceId, lotId, centiLbs });
    }
  }

  async insertEntries(tx: Executor, rows: NewLedgerRow[]): Promise<void> {
    if (rows.length) await tx.insert(ledgerEntries).values(rows);
  }

  async occupancyCenti(tx: Executor, deviceIds?: number[]): Promise<Map<number, number>> {
    const rows = await tx
      .select({ deviceId: deviceLots.deviceId, centi: sql<string>`sum(${deviceLots.centiLbs})` })
      .from(deviceLots)
      .where(deviceIds ? inArray(deviceLots.deviceId, deviceIds) : undefined)
      .groupBy(deviceLots.deviceId);
    return new Map(rows.map((r) => [r.deviceId, Number(r.centi)]));
  }

  /** Ledger-wide checks; each returned row is a broken invariant. */
  async invariantViolations(tx: Executor): Promise<string[]> {
    const perDevice = await tx.execute(sql`
      with moved as (
        select to_device as device, centi_lbs as delta from ${ledgerEntries} where to_device is not null
        union all
        select from_device, -centi_lbs from ${ledgerEntries} where from_device is not null
      ),
      by_ledger as (select device, sum(delta) as centi from moved group by device),
      by_lots as (select device_ref as device, sum(centi_lbs) as centi from ${deviceLots} group by device_ref)
      select coalesce(l.device, h.device) as device, coalesce(l.centi, 0)::text as ledger, coalesce(h.centi, 0)::text as held
      from by_ledger l full join by_lots h on h.device = l.device
      where coalesce(l.centi, 0) <> coalesce(h.centi, 0)`);
    const perLot = await tx.execute(sql`
      with entered as (select lot_ref as lot, sum(centi_lbs) as centi from ${ledgerEntries} where from_device is null group by lot_ref),
      gone as (select lot_ref as lot, sum(centi_lbs) as centi from ${ledgerEntries} where to_device is null group by lot_ref),
      held as (select lot_ref as lot, sum(centi_lbs) as centi from ${deviceLots} group by lot_ref)
      select e.lot, e.centi::text as entered, coalesce(h.centi, 0)::text as held, coalesce(g.centi, 0)::text as gone
      from entered e left join held h on h.lot = e.lot left join gone g on g.lot = e.lot
      where e.centi <> coalesce(h.centi, 0) + coalesce(g.centi, 0)`);
    const overCapacity = await tx.execute(sql`
      select d.device_id, sum(l.centi_lbs)::text as held, d.capacity::text as capacity
      from ${deviceLots} l join ${devices} d on d.id = l.device_ref
      where d.capacity is not null group by d.id having sum(l.centi_lbs) > round(d.capacity * 100)`);
    const rows = (r: unknown) => (r as { rows?: Record<string, unknown>[] }).rows ?? [];
    return [
      ...rows(perDevice).map(
        (r) => `device ${String(r.device)}: ledger ${String(r.ledger)} != held ${String(r.held)}`,
      ),
      ...rows(perLot).map(
        (r) =>
          `lot ${String(r.lot)}: entered ${String(r.entered)} != held ${String(r.held)} + gone ${String(r.gone)}`,
      ),
      ...rows(overCapacity).map(
        (r) => `${String(r.device_id)} holds ${String(r.held)} over capacity ${String(r.capacity)}`,
      ),
    ];
  }

  /** Lots held by capacity devices (silos and bins), in arrival order per device. */
  contents(tx: Executor, where: { typeIds?: readonly number[]; deviceIds?: number[] }) {
    return tx
      .select({
        deviceRef: devices.id,
        deviceCode: devices.deviceId,
        deviceName: devices.name,
        typeId: devices.typeId,
        capacity: devices.capacity,
        lotNumber: lots.lotNumber,
        beanId: beans.id,
        beanName: beans.name,
        productName: products.name,
        centiLbs: deviceLots.centiLbs,
      })
      .from(devices)
      .leftJoin(deviceLots, eq(deviceLots.deviceId, devices.id))
      .leftJoin(lots, eq(lots.id, deviceLots.lotId))
      .leftJoin(beans, eq(beans.id, lots.beanId))
      .leftJoin(roastedInto, madeOfLot)
      .leftJoin(orders, eq(orders.id, roastedInto.orderId))
      .leftJoin(products, eq(products.id, orders.productId))
      .where(
        and(
          where.typeIds ? inArray(devices.typeId, [...where.typeIds]) : undefined,
          where.deviceIds ? inArray(devices.id, where.deviceIds) : undefined,
          eq(devices.virtual, false),
        ),
      )
      .orderBy(asc(devices.id), asc(deviceLots.seq));
  }

  /**
   * Every holding of lots of one kind in the silos and bins (not virtual), oldest arrival first
   * across the plant: the order in which first-in-first-out draws them.
   */
  holdingsOfKind(tx: Executor, kind: 'green' | 'roasted', typeIds: readonly number[]) {
    return tx
      .select({
        seq: deviceLots.seq,
        deviceRef: devices.id,
        deviceCode: devices.deviceId,
        deviceName: devices.name,
        capacity: devices.capacity,
        lotId: lots.id,
        lotNumber: lots.lotNumber,
        roastedAt: lots.roastedAt,
        beanId: beans.id,
        beanName: beans.name,
        centiLbs: deviceLots.centiLbs,
        // What a roast of the lot is told of it: the lot's own figures, else its bean's.
        moisturePct: lots.moisturePct,
        densityGPerL: lots.densityGPerL,
        typicalMoisturePct: beans.typicalMoisturePct,
        typicalDensityGPerL: beans.typicalDensityGPerL,
      })
      .from(deviceLots)
      .innerJoin(devices, eq(devices.id, deviceLots.deviceId))
      .innerJoin(lots, eq(lots.id, deviceLots.lotId))
      .innerJoin(beans, eq(beans.id, lots.beanId))
      .where(
        and(eq(lots.kind, kind), inArray(devices.typeId, [...typeIds]), eq(devices.virtual, false)),
      )
      .orderBy(asc(deviceLots.seq));
  }

  /**
   * Roasted lots held in the silos and bins, oldest arrival first, each with the product of the
   * order whose batch roasted it.
   */
  roastedStock(tx: Executor, typeIds: readonly number[]) {
    return tx
      .select({
        deviceCode: devices.deviceId,
        deviceName: devices.name,
        lotNumber: lots.lotNumber,
        beanName: beans.name,
        productId: orders.productId,
        productName: products.name,
        centiLbs: deviceLots.centiLbs,
      })
      .from(deviceLots)
      .innerJoin(devices, eq(devices.id, deviceLots.deviceId))
      .innerJoin(lots, eq(lots.id, deviceLots.lotId))
      .innerJoin(beans, eq(beans.id, lots.beanId))
      .leftJoin(roastedInto, madeOfLot)
      .leftJoin(orders, eq(orders.id, roastedInto.orderId))
      .leftJoin(products, eq(products.id, orders.productId))
      .where(
        and(
          eq(lots.kind, 'roasted'),
          inArray(devices.typeId, [...typeIds]),
          eq(devices.virtual, false),
        ),
      )
      .orderBy(asc(deviceLots.seq));
  }

  async findLotByNumber(tx: Executor, lotNumber: string) {
    const [row] = await tx.select().from(lots).where(eq(lots.lotNumber, lotNumber));
    return row;
  }

  async deleteLotWithoutEntries(tx: Executor, lotId: number): Promise<void> {
    await tx
      .delete(lots)
      .where(
        and(
          eq(lots.id, lotId),
          sql`not exists (select 1 from ${ledgerEntries} where ${ledgerEntries.lotId} = ${lotId})`,
          sql`not exists (select 1 from ${dumps} where ${dumps.lotId} = ${lotId})`,
        ),
      );
  }

  async insertLot(tx: Executor, row: typeof lots.$inferInsert): Promise<number> {
    const [created] = await tx.insert(lots).values(row).returning({ id: lots.id });
    if (!created) throw new Error('insert returned no row');
    return created.id;
  }

  /** Ledger rows of some lots, with device names, oldest first. */
  async movementsOfLots(tx: Executor, lotIds: number[]) {
    if (!lotIds.length) return [];
    const from = alias(devices, 'from_device');
    const to = alias(devices, 'to_device');
    return tx
      .select({
        entry: ledgerEntries,
        lotNumber: lots.lotNumber,
        fromName: from.name,
        toName: to.name,
      })
      .from(ledgerEntries)
      .innerJoin(lots, eq(lots.id, ledgerEntries.lotId))
      .leftJoin(from, eq(from.id, ledgerEntries.fromDevice))
      .leftJoin(to, eq(to.id, ledgerEntries.toDevice))
      .where(inArray(ledgerEntries.lotId, lotIds))
      .orderBy(asc(ledgerEntries.id));
  }

  async lotWithBean(tx: Executor, lotNumber: string) {
    const [row] = await tx
      .select({ lot: lots, beanName: beans.name })
      .from(lots)
      .innerJoin(beans, eq(beans.id, lots.beanId))
      .where(eq(lots.lotNumber, lotNumber));
    return row;
  }

  /** Ledger rows of one reason tied to some batches, orders or lots, with their lots and beans. */
  async entriesFor(
    tx: Executor,
    reason: LedgerReason,
    by: { batchIds?: number[]; orderIds?: number[]; lotIds?: number[] },
  ) {
    const within = (column: PgColumn, ids: number[] | undefined) =>
      ids === undefined ? undefined : ids.length ? inArray(column, ids) : sql`false`;
    const from = alias(devices, 'from_device');
    return tx
      .select({
        entry: ledgerEntries,
        lotNumber: lots.lotNumber,
        roastedAt: lots.roastedAt,
        beanName: beans.name,
        productName: products.name,
        fromCode: from.deviceId,
      })
      .from(ledgerEntries)
      .innerJoin(lots, eq(lots.id, ledgerEntries.lotId))
      .innerJoin(beans, eq(beans.id, lots.beanId))
      .leftJoin(from, eq(from.id, ledgerEntries.fromDevice))
      .leftJoin(roastedInto, madeOfLot)
      .leftJoin(orders, eq(orders.id, roastedInto.orderId))
      .leftJoin(products, eq(products.id, orders.productId))
      .where(
        and(
          eq(ledgerEntries.reason, reason),
          within(ledgerEntries.batchId, by.batchIds),
          within(ledgerEntries.orderId, by.orderIds),
          within(ledgerEntries.lotId, by.lotIds),
        ),
      )
      .orderBy(asc(ledgerEntries.id));
  }

  /**
   * Batches by id, with their order and place in it and the roast profile version they ran
   * (its profile's name); a batch whose order is gone is absent.
   */
  batchesByIds(tx: Executor, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return tx
      .select({
        id: orderBatches.id,
        orderId: orderBatches.orderId,
        seq: orderBatches.seq,
        profileId: orderBatches.roastProfileId,
        profileVersion: orderBatches.roastProfileVersion,
        profileName: roastProfiles.name,
      })
      .from(orderBatches)
      .leftJoin(roastProfiles, eq(roastProfiles.id, orderBatches.roastProfileId))
      .where(inArray(orderBatches.id, ids));
  }

  heldByLot(tx: Executor, lotId: number) {
    return tx
      .select({
        code: devices.deviceId,
        name: devices.name,
        centi: sql<string>`sum(${deviceLots.centiLbs})`,
      })
      .from(deviceLots)
      .innerJoin(devices, eq(devices.id, deviceLots.deviceId))
      .where(eq(deviceLots.lotId, lotId))
      .groupBy(devices.id)
      .orderBy(asc(devices.id));
  }
}
