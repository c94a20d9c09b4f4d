import { z } from 'zod';

/**
 * Whole numbers a request carries (ids, counts, sort orders) end in PostgreSQL `integer`
 * columns. A number beyond their range must be refused here as the client's mistake: the
 * database would refuse it as a server fault. The server will not register a route whose
 * request has an integer without these bounds.
 */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

const atLeast = { error: `Must be at least ${INT32_MIN}` };
const atMost = { error: `Must be at most ${INT32_MAX}` };

/** An integer of a JSON body; `params.error` is the field's message for a missing or wrong value. */
export function int32(params?: { error: string }) {
  return z.number(params).int().min(INT32_MIN, atLeast).max(INT32_MAX, atMost);
}

/**
 * A whole number a person types (a count, a code, an address), from min to max: a fraction or
 * a value out of range gets `message`, which says the range; `missing` is for no number at all.
 */
export function wholeNumber(
  min: number,
  max: number,
  message: string,
  missing: { error: string } = { error: message },
) {
  return z
    .number(missing)
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/** An integer of a query string, which arrives as text. */
export function int32FromText() {
  return z.coerce.number().int().min(INT32_MIN, atLeast).max(INT32_MAX, atMost);
}

/**
 * An id in a path, of the thing named `subject` ('Workflow'). No row can have an id beyond the
 * range, so the server answers such a path 404 with this message, as for any id it lacks.
 */
export function pathId(subject: string) {
  return (
    z.coerce
      .number()
      // Checked first and alone: a huge id gets this one message, not the safe-integer one too.
      .max(INT32_MAX, {
        error: (issue) => `${subject} ${String(issue.input)} not found.`,
        abort: true,
      })
      .int()
      .positive()
  );
}

/** The params of a path that names one thing by its id. */
export function idParams(subject: string) {
  return z.strictObject({ id: pathId(subject) });
}
