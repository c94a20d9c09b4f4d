import type { RuleObject } from 'antd/es/form';

/**
 * The range a number field accepts. Fields never carry these bounds as InputNumber's min, max or
 * precision={0}: those change what was typed when the field loses focus (99,999 becomes the
 * max), so a wrong number would go through as another one without a word. The range is
 * checked instead, and the typed value stays until the user corrects it.
 */
export interface NumberRange {
  min?: number;
  max?: number;
  /** Whole numbers only (counts, ids, addresses). */
  integer?: boolean;
  /** The unit the bounds are stated in: 'lbs', '%', 'seconds'. */
  unit?: string;
  /** The field's own words for a value out of range, instead of the stated bounds. */
  message?: string;
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function bound(value: number, unit: string | undefined): string {
  const text = grouped.format(value);
  if (!unit) return text;
  return unit === '%' ? `${text}%` : `${text} ${unit}`;
}

/** The bounds in words: 'Must be between 0.01 and 100,000 lbs.', 'Must be a whole number.' */
export function rangeMessage({ min, max, integer, unit }: NumberRange): string {
  const what = integer ? 'a whole number' : '';
  if (min !== undefined && max !== undefined) {
    return `Must be ${what ? `${what} ` : ''}between ${grouped.format(min)} and ${bound(max, unit)}.`;
  }
  const limit =
    min !== undefined
      ? `at least ${bound(min, unit)}`
      : max !== undefined
        ? `at most ${bound(max, unit)}`
        : '';
  return `Must be ${[what, limit].filter(Boolean).join(', ') || 'a number'}.`;
}

/**
 * Why value is out of range, or undefined when it fits. An empty field fits: whether a value
 * is needed at all is the required rule's to say.
 */
export function numberRangeError(
  value: number | null | undefined,
  range: NumberRange,
): string | undefined {
  if (value === null || value === undefined) return undefined;
  const fits =
    Number.isFinite(value) &&
    (range.min === undefined || value >= range.min) &&
    (range.max === undefined || value <= range.max) &&
    (!range.integer || Number.isInteger(value));
  return fits ? undefined : (range.message ?? rangeMessage(range));
}

/** A form rule that refuses a number out of range with its message, leaving it as typed. */
export function numberRange(range: NumberRange): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'number') return;
      const error = numberRangeError(value, range);
      if (error) throw new Error(error);
    },
  };
}
