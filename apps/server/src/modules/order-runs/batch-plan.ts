import { apportion } from '../inventory/weights.ts';

/** A bean's share of a product, in percent with two decimals. */
export interface RecipeShare {
  beanId: number;
  beanName: string;
  ratio: number;
}

/** One lot portion held by a silo, as the ledger's projection has it. */
export interface StockHolding {
  seq: number;
  deviceRef: number;
  deviceCode: string;
  beanId: number;
  centiLbs: number;
}

/** A silo's share of a batch: what the roaster should weigh from it, hundredths of a lb. */
export interface PlannedDraw {
  deviceRef: number;
  deviceCode: string;
  beanId: number;
  plannedCenti: number;
}

export interface Shortfall {
  beanId: number;
  beanName: string;
  /** What the remaining batches need of the bean from the silos, allowance included. */
  neededCenti: number;
  /** What the silos that hold only this bean hold of it. */
  availableCenti: number;
}

/**
 * What a silo must give for the roaster to weigh `centi`: the cleaner / destoner takes its share
 * (stones, chaff) on the way, so a plan never counts on the last 1% of a silo.
 */
export function withAllowance(centi: number): number {
  return centi + Math.ceil(centi / 100);
}

/** Each bean's green weight in a batch, by the recipe's ratios, summing to the batch exactly. */
export function beanShares(batchCenti: number, recipe: readonly RecipeShare[]): number[] {
  return apportion(
    batchCenti,
    recipe.map((r) => Math.round(r.ratio * 100)),
  );
}

interface Source {
  deviceRef: number;
  deviceCode: string;
  beanId: number;
  oldestSeq: number;
  /** What is left to plan from it, hundredths. */
  left: number;
  held: number;
}

/**
 * Plans batches against the silos' stock: each bean from the silos holding only that bean,
 * the silo with the oldest lot first (first in, first out), reserving what each planned batch
 * takes so that later batches plan on what is left. A silo holding several beans is never a
 * source: what it gives is a mix nobody planned.
 */
export class StockPlanner {
  readonly #sources: Source[];
  readonly #beansBySilo = new Map<string, Set<number>>();

  /** `prefer`: a silo a person chose, drawn first for its bean whatever the age of its lots. */
  constructor(holdings: readonly StockHolding[], prefer?: string) {
    const bySilo = new Map<number, StockHolding[]>();
    for (const h of holdings) {
      bySilo.set(h.deviceRef, [...(bySilo.get(h.deviceRef) ?? []), h]);
      this.#beansBySilo.set(
        h.deviceCode,
        (this.#beansBySilo.get(h.deviceCode) ?? new Set()).add(h.beanId),
      );
    }
    this.#sources = [...bySilo.values()]
      .flatMap((lots) => {
        const [first] = lots;
        return first && lots.every((l) => l.beanId === first.beanId) ? [{ first, lots }] : [];
      })
      .map(({ first, lots }) => {
        const held = lots.reduce((sum, l) => sum + l.centiLbs, 0);
        return {
          deviceRef: first.deviceRef,
          deviceCode: first.deviceCode,
          beanId: first.beanId,
          oldestSeq: Math.min(...lots.map((l) => l.seq)),
          left: held,
          held,
        };
      })
      .sort(
        (a, b) =>
          Number(b.deviceCode === prefer) - Number(a.deviceCode === prefer) ||
          a.oldestSeq - b.oldestSeq,
      );
  }

  /** The beans a silo holds, whether or not it is a source. */
  beansIn(deviceCode: string): number[] {
    return [...(this.#beansBySilo.get(deviceCode) ?? [])];
  }

  /** What the sources of a bean hold. */
  held(beanId: number): number {
    return this.#sources.filter((s) => s.beanId === beanId).reduce((sum, s) => sum + s.held, 0);
  }

  /**
   * Plans one batch and reserves it; undefined (and nothing reserved) when a bean is short.
   * Draws follow the recipe's order, each bean's silos oldest lot first.
   */
  plan(batchCenti: number, recipe: readonly RecipeShare[]): PlannedDraw[] | undefined {
    return this.#plan(batchCenti, recipe).draws;
  }

  #plan(
    batchCenti: number,
    recipe: readonly RecipeShare[],
  ): { draws?: PlannedDraw[]; shortBean?: number } {
    const shares = beanShares(batchCenti, recipe);
    const draws: PlannedDraw[] = [];
    const reserved = new Map<Source, number>();
    for (const [i, line] of recipe.entries()) {
      let remaining = shares[i] ?? 0;
      for (const source of this.#sources) {
        if (remaining === 0) break;
        if (source.beanId !== line.beanId) continue;
        const free = source.left - (reserved.get(source) ?? 0);
        // The most the roaster can weigh from what is free, the cleaner's share set aside.
        let part = Math.min(remaining, Math.floor((free * 100) / 101));
        while (part > 0 && withAllowance(part) > free) part -= 1;
        if (part <= 0) continue;
        reserved.set(source, (reserved.get(source) ?? 0) + withAllowance(part));
        draws.push({
          deviceRef: source.deviceRef,
          deviceCode: source.deviceCode,
          beanId: line.beanId,
          plannedCenti: part,
        });
        remaining -= part;
      }
      if (remaining > 0) return { shortBean: line.beanId };
    }
    for (const [source, centi] of reserved) source.left -= centi;
    return { draws };
  }

  /**
   * Plans every batch in turn. When one cannot be planned, reports each bean whose silos
   * hold less than all the batches need of it.
   */
  planAll(
    batches: readonly number[],
    recipe: readonly RecipeShare[],
  ): { plans: PlannedDraw[][]; shortfalls: Shortfall[] } {
    const plans: PlannedDraw[][] = [];
    for (const batch of batches) {
      const { draws, shortBean } = this.#plan(batch, recipe);
      if (!draws) return { plans, shortfalls: this.#shortfalls(batches, recipe, shortBean) };
      plans.push(draws);
    }
    return { plans, shortfalls: [] };
  }

  /**
   * Beans whose silos hold less than the batches need. When the totals suffice but a batch
   * still could not be planned (each silo sets its own allowance aside, rounded up), the bean
   * that failed is short by at least a hundredth.
   */
  #shortfalls(
    batches: readonly number[],
    recipe: readonly RecipeShare[],
    shortBean: number | undefined,
  ): Shortfall[] {
    const needs = recipe.map(() => 0);
    for (const batch of batches) {
      beanShares(batch, recipe).forEach((share, i) => (needs[i] = (needs[i] ?? 0) + share));
    }
    return recipe.flatMap((line, i) => {
      const availableCenti = this.held(line.beanId);
      const neededCenti =
        line.beanId === shortBean
          ? Math.max(withAllowance(needs[i] ?? 0), availableCenti + 1)
          : withAllowance(needs[i] ?? 0);
      return neededCenti > availableCenti
        ? [{ beanId: line.beanId, beanName: line.beanName, neededCenti, availableCenti }]
        : [];
    });
  }
}
