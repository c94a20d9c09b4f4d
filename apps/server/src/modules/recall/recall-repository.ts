import { sql, type SQL } from 'drizzle-orm';
import {
  beans,
  deviceLots,
  devices,
  ledgerEntries,
  lots,
  orderBatches,
  orders,
  products,
  type Database,
} from '@roastery/db';

/** One ledger row with the names a traceability record shows; weights in hundredths of a lb. */
export interface LedgerRecordRow {
  id: number;
  reason: string;
  from_device: number | null;
  lot_id: number;
  lot_number: string;
  lot_kind: 'green' | 'roasted';
  bean_name: string;
  supplier: string | null;
  supplier_lot: string | null;
  /** The product of the row's order (roasting or packing), when it has one. */
  product_name: string | null;
  centi: number;
  at: Date;
  from_name: string | null;
  to_name: string | null;
  order_id: number | null;
  batch_seq: number | null;
  dump_id: number | null;
  transfer_id: number | null;
  customer: string | null;
}

export interface HeldRow {
  lot_id: number;
  lot_number: string;
  lot_kind: 'green' | 'roasted';
  bean_name: string;
  supplier: string | null;
  supplier_lot: string | null;
  device: string;
  centi: number;
}

export interface LotRow {
  id: number;
  lot_number: string;
  kind: 'green' | 'roasted';
}

/** A suggestion as the database finds it; the service words it. */
export interface MatchRow {
  kind: 'green_lot' | 'roasted_lot' | 'supplier_lot' | 'order' | 'customer';
  key: string;
  name: string;
  detail: string;
  n: number;
}

