import {
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  reportMessages,
  type CleanerWasteReport,
  type OeeEntry,
  type PackingRecord,
  type ProductionReport,
  type RecallQuery,
  type RecallReport,
  type ReportPeriod,
  type ReportPeriodQuery,
  type RoastConsistencyReport,
  type ShrinkageReport,
  type SummaryReport,
} from '@roastery/contract';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { fromCenti } from '../inventory/weights.ts';
import type {
  BatchTimeRow,
  MovementRow,
  PackRow,
  PeriodBounds,
  ReportRepository,
} from './report-repository.ts';
import { elapsedMs, oeeOfLine, type LineFigures, type Nameplate } from './oee.ts';
import { roastConsistency } from './roast-consistency.ts';

const DAY_MS = 86_400_000;

export interface ReportServiceDeps {
  repo: ReportRepository;
  /** The packing record of a packing order (the order runner's). */
  packingRecord: (orderId: number) => Promise<PackingRecord>;
  now: () => Date;
}

/** A share of a whole, in percent with one decimal; 0 of nothing is 0. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

/** The reports: read-only figures from the bean ledger, orders, their batches and roast records. */
export class ReportService {
  readonly #d: ReportServiceDeps;

  constructor(deps: ReportServiceDeps) {
    this.#d = deps;
  }

  /** [from, to): given, or q days (the default 30) back from now. */
  period(query: ReportPeriodQuery): PeriodBounds {
    const tz = query.tz ?? 'UTC';
    if (!isTimeZone(tz)) throw badRequest(reportMessages.timeZone);
    const to = query.to ? new Date(query.to) : this.#d.now();
    const from = query.from
      ? new Date(query.from)
      : new Date(to.getTime() - (query.q ?? REPORT_DEFAULT_DAYS) * DAY_MS);
    if (from.getTime() >= to.getTime()) throw badRequest(reportMessages.period);
    if (to.getTime() - from.getTime() > REPORT_MAX_DAYS * DAY_MS) {
      throw badRequest(reportMessages.periodTooLong);
    }
    return { from, to, tz };
  }

