import { orderNumber, type RecallCustomer, type RecallRecord } from '@roastery/contract';
import { fromCenti } from '../inventory/weights.ts';
import type { HeldRow, LedgerRecordRow } from './recall-repository.ts';

/** The roasted lots' products, from the batches that made them; a lot's bean otherwise. */
export type ProductOfLot = ReadonlyMap<number, string>;

export function isRoastedIntoBin(row: LedgerRecordRow): boolean {
  return row.reason === 'roast_out' && row.from_device === null;
}

function batchReference(row: LedgerRecordRow): string {
  if (row.order_id === null) return 'Roast without an order';
  const order = `Order ${orderNumber(row.order_id)}`;
  return row.batch_seq === null ? order : `${order} · batch ${row.batch_seq}`;
}

function productOf(row: { lot_id: number; bean_name: string }, products: ProductOfLot): string {
  return products.get(row.lot_id) ?? row.bean_name;
}

const base = (row: LedgerRecordRow | HeldRow) => ({
  lot_code: row.lot_number,
  lot_kind: row.lot_kind,
  unit: 'lb' as const,
  customer: null,
  supplier: row.supplier,
  supplier_lot: row.supplier_lot,
});

/** One ledger row as a traceability record: what happened, to which lot, where, on what paper. */
export function recordOf(row: LedgerRecordRow, products: ProductOfLot): RecallRecord {
  const at = new Date(row.at).toISOString();
  const quantity = fromCenti(row.centi);
  const common = { ...base(row), quantity, date: at };
  switch (row.reason) {
    case 'dump':
    case 'opening':
      return {
        ...common,
        event: 'received',
        product: row.bean_name,
        location: row.to_name ?? '',
        reference:
          row.reason === 'opening'
            ? 'Opening stock'
            : row.dump_id === null
              ? 'Dump'
              : `Dump request ${row.dump_id}`,
      };
    case 'roast_in':
      return {
        ...common,
        event: 'charged',
        product: row.bean_name,
        location: row.to_name ?? '',
        reference: batchReference(row),
      };
    case 'roast_out':
      return {
        ...common,
        event: 'roasted',
        product: row.product_name ?? productOf(row, products),
        location: row.to_name ?? '',
        reference: batchReference(row),
      };
    case 'pack':
      return {
        ...common,
        event: 'packed',
        product: row.product_name ?? productOf(row, products),
        location: row.customer || 'No customer named',
        reference: `Order ${orderNumber(row.order_id ?? 0)} from ${row.from_name ?? 'a bin'}`,
        customer: row.customer || null,
      };
    default:
      return {
        ...common,
        event: 'transferred',
        product: productOf(row, products),
        location: `${row.from_name ?? 'outside'} to ${row.to_name ?? 'outside'}`,
        reference: row.transfer_id === null ? 'Transfer' : `Transfer ${row.transfer_id}`,
      };
  }
}

export function heldRecord(row: HeldRow, products: ProductOfLot): RecallRecord {
  return {
    ...base(row),
    event: 'in_stock',
    product: productOf(row, products),
    quantity: fromCenti(row.centi),
    location: row.device,
    date: null,
    reference: 'Plant inventory',
  };
}

/** Every customer the packs reached, by name, with their orders, lots, lbs and dates. */
export function customersOf(packs: readonly LedgerRecordRow[]): RecallCustomer[] {
  const by = new Map<
    string,
    { orders: Set<number>; lots: Set<string>; centi: number; first: Date; last: Date }
  >();
  for (const p of packs) {
    const name = p.customer ?? '';
    const at = new Date(p.at);
    const c = by.get(name) ?? {
      orders: new Set<number>(),
      lots: new Set<string>(),
      centi: 0,
      first: at,
      last: at,
    };
    if (p.order_id !== null) c.orders.add(p.order_id);
    c.lots.add(p.lot_number);
    c.centi += p.centi;
    if (at < c.first) c.first = at;
    if (at > c.last) c.last = at;
    by.set(name, c);
  }
  return [...by]
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([customer, c]) => ({
      customer,
      orders: [...c.orders].sort((a, b) => a - b),
      lots: [...c.lots].sort(),
      lbs: fromCenti(c.centi),
      first_packed: c.first.toISOString(),
      last_packed: c.last.toISOString(),
    }));
}

/** Rows once each (a row reached from two sides of the chain is one event), in ledger order. */
export function distinctRows(rows: readonly LedgerRecordRow[]): LedgerRecordRow[] {
  const by = new Map(rows.map((r) => [r.id, r]));
  return [...by.values()].sort(
    (a, b) => new Date(a.at).getTime() - new Date(b.at).getTime() || a.id - b.id,
  );
}
