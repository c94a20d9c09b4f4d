/**
 * The seconds of a typed time after charge: m:ss (7:45) or plain seconds (465). Undefined when it
 * is neither, or when the seconds part is 60 or more; the range is the contract's to judge.
 */
export function parseMarkTime(text: string): number | undefined {
  const trimmed = text.trim();
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(trimmed);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : undefined;
}
