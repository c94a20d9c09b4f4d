/** How dates are shown across the console. */
export const dateFormats = {
  /** Dates in lists and tables. */
  list: 'DD/MM/YYYY',
  /** Date and time of notifications, alarms and events. */
  notification: 'MM/DD/YYYY HH:mm',
} as const;
