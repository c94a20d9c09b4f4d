/**
 * How dates are shown across the console. The spec names two formats, which read the same day
 * two ways (04/12 and 12/04); where it names none, the month is spelled.
 */
export const dateFormats = {
  /** Dates in lists and tables. */
  list: 'DD/MM/YYYY',
  /** Date and time of notifications, alarms, events and kanban cards. */
  notification: 'MM/DD/YYYY HH:mm',
  /** A day that reads one way to everyone, on cards and in tooltips. */
  spelled: 'D MMM YYYY',
  /** A moment that reads one way to everyone. */
  spelledTime: 'D MMM YYYY, HH:mm',
  /** A moment of today to the second, such as when values stopped being live. */
  clock: 'HH:mm:ss',
  /** The same moment on another day. */
  spelledClock: 'D MMM YYYY, HH:mm:ss',
} as const;
