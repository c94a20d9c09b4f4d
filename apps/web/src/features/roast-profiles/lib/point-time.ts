/** Seconds since charge as a roaster reads them: 0:00, 7:45, 12:05. */
export function formatPointTime(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The seconds of a typed time: m:ss (7:45) or plain seconds (465). Undefined when it is neither,
 * or when the seconds part is 60 or more; the range is the contract's to judge.
 */
export function parsePointTime(text: string): number | undefined {
  const trimmed = text.trim();
  const clock = /^(\d{1,3}):([0-5]\d)$/.exec(trimmed);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  return /^\d{1,5}$/.test(trimmed) ? Number(trimmed) : undefined;
}
