import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  beans,
  deviceLots,
  devices,
  ledgerEntries,
  lots,
  orderBatches,
  orders,
  products,
  roastRecords,
  workflowSteps,
  workflows,
  type Database,
} from '@roastery/db';
import { Stage } from '@roastery/contract';

/** A report's period as the repository takes it: [from, to) and the zone days are counted in. */
export interface PeriodBounds {
  from: Date;
  to: Date;
  tz: string;
}

export interface DayTotalsRow {
  day: string;
  green_received: number;
  roasted: number;
  packed: number;
  cleaner_waste: number;
  roast_loss: number;
}

export interface BatchTimeRow {
  kind: 'roasting' | 'packing';
  /** The line: the roaster's device id, or the packing workflow's id; null when it is gone. */
  line_ref: number | null;
  label: string;
  status: 'finished' | 'failed';
  started_at: Date;
  finished_at: Date;
  centi: number;
}

export interface MovementRow {
  movement_id: string;
  batch_id: number | null;
  /** The batch's place in its order; null without a batch or when its record is gone. */
  batch_seq: number | null;
  order_id: number | null;
  reason: string;
  from_device: number | null;
  to_name: string | null;
  lot_id: number;
  lot_number: string;
  bean_name: string;
  centi: number;
  at: Date;
  product_name: string | null;
}

export interface PackRow {
  order_id: number;
  customer: string;
  product_name: string;
  lot_id: number;
  lot_number: string;
  bin: string;
  packed_at: Date;
  centi: number;
}

/**
 * A line's nameplate for OEE: a roaster (ref: its device id) with its batch capacity and ideal
 * cycle, or a packing workflow (ref: its id) with the slowest rated Packing-stage device it drives.
 */
export interface NameplateRow {
  kind: 'roasting' | 'packing';
  ref: number;
  device: string | null;
  batch_lbs: number | null;
  cycle_minutes: number | null;
  rated_lbs_per_hour: number | null;
}

/** A database's rows; both drivers answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

const day = (tz: string) => sql`to_char(le.at at time zone ${tz}, 'YYYY-MM-DD')`;
const inPeriod = (p: PeriodBounds) => sql`le.at >= ${p.from} and le.at < ${p.to}`;
/** A roasted lot entering its bin: the roast_out row that comes from outside the devices. */
const roastedIntoBin = sql`le.reason = 'roast_out' and le.from_device is null`;
const centiSum = (filter: SQL) =>
  sql`coalesce(sum(le.centi_lbs) filter (where ${filter}), 0)::float8`;

/** A roast record as the roast consistency report reads it. */
export type RoastRecordRow = Awaited<ReturnType<ReportRepository['roastsCharged']>>[number];

/**
 * The reports' SQL: read-only aggregates over the bean ledger, orders and their batches, and the
 * roast records as they were stored. Weights come back in hundredths of a pound; the service
 * converts them once.
 */
