import { useEffect, useState } from 'react';

/**
 * The ids first seen at least delayMs ago. First sightings are kept for as long as the calling
 * screen stays open, so an item already waiting when the screen opens also gets its grace period.
 */
export function useDueAfter(ids: readonly number[], delayMs: number): number[] {
  const [firstSeen] = useState(() => new Map<number, number>());
  const [due, setDue] = useState<number[]>([]);
  const key = ids.join(',');

  useEffect(() => {
    const current = key === '' ? [] : key.split(',').map(Number);
    const now = Date.now();
    for (const id of current) if (!firstSeen.has(id)) firstSeen.set(id, now);
    for (const id of [...firstSeen.keys()]) if (!current.includes(id)) firstSeen.delete(id);
    const check = () =>
      setDue(current.filter((id) => (firstSeen.get(id) ?? Date.now()) + delayMs <= Date.now()));
    const waits = current.map((id) => (firstSeen.get(id) ?? now) + delayMs - now);
    const timers = [0, ...waits.filter((wait) => wait > 0)].map((wait) =>
      window.setTimeout(check, wait),
    );
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [key, delayMs, firstSeen]);

  return due;
}
