import type { LiveEvent } from '@roastery/contract';
import type { LiveConnection } from './live-events.ts';

/** A leader as the others know it: whom to prefer when two lead at once (`outranks`). */
export interface LeaderRank {
  id: string;
  /** When it began leading (ms since the epoch; the tabs of a browser share its clock). */
  since: number;
  connection: LiveConnection;
}

/** What the tabs of one user in one browser tell each other about their one live stream. */
export type LiveShareMessage =
  /** A tab that follows no leader asks who leads; every leader answers with a welcome. */
  | { kind: 'hello'; from: string }
  /** A leader's whole state: its connection, and what a new stream is told at once. */
  | ({ kind: 'welcome'; from: string; refusal: string | null; snapshot: LiveEvent[] } & Omit<
      LeaderRank,
      'id'
    >)
  /** A leader's connection, when it changes and as a sign of life. */
  | ({ kind: 'state'; from: string; refusal: string | null } & Omit<LeaderRank, 'id'>)
  | { kind: 'event'; from: string; event: LiveEvent }
  /**
   * A tab stops: it closes or signs out, or, leading, yields to a better leader. A leader that
   * closes names the follower that takes over at once (the one it has known longest).
   */
  | { kind: 'bye'; from: string; successor: string | null };

export interface LiveShareChannel {
  post(message: LiveShareMessage): void;
  /** Hands on the other tabs' messages, never this tab's own, each tab's in the order sent. */
  onMessage(receive: (message: LiveShareMessage) => void): void;
  close(): void;
}

/**
 * Of two leaders, the one that should go on leading: a live one; else the one leading longer,
 * so that a tab that claimed the lead while the leader's answer was slow yields to it and the
 * leader's followers never change streams; else the smaller id.
 */
export function outranks(a: LeaderRank, b: LeaderRank): boolean {
  const aLive = a.connection === 'live';
  if (aLive !== (b.connection === 'live')) return aLive;
  if (a.since !== b.since) return a.since < b.since;
  return a.id < b.id;
}
