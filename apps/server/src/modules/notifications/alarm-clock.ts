/** The time as the alarm rules see it; tests drive it. */
export interface AlarmClock {
  now(): Date;
}

export const systemClock: AlarmClock = { now: () => new Date() };
