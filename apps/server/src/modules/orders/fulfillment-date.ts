import { unprocessable } from '../../lib/http-errors.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses a fulfillment date in the past, with a day of grace: the forms send the start of the
 * chosen day in the plant's time zone.
 */
export function checkFulfillment(date: Date, now: Date): void {
  if (date.getTime() < now.getTime() - DAY_MS) {
    throw unprocessable('The fulfillment date cannot be in the past.');
  }
}