export class ReportRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async #rows<T>(query: SQL): Promise<T[]> {
    return rowsOf<T>(await this.#db.execute(query));
  }

  dayTotals(p: PeriodBounds): Promise<DayTotalsRow[]> {
    return this.#rows(sql`
      select ${day(p.tz)} as day,
        ${centiSum(sql`le.reason = 'dump'`)} as green_received,
        ${centiSum(roastedIntoBin)} as roasted,
        ${centiSum(sql`le.reason = 'pack'`)} as packed,
        ${centiSum(sql`le.reason = 'cleaner_waste'`)} as cleaner_waste,
        ${centiSum(sql`le.reason = 'roast_loss'`)} as roast_loss
      from ${ledgerEntries} le
      where ${inPeriod(p)} and le.reason in ('dump', 'roast_out', 'pack', 'cleaner_waste', 'roast_loss')
      group by 1 order by 1`);
  }

  ordersByStatus(p: PeriodBounds) {
    return this.#rows<{ kind: 'roasting' | 'packing'; status: number; count: number }>(sql`
      select o.kind, o.status, count(*)::int as count from ${orders} o
      where o.order_date >= ${p.from} and o.order_date < ${p.to}
      group by o.kind, o.status order by o.kind, o.status`);
  }

  /**
   * Batches that ended in the period, finished or failed, with the line they ran on: a
   * roasting batch on its roaster, a packing run on its packing workflow (which drives one
   * packer), and the weight it handled (green charged, or packed).
   */
  async endedBatches(p: PeriodBounds): Promise<BatchTimeRow[]> {
    const rows = await this.#rows<BatchTimeRow>(
      sql`
      select o.kind,
        case when o.kind = 'roasting' then d.id else w.id end as line_ref,
        coalesce(case when o.kind = 'roasting' then d.device_name else w.name end, 'Unknown') as label,
        b.status, b.started_at, b.finished_at,
        coalesce(case when o.kind = 'roasting' then b.green_centi else b.roasted_centi end, 0)::float8 as centi
      from ${orderBatches} b
      join ${orders} o on o.id = b.order_ref
      left join ${devices} d on d.id = coalesce(b.roaster_device, o.roaster_device)
      left join ${workflows} w on w.id = coalesce(b.workflow_id, o.workflow_id)
      where b.status in ('finished', 'failed') and b.started_at is not null and b.finished_at is not null
        and b.finished_at >= ${p.from} and b.finished_at < ${p.to}
      order by b.finished_at`,
    );
    return rows.map((r) => ({
      ...r,
      started_at: new Date(r.started_at),
      finished_at: new Date(r.finished_at),
    }));
  }

  /**
   * Every roaster's and packing workflow's nameplate. A packing workflow is measured by the
   * Packing-stage devices its steps drive: the slowest rated one, the line's bottleneck.
   */
  nameplates() {
    return this.#rows<NameplateRow>(sql`
      select 'roasting' as kind, d.id as ref, d.device_name as device,
        d.batch_capacity::float8 as batch_lbs, d.ideal_cycle_minutes::float8 as cycle_minutes,
        null::float8 as rated_lbs_per_hour
      from ${devices} d
      union all
      select 'packing', w.id, pk.device_name, null, null, pk.rated
      from ${workflows} w
      left join lateral (
        select d.device_name, d.rated_lbs_per_hour::float8 as rated
        from ${workflowSteps} s
        join ${devices} d on lower(d.device_id) = lower(s.device_id)
        where s.workflow_id = w.id and d.device_stage = ${Stage.Packing}
        order by d.rated_lbs_per_hour nulls last, d.device_name
        limit 1
      ) pk on true`);
  }

  production(p: PeriodBounds) {
    return this.#rows<{
      day: string;
      product_name: string;
      roaster: string;
      batches: number;
      centi: number;
    }>(sql`
      select ${day(p.tz)} as day, coalesce(pr.product_name, '') as product_name,
        coalesce(d.device_name, '') as roaster,
        count(distinct le.batch_id)::int as batches, sum(le.centi_lbs)::float8 as centi
      from ${ledgerEntries} le
      left join ${orderBatches} b on b.id = le.batch_id
      left join ${orders} o on o.id = le.order_id
      left join ${products} pr on pr.id = o.product_ref
      left join ${devices} d on d.id = coalesce(b.roaster_device, o.roaster_device)
      where ${roastedIntoBin} and ${inPeriod(p)}
      group by 1, 2, 3 order by 1, 2, 3`);
  }

  cleanerWaste(p: PeriodBounds) {
    return this.#rows<{
      day: string;
      silo: string;
      bean_name: string;
      drawn: number;
      waste: number;
    }>(sql`
      select ${day(p.tz)} as day, d.device_name as silo, bn.bean_name,
        sum(le.centi_lbs)::float8 as drawn,
        ${centiSum(sql`le.reason = 'cleaner_waste'`)} as waste
      from ${ledgerEntries} le
      join ${devices} d on d.id = le.from_device
      join ${lots} l on l.id = le.lot_ref
      join ${beans} bn on bn.id = l.bean_ref
      where le.reason in ('roast_in', 'cleaner_waste') and ${inPeriod(p)}
      group by 1, 2, 3 order by 1, 2, 3`);
  }

  /** Each batch roasted in the period: green charged into the drum against roasted dropped. */
  shrinkage(p: PeriodBounds) {
    return this.#rows<{
      batch_id: number;
      order_id: number;
      roasted_at: Date;
      lot_number: string;
      product_name: string;
      roaster: string;
      green_in: number;
      roasted_out: number;
    }>(sql`
      select le.batch_id, max(le.order_id) as order_id, max(le.at) as roasted_at,
        coalesce(max(l.lot_number) filter (where ${roastedIntoBin}), '') as lot_number,
        coalesce(max(pr.product_name), '') as product_name,
        coalesce(max(d.device_name) filter (where le.reason = 'roast_in'), '') as roaster,
        ${centiSum(sql`le.reason = 'roast_in'`)} as green_in,
        ${centiSum(roastedIntoBin)} as roasted_out
      from ${ledgerEntries} le
      join ${lots} l on l.id = le.lot_ref
      left join ${devices} d on d.id = le.to_device
      left join ${orders} o on o.id = le.order_id
      left join ${products} pr on pr.id = o.product_ref
      where le.reason in ('roast_in', 'roast_out') and le.batch_id is not null and ${inPeriod(p)}
      group by le.batch_id order by max(le.at), le.batch_id`);
  }

  /**
   * Every roast record charged in the period, oldest first, with its roaster and, when an
   * order's batch, the batch's order and product; weights in hundredths of a pound.
   */
  roastsCharged(p: PeriodBounds) {
    return this.#db
      .select({
        recordId: roastRecords.id,
        batchId: roastRecords.batchId,
        orderId: orderBatches.orderId,
        batchSeq: orderBatches.seq,
        productId: products.id,
        productName: products.name,
        roasterRef: devices.id,
        roasterCode: devices.deviceId,
        roasterName: devices.name,
        chargedAt: roastRecords.chargedAt,
        endBtF: roastRecords.endBtF,
        greenCenti: roastRecords.greenCenti,
        roastedCenti: roastRecords.roastedCenti,
        colour: roastRecords.colour,
        events: roastRecords.events,
        phases: roastRecords.phases,
      })
      .from(roastRecords)
      .innerJoin(devices, eq(devices.id, roastRecords.roasterDevice))
      .leftJoin(orderBatches, eq(orderBatches.id, roastRecords.batchId))
      .leftJoin(orders, eq(orders.id, orderBatches.orderId))
      .leftJoin(products, eq(products.id, orders.productId))
      .where(and(gte(roastRecords.chargedAt, p.from), lt(roastRecords.chargedAt, p.to)))
      .orderBy(asc(roastRecords.chargedAt), asc(roastRecords.id));
  }

  /** The orders packed in the period, the latest first. */
  async packedOrders(p: PeriodBounds): Promise<number[]> {
    const rows = await this.#rows<{ order_id: number }>(sql`
      select le.order_id from ${ledgerEntries} le
      join ${orders} o on o.id = le.order_id and o.kind = 'packing'
      where le.reason = 'pack' and ${inPeriod(p)}
      group by le.order_id order by max(le.at) desc, le.order_id desc`);
    return rows.map((r) => r.order_id);
  }

  /** A lot, with what entered the plant as it (received, or dropped by the roaster). */
  async lot(lotNumber: string) {
    const [row] = await this.#rows<{
      id: number;
      kind: 'green' | 'roasted';
      bean_name: string;
      received_centi: number;
    }>(sql`
      select l.id, l.kind, bn.bean_name,
        (select coalesce(sum(le.centi_lbs), 0)::float8 from ${ledgerEntries} le
          where le.lot_ref = l.id and le.from_device is null) as received_centi
      from ${lots} l join ${beans} bn on bn.id = l.bean_ref
      where l.lot_number = ${lotNumber}`);
    return row;
  }

  async orderExists(orderId: number): Promise<boolean> {
    const rows = await this.#rows(sql`select 1 from ${orders} where id = ${orderId}`);
    return rows.length > 0;
  }

  /**
   * The roast_in and roast_out rows, with names, of every roasting movement (one batch each)
   * that charged or made any of these lots. One statement: the report is read while the plant
   * books, and each round trip waits its turn on the database.
   */
  roastRowsOfLots(lotIds: number[]): Promise<MovementRow[]> {
    if (lotIds.length === 0) return Promise.resolve([]);
    return this.#rows(sql`
      with batch_moves as materialized (
        select distinct movement_id from ${ledgerEntries}
        where lot_ref in ${lotIds} and reason in ('roast_in', 'roast_out')
      )
      select le.movement_id, le.batch_id, ob.seq as batch_seq,
        coalesce(ob.order_ref, le.order_id) as order_id, le.reason, le.from_device,
        td.device_name as to_name, le.lot_ref as lot_id, l.lot_number, bn.bean_name,
        le.centi_lbs::float8 as centi, le.at, pr.product_name
      from batch_moves m
      join ${ledgerEntries} le on le.movement_id = m.movement_id
      join ${lots} l on l.id = le.lot_ref
      join ${beans} bn on bn.id = l.bean_ref
      left join ${orderBatches} ob on ob.id = le.batch_id
      left join ${devices} td on td.id = le.to_device
      left join ${orders} o on o.id = coalesce(ob.order_ref, le.order_id)
      left join ${products} pr on pr.id = o.product_ref
      where le.reason in ('roast_in', 'roast_out')
      order by le.at, le.id`);
  }

  /** Every bin these lots went into, with what entered it. */
  binsOfLots(lotIds: number[]) {
    if (lotIds.length === 0) return Promise.resolve([]);
    return this.#rows<{ lot_number: string; bin: string; centi: number }>(sql`
      select l.lot_number, d.device_name as bin, sum(le.centi_lbs)::float8 as centi
      from ${ledgerEntries} le
      join ${lots} l on l.id = le.lot_ref
      join ${devices} d on d.id = le.to_device
      where le.lot_ref in ${lotIds}
      group by l.lot_number, d.device_name order by l.lot_number, d.device_name`);
  }

  heldOfLots(lotIds: number[]) {
    if (lotIds.length === 0) return Promise.resolve([]);
    return this.#rows<{ lot_number: string; device: string; centi: number }>(sql`
      select l.lot_number, d.device_name as device, sum(h.centi_lbs)::float8 as centi
      from ${deviceLots} h
      join ${lots} l on l.id = h.lot_ref
      join ${devices} d on d.id = h.device_ref
      where h.lot_ref in ${lotIds}
      group by l.lot_number, d.device_name order by l.lot_number, d.device_name`);
  }

  /** Packing of these lots (by lot), or for one order. */
  packs(where: { lotIds: number[] } | { orderId: number }): Promise<PackRow[]> {
    if ('lotIds' in where && where.lotIds.length === 0) return Promise.resolve([]);
    const filter =
      'lotIds' in where ? sql`le.lot_ref in ${where.lotIds}` : sql`le.order_id = ${where.orderId}`;
    return this.#rows(sql`
      select le.order_id, coalesce(o.customer, '') as customer,
        coalesce(pr.product_name, '') as product_name, le.lot_ref as lot_id, l.lot_number,
        coalesce(d.device_name, '') as bin, max(le.at) as packed_at,
        sum(le.centi_lbs)::float8 as centi
      from ${ledgerEntries} le
      join ${lots} l on l.id = le.lot_ref
      left join ${devices} d on d.id = le.from_device
      left join ${orders} o on o.id = le.order_id
      left join ${products} pr on pr.id = o.product_ref
      where le.reason = 'pack' and ${filter}
      group by le.order_id, o.customer, pr.product_name, le.lot_ref, l.lot_number, d.device_name
      order by max(le.at), le.order_id`);
  }

  /** The roasted lots a roasting order's batches dropped. */
  async roastedLotsOfOrder(orderId: number): Promise<number[]> {
    const rows = await this.#rows<{ lot_id: number }>(sql`
      select distinct le.lot_ref as lot_id from ${ledgerEntries} le
      where le.order_id = ${orderId} and ${roastedIntoBin}`);
    return rows.map((r) => r.lot_id);
  }
}