  #shown(p: PeriodBounds): ReportPeriod {
    return { from: p.from.toISOString(), to: p.to.toISOString(), tz: p.tz };
  }

  async summary(query: ReportPeriodQuery): Promise<SummaryReport> {
    const p = this.period(query);
    const [days, orders] = await Promise.all([
      this.#d.repo.dayTotals(p),
      this.#d.repo.ordersByStatus(p),
    ]);
    const lbs = (d: (typeof days)[number]) => ({
      green_received: fromCenti(d.green_received),
      roasted: fromCenti(d.roasted),
      packed: fromCenti(d.packed),
      cleaner_waste: fromCenti(d.cleaner_waste),
      roast_loss: fromCenti(d.roast_loss),
    });
    const total = (key: keyof ReturnType<typeof lbs>) =>
      fromCenti(days.reduce((sum, d) => sum + d[key], 0));
    return {
      period: this.#shown(p),
      green_received: total('green_received'),
      roasted: total('roasted'),
      packed: total('packed'),
      cleaner_waste: total('cleaner_waste'),
      roast_loss: total('roast_loss'),
      days: days.map((d) => ({ day: d.day, ...lbs(d) })),
      orders,
    };
  }

  async oee(query: ReportPeriodQuery): Promise<OeeEntry[]> {
    const p = this.period(query);
    const [ended, nameplates] = await Promise.all([
      this.#d.repo.endedBatches(p),
      this.#d.repo.nameplates(),
    ]);
    // A line is its roaster or packing workflow; one whose record is gone goes by its label.
    const key = (kind: string, ref: number | null, label: string) => `${kind}\u0000${ref ?? label}`;
    const plates = new Map(nameplates.map((n) => [key(n.kind, n.ref, ''), n]));
    const nameplateOf = (b: BatchTimeRow): Nameplate => {
      const n = b.line_ref === null ? undefined : plates.get(key(b.kind, b.line_ref, ''));
      return b.kind === 'roasting'
        ? {
            kind: 'roaster',
            device: n?.device ?? null,
            batchLbs: n?.batch_lbs ?? null,
            cycleMinutes: n?.cycle_minutes ?? null,
          }
        : {
            kind: 'packer',
            device: n?.device ?? null,
            ratedLbsPerHour: n?.rated_lbs_per_hour ?? null,
          };
    };
    const lines = new Map<string, LineFigures>();
    for (const b of ended) {
      const k = key(b.kind, b.line_ref, b.label);
      let line = lines.get(k);
      if (!line) {
        line = {
          kind: b.kind === 'roasting' ? 'roaster' : 'packer',
          label: b.label,
          runMs: 0,
          faultMs: 0,
          goodMs: 0,
          good: 0,
          empty: 0,
          failed: 0,
          centi: 0,
          nameplate: nameplateOf(b),
        };
        lines.set(k, line);
      }
      const ms = Math.max(0, b.finished_at.getTime() - b.started_at.getTime());
      if (b.status === 'failed') {
        line.faultMs += ms;
        line.failed += 1;
      } else if (b.centi > 0) {
        line.runMs += ms;
        line.goodMs += ms;
        line.good += 1;
        line.centi += b.centi;
      } else {
        // Finished with nothing moved (packing runs recorded before an empty run failed).
        line.runMs += ms;
        line.empty += 1;
      }
    }
    const elapsed = elapsedMs(p.from, p.to, this.#d.now());
    return (
      [...lines.values()]
        // Roasters before packing lines (kinds in reverse order), then by name.
        .sort((a, b) => b.kind.localeCompare(a.kind, 'en') || a.label.localeCompare(b.label, 'en'))
        .map((line) => oeeOfLine(line, elapsed))
    );
  }

  async production(query: ReportPeriodQuery): Promise<ProductionReport> {
    const p = this.period(query);
    const rows = await this.#d.repo.production(p);
    return {
      period: this.#shown(p),
      rows: rows.map(({ centi, ...r }) => ({ ...r, lbs: fromCenti(centi) })),
    };
  }

  async cleanerWaste(query: ReportPeriodQuery): Promise<CleanerWasteReport> {
    const p = this.period(query);
    const rows = await this.#d.repo.cleanerWaste(p);
    return {
      period: this.#shown(p),
      rows: rows.map((r) => ({
        day: r.day,
        silo: r.silo,
        bean_name: r.bean_name,
        drawn: fromCenti(r.drawn),
        waste: fromCenti(r.waste),
        percent: percent(r.waste, r.drawn),
      })),
    };
  }

  async shrinkage(query: ReportPeriodQuery): Promise<ShrinkageReport> {
    const p = this.period(query);
    const rows = await this.#d.repo.shrinkage(p);
    const figures = (green: number, roasted: number) => ({
      green_in: fromCenti(green),
      roasted_out: fromCenti(roasted),
      loss: fromCenti(green - roasted),
      percent: percent(green - roasted, green),
    });
    const totals = (keyOf: (r: (typeof rows)[number]) => string) => {
      const by = new Map<string, { batches: number; green: number; roasted: number }>();
      for (const r of rows) {
        const t = by.get(keyOf(r)) ?? { batches: 0, green: 0, roasted: 0 };
        t.batches += 1;
        t.green += r.green_in;
        t.roasted += r.roasted_out;
        by.set(keyOf(r), t);
      }
      return [...by].sort(([a], [b]) => a.localeCompare(b, 'en'));
    };
    return {
      period: this.#shown(p),
      batches: rows.map((r) => ({
        batch_id: r.batch_id,
        order_id: r.order_id,
        roasted_at: new Date(r.roasted_at).toISOString(),
        lot_number: r.lot_number,
        product_name: r.product_name,
        roaster: r.roaster,
        ...figures(r.green_in, r.roasted_out),
      })),
      products: totals((r) => r.product_name).map(([product_name, t]) => ({
        product_name,
        batches: t.batches,
        ...figures(t.green, t.roasted),
      })),
      roasters: totals((r) => r.roaster).map(([roaster, t]) => ({
        roaster,
        batches: t.batches,
        ...figures(t.green, t.roasted),
      })),
    };
  }

  /** How alike the roasts of each product on each roaster were, from their roast records. */
  async roastConsistency(query: ReportPeriodQuery): Promise<RoastConsistencyReport> {
    const p = this.period(query);
    const rows = await this.#d.repo.roastsCharged(p);
    return { period: this.#shown(p), groups: roastConsistency(rows) };
  }

  async packing(query: ReportPeriodQuery): Promise<PackingRecord[]> {
    const p = this.period(query);
    const ids = await this.#d.repo.packedOrders(p);
    const records: PackingRecord[] = [];
    // One at a time: a period's packed orders are tens, and the pool is shared with the plant.
    for (const id of ids) records.push(await this.#d.packingRecord(id));
    return records;
  }

  /** A green (or roasted) lot forward to its customers, or an order back to its green lots. */
  async recall(query: RecallQuery): Promise<RecallReport> {
    const repo = this.#d.repo;
    if (query.lot !== undefined) {
      const lot = await repo.lot(query.lot);
      if (!lot) throw notFound(`Lot ${query.lot} not found.`);
      const rows = await repo.roastRowsOfLots([lot.id]);
      const roasted = unique(rows.filter(isRoastedIntoBin).map((r) => r.lot_id));
      return this.#recall({
        direction: 'lot',
        subject: query.lot,
        beanName: lot.bean_name,
        received: lot.received_centi,
        rows,
        greenOf: lot.kind === 'green' ? lot.id : null,
        roasted,
        packed: repo.packs({ lotIds: roasted }),
        heldLots: lot.kind === 'green' ? [lot.id, ...roasted] : roasted,
      });
    }
    const orderId = query.order ?? 0;
    if (!(await repo.orderExists(orderId))) throw notFound(`Order ${orderId} not found.`);
    let packed = await repo.packs({ orderId });
    let roasted = unique(packed.map((r) => r.lot_id));
    if (roasted.length === 0) {
      // A roasting order: its own roasted lots, and wherever they were packed.
      roasted = await repo.roastedLotsOfOrder(orderId);
      packed = await repo.packs({ lotIds: roasted });
    }
    const rows = await repo.roastRowsOfLots(roasted);
    return this.#recall({
      direction: 'order',
      subject: String(orderId),
      beanName: null,
      received: 0,
      rows,
      greenOf: null,
      roasted,
      packed,
      heldLots: roasted,
    });
  }

  async #recall(r: {
    direction: RecallReport['direction'];
    subject: string;
    beanName: string | null;
    received: number;
    rows: MovementRow[];
    /** Forward from a green lot: its own share of each batch; otherwise all green charged. */
    greenOf: number | null;
    roasted: number[];
    /** Read beside the bins and holdings when not already read (on a pool, at once). */
    packed: PackRow[] | Promise<PackRow[]>;
    heldLots: number[];
  }): Promise<RecallReport> {
    const [bins, held, packed] = await Promise.all([
      this.#d.repo.binsOfLots(r.roasted),
      this.#d.repo.heldOfLots(r.heldLots),
      r.packed,
    ]);
    const charged = r.rows.filter((row) => row.reason === 'roast_in');
    const batches = unique(r.rows.map((row) => row.movement_id)).flatMap((movement) => {
      const ofBatch = r.rows.filter((row) => row.movement_id === movement);
      const into = ofBatch.find(isRoastedIntoBin);
      const ins = ofBatch.filter((row) => row.reason === 'roast_in');
      const first = ins[0] ?? into;
      if (!into || !first) return [];
      const green = ins
        .filter((row) => r.greenOf === null || row.lot_id === r.greenOf)
        .reduce((sum, row) => sum + row.centi, 0);
      return [
        {
          batch_id: into.batch_id ?? 0,
          order_id: into.order_id ?? 0,
          seq: into.batch_seq,
          product_name: into.product_name ?? '',
          roaster: first.to_name ?? '',
          roasted_at: new Date(into.at).toISOString(),
          green_lbs: fromCenti(green),
          roasted_lot: into.lot_number,
          roasted_lbs: fromCenti(into.centi),
        },
      ];
    });
    const greenLots = new Map<string, RecallReport['green_lots'][number]>();
    for (const row of charged) {
      const k = `${row.batch_id ?? 0}/${row.lot_number}`;
      const entry = greenLots.get(k) ?? {
        lot_number: row.lot_number,
        bean_name: row.bean_name,
        batch_id: row.batch_id ?? 0,
        order_id: row.order_id,
        seq: row.batch_seq,
        lbs: 0,
      };
      entry.lbs = fromCenti(Math.round(entry.lbs * 100) + row.centi);
      greenLots.set(k, entry);
    }
    const customers = new Map<string, { orders: Set<number>; centi: number }>();
    for (const p of packed) {
      const c = customers.get(p.customer) ?? { orders: new Set<number>(), centi: 0 };
      c.orders.add(p.order_id);
      c.centi += p.centi;
      customers.set(p.customer, c);
    }
    return {
      direction: r.direction,
      subject: r.subject,
      bean_name: r.beanName,
      received: fromCenti(r.received),
      batches,
      green_lots: [...greenLots.values()],
      bins: bins.map((b) => ({ roasted_lot: b.lot_number, bin: b.bin, lbs: fromCenti(b.centi) })),
      held: held.map((h) => ({
        lot_number: h.lot_number,
        device: h.device,
        lbs: fromCenti(h.centi),
      })),
      packed: packed.map((p) => ({
        order_id: p.order_id,
        customer: p.customer,
        product_name: p.product_name,
        roasted_lot: p.lot_number,
        bin: p.bin,
        packed_at: new Date(p.packed_at).toISOString(),
        lbs: fromCenti(p.centi),
      })),
      customers: [...customers]
        .sort(([a], [b]) => a.localeCompare(b, 'en'))
        .map(([customer, c]) => ({
          customer,
          orders: [...c.orders].sort((a, b) => a - b),
          lbs: fromCenti(c.centi),
        })),
    };
  }
}

function isRoastedIntoBin(row: MovementRow): boolean {
  return row.reason === 'roast_out' && row.from_device === null;
}
