import { useEffect, useState } from 'react';

/** The time now, ticking every tickMs while `running`; for durations that grow on screen. */
export function useNow(tickMs: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    // The first tick comes at once, so a drawer opened after a while shows the time of opening.
    const first = window.setTimeout(() => setNow(Date.now()), 0);
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [tickMs, running]);
  return now;
}
