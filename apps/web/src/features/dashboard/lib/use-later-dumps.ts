import { useState } from 'react';
import type { WaitingDump } from '@roastery/contract';

/** Per browser tab, as 'Later' promises: another tab or a new visit asks again. */
const STORAGE_KEY = 'dump-reminders-later';

/** What 'until it changes' compares: everything but the waiting time, which always grows. */
function signature({ waiting_seconds: _waited, ...dump }: WaitingDump): string {
  return JSON.stringify(dump);
}

function readLater(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    return Object.fromEntries(
      Object.entries(stored).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

/** The dump reminders put off with 'Later' in this tab, each until its request changes. */
export function useLaterDumps() {
  const [later, setLater] = useState(readLater);

  const putOff = (dump: WaitingDump) => {
    const next = { ...later, [dump.id]: signature(dump) };
    setLater(next);
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage may be refused; the choice then lasts while the dashboard stays open.
    }
  };

  const isPutOff = (dump: WaitingDump) => later[dump.id] === signature(dump);

  return { putOff, isPutOff };
}
