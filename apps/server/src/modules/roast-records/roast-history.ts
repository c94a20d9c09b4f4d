import { historianTagKeyOf, RoasterPhase, type CommandKind } from '@roastery/contract';
import type { StoredRoastSample } from '@roastery/db';
import type { CommandRole, PlantCatalog } from '../../plant/catalog/plant-catalog.ts';

/** The part of a roast under way that the historian kept, as a record's samples. */
export interface ElapsedRoast {
  /** The roaster's roast clock ('Roast Time') when its charge gate closed: t = 0. */
  chargeS: number;
  /** When the charge gate closed, by the historian's clock (epoch ms). */
  chargedAtMs: number;
  /** Each second from the charge that the historian has readings for. */
  samples: StoredRoastSample[];
}

type Point = { at: number; value: number | null };
type TagRef = { device_id: string; kind: CommandKind; command_id: number };

/** What the roast's history reads of the historian (its service). */
export interface HistorianReads {
  /** Stored samples from `from` to `to` (epoch ms), by tag key and time; offline ones null. */
  rawSamples(
    refs: readonly TagRef[],
    from: number,
    to: number,
  ): Promise<ReadonlyMap<string, readonly Point[]>>;
}

/** The tags a record's second is made of, in a sample's order after t. */
const COLUMNS = [
  'bean-temperature',
  'environment-temperature',
  'inlet-temperature',
  'burner-output',
  'airflow',
  'first-crack',
] as const satisfies readonly CommandRole[];

/** A roast lasts well under this: the historian is searched this far back for its charge. */
const LOOKBACK_MS = 2 * 3_600_000;
/** The readings at the charge were scanned with its phase, or in the scan or two before. */
const BEFORE_CHARGE_MS = 10_000;

/**
 * Reads a roast under way back from the historian, which keeps a roaster's every change and a
 * sample of each of its tags each second while its batch runs: the charge is the phase's last
 * change from Charging to Roasting, and each second of the roast is told by the roaster's own
 * roast clock, whatever the historian's clock, so that the seconds line up with those the
 * controller and the recorder count.
 */
export class RoastHistory {
  readonly #historian: HistorianReads;
  readonly #catalog: () => PlantCatalog | undefined;
  readonly #now: () => number;

  constructor(
    historian: HistorianReads,
    catalog: () => PlantCatalog | undefined,
    /** The historian's clock. */
    now: () => number = Date.now,
  ) {
    this.#historian = historian;
    this.#catalog = catalog;
    this.#now = now;
  }

  /** The roast the roaster is roasting now, as far as the historian has it; undefined: none. */
  async elapsed(roaster: string): Promise<ElapsedRoast | undefined> {
    const tag = (role: CommandRole): TagRef | undefined => {
      const ref = this.#catalog()?.refOf(roaster, role);
      return ref && { device_id: roaster, kind: ref.command_kind, command_id: ref.command_id };
    };
    const phase = tag('roaster-phase');
    const clock = tag('roast-time');
    if (!phase || !clock) return undefined;
    const now = this.#now();
    const to = now + 60_000;
    const phases = await this.#historian.rawSamples([phase], now - LOOKBACK_MS, to);
    const chargedAtMs = chargeIn(phases.get(historianTagKeyOf(phase)) ?? []);
    if (chargedAtMs === undefined) return undefined;
    const columns = COLUMNS.map(tag);
    const known = [clock, ...columns].filter((ref) => ref !== undefined);
    const points = await this.#historian.rawSamples(known, chargedAtMs - BEFORE_CHARGE_MS, to);
    const pointsOf = (ref: TagRef | undefined) => (ref && points.get(historianTagKeyOf(ref))) ?? [];
    const ticks = clockTicks(pointsOf(clock), chargedAtMs);
    const chargeS = ticks[0]?.value;
    if (chargeS === undefined) return undefined;
    const readers = columns.map((ref) => reader(pointsOf(ref)));
    const samples: StoredRoastSample[] = [];
    ticks.forEach((tick, k) => {
      const next = ticks[k + 1];
      // Between two ticks of the roast clock, well clear of the scans that brought either.
      const at = next ? (tick.at + next.at) / 2 : Infinity;
      const [bt, et, inlet, burner, airflow, crack] = readers.map((read) => read(at));
      if (bt == null || et == null) return;
      const until = next ? next.value : tick.value + 1;
      for (let s = tick.value; s < until; s += 1) {
        samples.push([
          s - chargeS,
          bt,
          et,
          inlet ?? null,
          burner ?? null,
          airflow ?? null,
          crack ? 1 : 0,
        ]);
      }
    });
    return { chargeS, chargedAtMs, samples };
  }
}

/**
 * When the roast under way charged: its phase's last change from Charging to Roasting, with
 * no other phase since (a value the PLC link did not give is no phase). Undefined when the last
 * phase known is not Roasting, or its charge is not kept.
 */
function chargeIn(phases: readonly Point[]): number | undefined {
  let charged: number | undefined;
  let last: number | null = null;
  for (const p of phases) {
    if (p.value === null) continue;
    if (p.value !== RoasterPhase.Roasting) charged = undefined;
    else if (last === RoasterPhase.Charging) charged = p.at;
    last = p.value;
  }
  return last === RoasterPhase.Roasting ? charged : undefined;
}

/**
 * Each second the roast clock showed from the charge on, when it first showed it: the first is
 * its reading at the charge (the latest at or before it).
 */
function clockTicks(points: readonly Point[], chargedAtMs: number) {
  const good = points.filter((p): p is { at: number; value: number } => p.value !== null);
  const first = good.findLastIndex((p) => p.at <= chargedAtMs);
  const ticks: { at: number; value: number }[] = [];
  for (const p of good.slice(Math.max(0, first))) {
    const last = ticks.at(-1);
    if (!last || p.value > last.value) {
      ticks.push({ at: Math.max(p.at, chargedAtMs), value: p.value });
    }
  }
  return ticks;
}

/** A tag's value at increasing times: the latest of its points at or before each. */
function reader(points: readonly Point[]): (at: number) => number | null | undefined {
  let i = 0;
  return (at) => {
    while (i < points.length && (points[i]?.at ?? Infinity) <= at) i += 1;
    return points[i - 1]?.value;
  };
}
