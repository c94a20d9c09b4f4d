import { RoasterPhase } from '@roastery/contract';
import type { StoredRoastSample } from '@roastery/db';
import type { CommandRole } from '../../plant/catalog/plant-catalog.ts';
import type { ElapsedRoast } from './roast-history.ts';

/** The roles a roast's record reads, and what it calls each. */
const READINGS = {
  'bean-temperature': 'bt',
  'environment-temperature': 'et',
  'inlet-temperature': 'inlet',
  'burner-output': 'burner',
  airflow: 'airflow',
  'first-crack': 'crack',
  'green-weight': 'green',
  'roasted-weight': 'roasted',
  'bean-colour': 'colour',
  'roasted-moisture': 'roastedMoisture',
  'green-moisture': 'moisture',
  'green-density': 'density',
} as const satisfies Partial<Record<CommandRole, string>>;
type Reading = (typeof READINGS)[keyof typeof READINGS];

/** A roast from charge to drop as the recorder saw it, ready to be stored. */
export interface FinishedRoast {
  roaster: string;
  chargedAt: Date;
  droppedAt: Date;
  /** Charge (t = 0) to drop, seconds of the recorder's clock. */
  roastS: number;
  endBtF: number;
  samples: StoredRoastSample[];
  greenLbs: number | null;
  roastedLbs: number | null;
  colour: number | null;
  roastedMoisturePct: number | null;
  /** The green lot the roaster was told of at charge; null where it was told nothing. */
  greenMoisturePct: number | null;
  greenDensityGPerL: number | null;
}

interface Cycle {
  /** 'resuming': a roast seen under way, whose elapsed part is being read back. */
  state: 'charging' | 'resuming' | 'roasting' | 'dropped';
  chargeMs: number;
  chargedAt: Date;
  droppedAt: Date;
  /** The recorder's clock at the drop. */
  droppedMs: number;
  roastS: number;
  endBtF: number | null;
  /** The next second after charge to sample. */
  nextS: number;
  samples: StoredRoastSample[];
  /** Taken at charge: the next batch's lot may be written before this one is handed over. */
  greenLot: { moisture: number | null; density: number | null };
}

export interface RecorderClocks {
  /** Milliseconds that time the samples: the plant's time (the simulator's in tests). */
  clock: () => number;
  /** What a record's charge and drop are stamped with. */
  now: () => Date;
}

/** Reads back the elapsed part of a roast seen under way; undefined when none is kept. */
export type ElapsedRoastOf = (roaster: string) => Promise<ElapsedRoast | undefined>;

/**
 * Follows each roaster's phase and readings and keeps, while it roasts, the latest of each
 * reading once a second, as a roast logger does. t = 0 is the moment the charge gate has closed
 * (Charging to Roasting, Artisan's CHARGE); sampling stops at the drop (Dropping). The roast is
 * handed over when the phase moves on from Dropping: the roasted weight, colour and moisture are
 * written at the drop, and may reach the console in the same scan as the phase or after it.
 * A roast already under way when the console started (a restart mid-roast) is taken up: its
 * elapsed part is read back (`elapsedOf`, the historian's samples) and the recorder goes on from
 * the roaster's roast clock; the seconds the console was down are left a gap.
 */
export class RoastRecorder {
  readonly #clocks: RecorderClocks;
  readonly #finished: (roast: FinishedRoast) => void;
  readonly #readings = new Map<string, Partial<Record<Reading, number | null>>>();
  readonly #cycles = new Map<string, Cycle>();
  /** Each roaster's roast clock, and the recorder's time when it last moved on. */
  readonly #roastClocks = new Map<string, { value: number; ms: number }>();
  readonly #elapsedOf: ElapsedRoastOf | undefined;
  readonly #onError: (err: unknown, roaster: string) => void;

  constructor(
    clocks: RecorderClocks,
    finished: (roast: FinishedRoast) => void,
    resume?: { elapsedOf: ElapsedRoastOf; onError: (err: unknown, roaster: string) => void },
  ) {
    this.#clocks = clocks;
    this.#finished = finished;
    this.#elapsedOf = resume?.elapsedOf;
    this.#onError = resume?.onError ?? (() => undefined);
  }

  /** A scanned value of some device; only roasters' readings and phases matter. */
  onValue(roaster: string, role: CommandRole | null, value: number | null): void {
    if (role === 'roaster-phase') {
      this.#phase(roaster, value);
      return;
    }
    if (role === 'roast-time') {
      if (value !== null && value !== this.#roastClocks.get(roaster)?.value) {
        this.#roastClocks.set(roaster, { value, ms: this.#clocks.clock() });
      }
      return;
    }
    const reading = role && role in READINGS ? READINGS[role as keyof typeof READINGS] : undefined;
    if (!reading) return;
    // The seconds before this change keep the value held until now.
    this.#fill(roaster, this.#clocks.clock(), false);
    const readings = this.#readings.get(roaster) ?? {};
    readings[reading] = value;
    this.#readings.set(roaster, readings);
  }

