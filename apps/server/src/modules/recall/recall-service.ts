import {
  INT32_MAX,
  RECALL_SEARCH_LIMIT,
  orderNumber,
  recallMessages,
  recallStartLabels,
  type MockRecall,
  type MockRecallQuery,
  type RecallMatch,
  type RecallRecord,
} from '@roastery/contract';
import { notFound, unprocessable } from '../../lib/http-errors.ts';
import type { Principal } from '../../principal.ts';
import {
  customersOf,
  distinctRows,
  heldRecord,
  isRoastedIntoBin,
  recordOf,
} from './recall-records.ts';
import type { LedgerRecordRow, MatchRow, RecallRepository } from './recall-repository.ts';

export interface RecallServiceDeps {
  repo: RecallRepository;
  now: () => Date;
}

/** Where a recall starts: green lots (forward), roasted lots (back), or packs (back). */
interface Start {
  label: string;
  green: number[];
  roasted: number[];
  /** The packing order or the customer's orders; null for a lot or a roasting order. */
  packOrders: number[] | null;
}

function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

/** An order number as typed: digits, leading zeros allowed (000042). */
function orderIdOf(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= INT32_MAX ? id : null;
}

function matchOf(row: MatchRow): RecallMatch {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  switch (row.kind) {
    case 'order':
      return {
        kind: row.kind,
        key: row.key,
        label: orderNumber(Number(row.key)),
        detail: `${recallStartLabels.order} · ${row.detail.trim()}`,
      };
    case 'supplier_lot':
      return {
        kind: row.kind,
        key: row.key,
        label: row.name,
        detail: `${recallStartLabels.supplier_lot}${row.detail ? ` · ${row.detail}` : ''} · ${plural(row.n, 'green lot')}`,
      };
    case 'customer':
      return {
        kind: row.kind,
        key: row.key,
        label: row.name,
        detail: `${recallStartLabels.customer} · ${plural(row.n, 'packing order')}`,
      };
    default:
      return {
        kind: row.kind,
        key: row.key,
        label: row.name,
        detail: `${recallStartLabels[row.kind]} · ${row.detail}`,
      };
  }
}

/**
 * Mock recalls (ADR 0048): from a green lot, a supplier's lot, a roasted lot, an order or a
 * customer, one step back, one step forward and the whole chain as traceability records.
 */
export class RecallService {
  readonly #d: RecallServiceDeps;

  constructor(deps: RecallServiceDeps) {
    this.#d = deps;
  }

  /** What a typed text matches, exact matches first. */
  async search(q: string): Promise<RecallMatch[]> {
    const text = q.trim();
    const rows = await this.#d.repo.search(text, orderIdOf(text), RECALL_SEARCH_LIMIT);
    const exact = (r: MatchRow) => (r.name.toLowerCase() === text.toLowerCase() ? 0 : 1);
    return rows
      .map((r, i) => ({ r, i }))
      .sort((a, b) => exact(a.r) - exact(b.r) || a.i - b.i)
      .slice(0, RECALL_SEARCH_LIMIT)
      .map(({ r }) => matchOf(r));
  }

  async #start(query: MockRecallQuery): Promise<Start> {
    const { repo } = this.#d;
    const { kind, key } = query;
    switch (kind) {
      case 'green_lot':
      case 'roasted_lot': {
        const lot = await repo.lot(key);
        const wanted = kind === 'green_lot' ? 'green' : 'roasted';
        if (lot?.kind !== wanted) throw notFound(`${recallStartLabels[kind]} ${key} not found.`);
        return {
          label: lot.lot_number,
          green: wanted === 'green' ? [lot.id] : [],
          roasted: wanted === 'roasted' ? [lot.id] : [],
          packOrders: null,
        };
      }
      case 'supplier_lot': {
        const found = await repo.lotsOfSupplierLot(key);
        if (found.length === 0) throw notFound(`No green lot has the supplier lot ${key}.`);
        return { label: key, green: found.map((l) => l.id), roasted: [], packOrders: null };
      }
      case 'order': {
        const id = orderIdOf(key);
        if (id === null) throw unprocessable(recallMessages.order);
        const orderKind = await repo.orderKind(id);
        if (!orderKind) throw notFound(`Order ${orderNumber(id)} not found.`);
        const label = orderNumber(id);
        if (orderKind === 'roasting') {
          const roasted = await repo.roastedLotsOfOrder(id);
          return { label, green: [], roasted, packOrders: null };
        }
        const roasted = await repo.lotsPackedFor([id]);
        return { label, green: [], roasted, packOrders: [id] };
      }
      case 'customer': {
        const orders = await repo.ordersOfCustomer(key);
        if (orders.name === null) throw notFound(`No packing order for the customer ${key}.`);
        const roasted = await repo.lotsPackedFor(orders.ids);
        return { label: orders.name, green: [], roasted, packOrders: orders.ids };
      }
    }
  }

  /** Everything a starting point touches, and how long the database took to say so. */
  async recall(query: MockRecallQuery, who: Principal): Promise<MockRecall> {
    const { repo } = this.#d;
    const began = performance.now();
    const start = await this.#start(query);
    const roastRows = await repo.roastRows([...start.green, ...start.roasted]);
    const drops = roastRows.filter(isRoastedIntoBin);
    const charges = roastRows.filter((r) => r.reason === 'roast_in');
    const roasted = unique([...start.roasted, ...drops.map((r) => r.lot_id)]);
    // From green lots, their own receipts; from a roasted lot back, those of every green charged.
    const receiptLots = start.green.length > 0 ? start.green : unique(charges.map((r) => r.lot_id));
    const [receipts, later, held] = await Promise.all([
      repo.receipts(receiptLots),
      repo.movesAndPacks(roasted),
      repo.held(unique([...receiptLots, ...roasted])),
    ]);
    const products = new Map(drops.map((r) => [r.lot_id, r.product_name ?? r.bean_name]));
    const records = (rows: readonly LedgerRecordRow[]) => rows.map((r) => recordOf(r, products));
    // Every packing of the roasted lots, the start's own among them.
    const packs = later.filter((r) => r.reason === 'pack');
    const chainRows = distinctRows([...receipts, ...roastRows, ...later]);
    const chain: RecallRecord[] = [
      ...records(chainRows),
      ...held.map((h) => heldRecord(h, products)),
    ];
    const green = new Set(start.green);
    const packOrders = new Set(start.packOrders);
    const sections =
      start.green.length > 0
        ? { back: receipts, forward: charges.filter((r) => green.has(r.lot_id)) }
        : start.packOrders === null
          ? { back: charges, forward: later }
          : { back: drops, forward: packs.filter((r) => packOrders.has(r.order_id ?? 0)) };
    const lots = new Map(chain.map((r) => [r.lot_code, r.lot_kind]));
    const queryMs = performance.now() - began;
    return {
      start: { kind: query.kind, key: query.key, label: start.label },
      searched_at: this.#d.now().toISOString(),
      searched_by: who.fullName || who.username,
      query_ms: Math.round(queryMs * 10) / 10,
      lots: [...lots]
        .map(([lot_code, kind]) => ({ lot_code, kind }))
        .sort((a, b) => a.kind.localeCompare(b.kind) || a.lot_code.localeCompare(b.lot_code)),
      customers: customersOf(packs),
      back: records(sections.back),
      forward: records(sections.forward),
      chain,
    };
  }
}
