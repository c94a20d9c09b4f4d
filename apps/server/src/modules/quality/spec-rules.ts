import type { QualityResultKind, QualitySpecBody } from '@roastery/contract';

/** A specification's bounds for one kind of result; null: no bound on that side. */
export interface Bounds {
  min: number | null;
  max: number | null;
}

/** A specification as the rules read it: any of its bounds may be missing. */
export type SpecBounds = Record<QualityResultKind, Bounds>;

const labels: Record<QualityResultKind, { name: string; unit: string; field: string }> = {
  colour: { name: 'Colour', unit: '', field: 'colour' },
  moisture: { name: 'Moisture', unit: '%', field: 'moisture' },
  loss: { name: 'Roast loss', unit: '%', field: 'roast loss' },
  development: { name: 'Development', unit: '%', field: 'development' },
  cupping: { name: 'Cupping score', unit: '', field: 'cupping score' },
};

const number = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

export const NO_BOUNDS: SpecBounds = {
  colour: { min: null, max: null },
  moisture: { min: null, max: null },
  loss: { min: null, max: null },
  development: { min: null, max: null },
  cupping: { min: null, max: null },
};

/** The bounds of a specification's fields, by kind of result. */
export function specBounds(spec: QualitySpecBody): SpecBounds {
  return {
    colour: { min: spec.colour_min, max: spec.colour_max },
    moisture: { min: spec.moisture_min, max: spec.moisture_max },
    loss: { min: spec.loss_min, max: spec.loss_max },
    development: { min: spec.development_min, max: spec.development_max },
    cupping: { min: spec.cupping_min, max: null },
  };
}

/** The first pair whose minimum is above its maximum, as a message; undefined when none is. */
export function specProblem(spec: QualitySpecBody): string | undefined {
  for (const [kind, { min, max }] of Object.entries(specBounds(spec))) {
    if (min !== null && max !== null && min > max) {
      const { field, unit } = labels[kind as QualityResultKind];
      return `The ${field} minimum of ${number(min)}${unit} is above its maximum of ${number(max)}${unit}.`;
    }
  }
  return undefined;
}

/** The range as the reason names it: '45-60', 'at least 80', 'at most 16%'. */
export function rangeText(kind: QualityResultKind, { min, max }: Bounds): string | null {
  const { unit } = labels[kind];
  if (min !== null && max !== null) return `${number(min)}-${number(max)}${unit}`;
  if (min !== null) return `at least ${number(min)}${unit}`;
  if (max !== null) return `at most ${number(max)}${unit}`;
  return null;
}

/** A result against its bounds. */
export interface Verdict {
  /** Null when no bound applies. */
  inSpec: boolean | null;
  spec: string | null;
  /** Why the result is out of specification, naming the result, the value and the range. */
  reason: string | null;
}

export function checkResult(kind: QualityResultKind, value: number, bounds: Bounds): Verdict {
  const spec = rangeText(kind, bounds);
  if (spec === null) return { inSpec: null, spec, reason: null };
  const below = bounds.min !== null && value < bounds.min;
  const above = bounds.max !== null && value > bounds.max;
  if (!below && !above) return { inSpec: true, spec, reason: null };
  const { name, unit } = labels[kind];
  const range = bounds.min !== null && bounds.max !== null ? spec : spec.replace(/^at \w+ /, '');
  const side = below
    ? bounds.max === null
      ? "below the specification's minimum of"
      : "below the specification's"
    : bounds.min === null
      ? "above the specification's maximum of"
      : "above the specification's";
  return { inSpec: false, spec, reason: `${name} ${number(value)}${unit} is ${side} ${range}.` };
}