  /** Samples every roast under way up to the clock's time: the area's timer calls it. */
  tick(): void {
    const ms = this.#clocks.clock();
    for (const roaster of this.#cycles.keys()) this.#fill(roaster, ms, true);
  }

  /** The roasters roasting now. */
  get roasting(): string[] {
    return [...this.#cycles].filter(([, c]) => c.state === 'roasting').map(([code]) => code);
  }

  #phase(roaster: string, phase: number | null): void {
    if (phase === null) return;
    const cycle = this.#cycles.get(roaster);
    if (phase === RoasterPhase.Charging) {
      if (cycle?.state !== 'charging') this.#cycles.set(roaster, newCycle(this.#clocks.now()));
      return;
    }
    if (!cycle) {
      if (phase === RoasterPhase.Roasting) this.#resume(roaster);
      return;
    }
    if (phase === RoasterPhase.Roasting && cycle.state === 'charging') {
      cycle.state = 'roasting';
      cycle.chargeMs = this.#clocks.clock();
      cycle.chargedAt = this.#clocks.now();
      const r = this.#readings.get(roaster);
      cycle.greenLot = { moisture: told(r?.moisture), density: told(r?.density) };
      this.#fill(roaster, cycle.chargeMs, true);
    } else if (
      phase === RoasterPhase.Dropping &&
      (cycle.state === 'roasting' || cycle.state === 'resuming')
    ) {
      const ms = this.#clocks.clock();
      this.#fill(roaster, ms, true);
      cycle.state = 'dropped';
      cycle.droppedAt = this.#clocks.now();
      cycle.droppedMs = ms;
      cycle.roastS = (ms - cycle.chargeMs) / 1_000;
      cycle.endBtF = this.#readings.get(roaster)?.bt ?? null;
    } else if (phase !== RoasterPhase.Dropping) {
      // Charged nothing (back to idle), or dropped and moved on: the roast ends either way.
      this.#cycles.delete(roaster);
      if (cycle.state === 'dropped') this.#finish(roaster, cycle);
    }
  }

  /**
   * A roast seen under way: its elapsed part is read back, and sampling goes on from the second
   * its roast clock shows. Nothing is sampled until then.
   */
  #resume(roaster: string): void {
    if (!this.#elapsedOf) return;
    const cycle = newCycle(this.#clocks.now());
    cycle.state = 'resuming';
    this.#cycles.set(roaster, cycle);
    this.#elapsedOf(roaster).then(
      (elapsed) => {
        if (this.#cycles.get(roaster) !== cycle) return;
        const tick = this.#roastClocks.get(roaster);
        if (!elapsed || !tick) {
          this.#cycles.delete(roaster);
          return;
        }
        // The roast clock moved to its second when the recorder's clock read `tick.ms`.
        cycle.chargeMs = tick.ms - (tick.value - elapsed.chargeS) * 1_000;
        cycle.chargedAt = new Date(elapsed.chargedAtMs);
        cycle.samples = elapsed.samples;
        // The lot the roaster was told of at the charge: its registers hold it until the next.
        const r = this.#readings.get(roaster);
        cycle.greenLot = { moisture: told(r?.moisture), density: told(r?.density) };
        const now = this.#clocks.clock();
        cycle.nextS = Math.max(
          (elapsed.samples.at(-1)?.[0] ?? -1) + 1,
          Math.ceil((now - cycle.chargeMs) / 1_000),
        );
        if (cycle.state === 'resuming') cycle.state = 'roasting';
        else cycle.roastS = (cycle.droppedMs - cycle.chargeMs) / 1_000;
      },
      (err: unknown) => {
        if (this.#cycles.get(roaster) === cycle) this.#cycles.delete(roaster);
        this.#onError(err, roaster);
      },
    );
  }

  #finish(roaster: string, cycle: Cycle): void {
    const r = this.#readings.get(roaster) ?? {};
    if (cycle.endBtF === null || cycle.samples.length === 0) return;
    this.#finished({
      roaster,
      chargedAt: cycle.chargedAt,
      droppedAt: cycle.droppedAt,
      roastS: cycle.roastS,
      endBtF: cycle.endBtF,
      samples: cycle.samples,
      greenLbs: r.green ?? null,
      roastedLbs: r.roasted ?? null,
      colour: r.colour ?? null,
      roastedMoisturePct: r.roastedMoisture ?? null,
      greenMoisturePct: cycle.greenLot.moisture,
      greenDensityGPerL: cycle.greenLot.density,
    });
  }

  /** Samples each whole second after charge up to `ms` (`ms` itself only when `including`). */
  #fill(roaster: string, ms: number, including: boolean): void {
    const cycle = this.#cycles.get(roaster);
    if (cycle?.state !== 'roasting') return;
    const r = this.#readings.get(roaster) ?? {};
    for (;;) {
      const at = cycle.chargeMs + cycle.nextS * 1_000;
      if (at > ms || (at === ms && !including)) return;
      const bt = r.bt ?? null;
      const et = r.et ?? null;
      // A second without a live BT or ET leaves a gap in the curve.
      if (bt !== null && et !== null) {
        const crack = r.crack ? 1 : 0;
        cycle.samples.push([
          cycle.nextS,
          bt,
          et,
          r.inlet ?? null,
          r.burner ?? null,
          r.airflow ?? null,
          crack,
        ]);
      }
      cycle.nextS += 1;
    }
  }
}

/** A figure the roaster was told; 0 is how the console tells it that nobody knows. */
function told(value: number | null | undefined): number | null {
  return value === undefined || value === null || value === 0 ? null : value;
}

function newCycle(now: Date): Cycle {
  return {
    state: 'charging',
    chargeMs: 0,
    chargedAt: now,
    droppedAt: now,
    droppedMs: 0,
    roastS: 0,
    endBtF: null,
    nextS: 0,
    samples: [],
    greenLot: { moisture: null, density: null },
  };
}