/** A database's rows; both drivers answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** A LIKE pattern that matches the text itself at the start, its % and _ taken literally. */
export function startsWith(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ROAST_REASONS = sql`('roast_in', 'roast_out')`;

/**
 * The recall's SQL: a few set-based reads over the ledger, each by an indexed column (lot,
 * movement, order), so a recall on years of history reads only the rows of its chain.
 */
export class RecallRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async #rows<T>(query: SQL): Promise<T[]> {
    return rowsOf<T>(await this.#db.execute(query));
  }

  /** Ledger rows matching a filter on `le`, with lot, bean, devices, order and product. */
  #records(filter: SQL): Promise<LedgerRecordRow[]> {
    return this.#rows(sql`
      select le.id::float8 as id, le.reason, le.from_device, le.lot_ref as lot_id, l.lot_number,
        l.kind as lot_kind, bn.bean_name, l.supplier, l.supplier_lot, pr.product_name,
        le.centi_lbs::float8 as centi, le.at, fd.device_name as from_name,
        td.device_name as to_name, coalesce(ob.order_ref, le.order_id) as order_id,
        ob.seq as batch_seq, le.dump_id, le.transfer_id, o.customer
      from ${ledgerEntries} le
      join ${lots} l on l.id = le.lot_ref
      join ${beans} bn on bn.id = l.bean_ref
      left join ${devices} fd on fd.id = le.from_device
      left join ${devices} td on td.id = le.to_device
      left join ${orderBatches} ob on ob.id = le.batch_id
      left join ${orders} o on o.id = coalesce(ob.order_ref, le.order_id)
      left join ${products} pr on pr.id = o.product_ref
      where ${filter}
      order by le.at, le.id`);
  }

  /**
   * The drum charges and roasted drops of every batch that charged or made any of these lots.
   * The movements are read first, as an array the ledger's movement index is searched with: as a
   * join, the planner expected thousands of movements and scanned the whole ledger (0.5 s on two
   * years of a busy plant).
   */
  roastRows(lotIds: number[]): Promise<LedgerRecordRow[]> {
    if (lotIds.length === 0) return Promise.resolve([]);
    return this.#records(sql`le.movement_id = any(array(
        select distinct movement_id from ${ledgerEntries}
        where lot_ref in ${lotIds} and reason in ${ROAST_REASONS}))
      and (le.reason = 'roast_in' or (le.reason = 'roast_out' and le.from_device is null))`);
  }

  /** How green lots entered the plant: dumps and opening stock. */
  receipts(lotIds: number[]): Promise<LedgerRecordRow[]> {
    if (lotIds.length === 0) return Promise.resolve([]);
    return this.#records(sql`le.lot_ref in ${lotIds} and le.from_device is null
      and le.reason in ('dump', 'opening')`);
  }

  /** Roasted lots moved between bins, and packed. */
  movesAndPacks(lotIds: number[]): Promise<LedgerRecordRow[]> {
    if (lotIds.length === 0) return Promise.resolve([]);
    return this.#records(sql`le.lot_ref in ${lotIds} and le.reason in ('transfer', 'pack')`);
  }

  /** The roasted lots these orders packed. */
  async lotsPackedFor(orderIds: number[]): Promise<number[]> {
    if (orderIds.length === 0) return [];
    const rows = await this.#rows<{ lot_id: number }>(sql`
      select distinct lot_ref as lot_id from ${ledgerEntries}
      where order_id in ${orderIds} and reason = 'pack'`);
    return rows.map((r) => r.lot_id);
  }

  /** What the plant holds of these lots now, per device. */
  held(lotIds: number[]): Promise<HeldRow[]> {
    if (lotIds.length === 0) return Promise.resolve([]);
    return this.#rows(sql`
      select l.id as lot_id, l.lot_number, l.kind as lot_kind, bn.bean_name, l.supplier,
        l.supplier_lot, d.device_name as device, sum(h.centi_lbs)::float8 as centi
      from ${deviceLots} h
      join ${lots} l on l.id = h.lot_ref
      join ${beans} bn on bn.id = l.bean_ref
      join ${devices} d on d.id = h.device_ref
      where h.lot_ref in ${lotIds}
      group by l.id, l.lot_number, l.kind, bn.bean_name, l.supplier, l.supplier_lot, d.device_name
      order by l.lot_number, d.device_name`);
  }

  async lot(lotNumber: string): Promise<LotRow | undefined> {
    const [row] = await this.#rows<LotRow>(sql`
      select id, lot_number, kind from ${lots} where lot_number = ${lotNumber}`);
    return row;
  }

  /** The green lots bearing a supplier's lot code, in any case. */
  lotsOfSupplierLot(code: string): Promise<LotRow[]> {
    return this.#rows(sql`
      select id, lot_number, kind from ${lots}
      where lower(supplier_lot) = ${code.toLowerCase()} order by lot_number`);
  }

  async orderKind(orderId: number): Promise<'roasting' | 'packing' | undefined> {
    const [row] = await this.#rows<{ kind: 'roasting' | 'packing' }>(sql`
      select kind from ${orders} where id = ${orderId}`);
    return row?.kind;
  }

  /** The roasted lots a roasting order's batches dropped. */
  async roastedLotsOfOrder(orderId: number): Promise<number[]> {
    const rows = await this.#rows<{ lot_id: number }>(sql`
      select distinct lot_ref as lot_id from ${ledgerEntries}
      where order_id = ${orderId} and reason = 'roast_out' and from_device is null`);
    return rows.map((r) => r.lot_id);
  }

  /** A customer's packing orders, the name matched in any case; and the name as stored. */
  async ordersOfCustomer(customer: string): Promise<{ ids: number[]; name: string | null }> {
    const rows = await this.#rows<{ id: number; customer: string }>(sql`
      select id, customer from ${orders}
      where lower(customer) = ${customer.toLowerCase()} and kind = 'packing' order by id`);
    return { ids: rows.map((r) => r.id), name: rows[0]?.customer ?? null };
  }

  /** What a typed text may mean: lot codes, supplier lots and customers it starts, an order. */
  search(text: string, orderId: number | null, limit: number): Promise<MatchRow[]> {
    const like = startsWith(text);
    return this.#rows(sql`
      (select case when l.kind = 'green' then 'green_lot' else 'roasted_lot' end as kind,
          l.lot_number as key, l.lot_number as name, bn.bean_name as detail, 1 as n
        from ${lots} l join ${beans} bn on bn.id = l.bean_ref
        where lower(l.lot_number) like ${like} order by l.lot_number limit ${limit})
      union all
      (select 'supplier_lot', min(l.supplier_lot), min(l.supplier_lot), coalesce(min(l.supplier), ''),
          count(*)::int
        from ${lots} l where lower(l.supplier_lot) like ${like}
        group by lower(l.supplier_lot) order by 2 limit ${limit})
      union all
      (select 'order', o.id::text, o.id::text, o.kind || ' ' || o.customer, 1
        from ${orders} o where o.id = ${orderId ?? -1})
      union all
      (select 'customer', min(o.customer), min(o.customer), '', count(*)::int
        from ${orders} o where o.kind = 'packing' and o.customer <> ''
          and lower(o.customer) like ${like}
        group by lower(o.customer) order by 2 limit ${limit})`);
  }
}
