import { createContext, useContext } from 'react';
import type { LiveConnection } from './live-events.ts';

/** What the console knows of its live link: its own stream, and the server's PLC link. */
export interface LiveStatus {
  connection: LiveConnection;
  /** 'unknown' until the server reports a change of the PLC link on the stream. */
  plc: 'unknown' | 'connected' | 'down';
  /** The server's last reason for a PLC link that is down. */
  plcError: string | null;
  /** While the PLC link is down: since when device values are not live (ISO), if ever they were. */
  plcNotLiveSince: string | null;
  /** Why the server declined the stream, while it does. */
  refusal: string | null;
}

const OFFLINE: LiveStatus = {
  connection: 'offline',
  plc: 'unknown',
  plcError: null,
  plcNotLiveSince: null,
  refusal: null,
};

/** Provided by the console's frame, which owns the tab's share of the live stream. */
export const LiveStatusContext = createContext<LiveStatus>(OFFLINE);

export function useLiveStatus(): LiveStatus {
  return useContext(LiveStatusContext);
}

/** How much slower than the spec's interval a query polls while live events keep it fresh. */
const LIVE_SLOWDOWN = 6;

/**
 * The polling interval of a query: the spec's interval while the live stream is down, and a
 * slower safety net while events keep the data fresh.
 */
export function usePollInterval(specMs: number): number {
  const { connection } = useLiveStatus();
  return connection === 'live' ? specMs * LIVE_SLOWDOWN : specMs;
}
