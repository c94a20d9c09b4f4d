import { RoasterPhase } from '@roastery/contract';
import type { StoredRoastSample } from '@roastery/db';
import type { CommandRole } from '../../plant/catalog/plant-catalog.ts';

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
}

interface Cycle {
  state: 'charging' | 'roasting' | 'dropped';
  chargeMs: number;
  chargedAt: Date;
  droppedAt: Date;
  roastS: number;
  endBtF: number | null;
  /** The next second after charge to sample. */
  nextS: number;
  samples: StoredRoastSample[];
}

export interface RecorderClocks {
  /** Milliseconds that time the samples: the plant's time (the simulator's in tests). */
  clock: () => number;
  /** What a record's charge and drop are stamped with. */
  now: () => Date;
}

/**
 * Follows each roaster's phase and readings and keeps, while it roasts, the latest of each
 * reading once a second, as a roast logger does. t = 0 is the moment the charge gate has closed
 * (Charging to Roasting, Artisan's CHARGE); sampling stops at the drop (Dropping). The roast is
 * handed over when the phase moves on from Dropping: the roasted weight and the colour are
 * written at the drop, and may reach the console in the same scan as the phase or after it.
 * A roast already under way when the console started has no charge and is not recorded.
 */
export class RoastRecorder {
  readonly #clocks: RecorderClocks;
  readonly #finished: (roast: FinishedRoast) => void;
  readonly #readings = new Map<string, Partial<Record<Reading, number | null>>>();
  readonly #cycles = new Map<string, Cycle>();

  constructor(clocks: RecorderClocks, finished: (roast: FinishedRoast) => void) {
    this.#clocks = clocks;
    this.#finished = finished;
  }

  /** A scanned value of some device; only roasters' readings and phases matter. */
  onValue(roaster: string, role: CommandRole | null, value: number | null): void {
    if (role === 'roaster-phase') {
      this.#phase(roaster, value);
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
    if (!cycle) return;
    if (phase === RoasterPhase.Roasting && cycle.state === 'charging') {
      cycle.state = 'roasting';
      cycle.chargeMs = this.#clocks.clock();
      cycle.chargedAt = this.#clocks.now();
      this.#fill(roaster, cycle.chargeMs, true);
    } else if (phase === RoasterPhase.Dropping && cycle.state === 'roasting') {
      const ms = this.#clocks.clock();
      this.#fill(roaster, ms, true);
      cycle.state = 'dropped';
      cycle.droppedAt = this.#clocks.now();
      cycle.roastS = (ms - cycle.chargeMs) / 1_000;
      cycle.endBtF = this.#readings.get(roaster)?.bt ?? null;
    } else if (phase !== RoasterPhase.Dropping) {
      // Charged nothing (back to idle), or dropped and moved on: the roast ends either way.
      this.#cycles.delete(roaster);
      if (cycle.state === 'dropped') this.#finish(roaster, cycle);
    }
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

function newCycle(now: Date): Cycle {
  return {
    state: 'charging',
    chargeMs: 0,
    chargedAt: now,
    droppedAt: now,
    roastS: 0,
    endBtF: null,
    nextS: 0,
    samples: [],
  };
}
