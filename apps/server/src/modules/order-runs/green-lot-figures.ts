/** What the roaster is told of the green beans a batch charges; null where nothing is known. */
export interface GreenLotFigures {
  /** % of the green weight, to one decimal. */
  moisturePct: number | null;
  /** Bulk density, whole g/L. */
  densityGPerL: number | null;
}

/** A lot portion a green silo holds, in arrival order, with what is known of its lot. */
export interface GreenPortion {
  deviceCode: string;
  centiLbs: number;
  moisturePct: number | null;
  densityGPerL: number | null;
  /** The bean's typical figures, for a lot received without its own. */
  typicalMoisturePct: number | null;
  typicalDensityGPerL: number | null;
}

/** The weighted mean of the values that are known, rounded to `step`; null if none is. */
function weightedMean(parts: { centi: number; value: number | null }[], step: number) {
  let weight = 0;
  let sum = 0;
  for (const { centi, value } of parts) {
    if (value === null || centi <= 0) continue;
    weight += centi;
    sum += centi * value;
  }
  return weight === 0 ? null : Math.round(sum / weight / step) * step;
}

/**
 * The moisture and density of what a batch charges: each planned silo gives its oldest lots
 * first (a silo empties first in, first out), so the batch's lots are the oldest portions of
 * each silo up to what is planned from it. Each portion counts with its lot's own figures, else
 * its bean's typical ones; portions with neither are left out of the mean, and a figure known
 * for no portion is null.
 */
export function chargedGreenLot(
  draws: readonly { deviceCode: string; plannedCenti: number }[],
  portions: readonly GreenPortion[],
): GreenLotFigures {
  const taken: { centi: number; portion: GreenPortion }[] = [];
  for (const draw of draws) {
    let left = draw.plannedCenti;
    for (const portion of portions) {
      if (left <= 0) break;
      if (portion.deviceCode !== draw.deviceCode) continue;
      const centi = Math.min(left, portion.centiLbs);
      taken.push({ centi, portion });
      left -= centi;
    }
  }
  const moisture = taken.map(({ centi, portion }) => ({
    centi,
    value: portion.moisturePct ?? portion.typicalMoisturePct,
  }));
  const density = taken.map(({ centi, portion }) => ({
    centi,
    value: portion.densityGPerL ?? portion.typicalDensityGPerL,
  }));
  const moisturePct = weightedMean(moisture, 0.1);
  return {
    // Tenths as the register holds them, without the binary fraction's tail (10.500000001).
    moisturePct: moisturePct === null ? null : Number(moisturePct.toFixed(1)),
    densityGPerL: weightedMean(density, 1),
  };
}
