import { LIVE_HEARTBEAT_MS, type LiveEvent } from '@roastery/contract';
import type { LiveConnection, LiveEventsHandlers } from './live-events.ts';
import {
  outranks,
  type LeaderRank,
  type LiveShareChannel,
  type LiveShareMessage,
} from './live-share-protocol.ts';

/** Opens this tab's own stream, as connectLiveEvents does; returns its stop. */
export type ConnectStream = (handlers: Required<LiveEventsHandlers>) => () => void;

export interface LiveShareOptions {
  channel: LiveShareChannel;
  connect: ConnectStream;
  /** What this tab does with the events and the connection's state, wherever they come from. */
  handlers: LiveEventsHandlers;
  /** This tab's id among the others, random unless given. */
  id?: string;
}

/**
 * A tab that finds no leader waits this long for an answer before it leads. A leader answers
 * from its message handler at once, but a loaded machine can hold that back: a tab that claims
 * the lead too early yields to the leader as soon as it hears it (`outranks`).
 */
export const JOIN_WAIT_MS = 500;
/** A leader is gone when it has not been heard for three heartbeats: crashed or frozen. */
export const LEADER_SILENCE_MS = 3 * LIVE_HEARTBEAT_MS;
/**
 * A leader says it is alive at least this often. A hidden tab's timers may fire only once a
 * minute, so it also says so whenever its stream brings something, at most once a second.
 */
const BEAT_MS = LIVE_HEARTBEAT_MS;
const ACTIVITY_BEAT_MS = 1_000;
/**
 * When a leader leaves without a successor that takes over, its followers claim the lead after
 * JOIN_WAIT_MS and a random part of this, so that one of them is usually heard first.
 */
export const HANDOVER_SPREAD_MS = 300;

function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

function rankOf(message: Extract<LiveShareMessage, { kind: 'state' | 'welcome' }>): LeaderRank {
  return { id: message.from, since: message.since, connection: message.connection };
}

interface Leader extends LeaderRank {
  refusal: string | null;
}

/**
 * One tab of a browser leads: it holds the user's one live stream and hands every event and
 * every change of its state to the other tabs over the channel. The others follow and show what
 * the leader shows. A tab leads when it hears no leader: at its start, when the leader leaves
 * without a successor, or when the leader falls silent. Of two leaders that hear of each other
 * the better one (`outranks`) goes on, so a brief split ends by itself.
 */
class LiveShare {
  readonly #id: string;
  readonly #channel: LiveShareChannel;
  readonly #connect: ConnectStream;
  readonly #handlers: LiveEventsHandlers;
  /** When it fires this tab leads: no leader answered, or the leader fell silent. */
  #claimTimer: ReturnType<typeof setTimeout> | undefined;
  /** The leader this tab follows. */
  #leader: Leader | undefined;
  /** While this tab leads: its stream's stop, its state and the tabs that follow it. */
  #stream: (() => void) | undefined;
  #beat: ReturnType<typeof setInterval> | undefined;
  #since = 0;
  #connection: LiveConnection = 'connecting';
  #refusal: string | null = null;
  #plc: LiveEvent | undefined;
  #lastSeq: number | undefined;
  #postedAt = 0;
  /** Longest known first: the first is the successor when this tab leaves. */
  readonly #followers = new Set<string>();

  constructor({ channel, connect, handlers, id = randomId() }: LiveShareOptions) {
    this.#id = id;
    this.#channel = channel;
    this.#connect = connect;
    this.#handlers = handlers;
    channel.onMessage((message) => {
      if (this.#stream) this.#receiveAsLeader(message);
      else this.#receiveAsFollower(message);
    });
    this.#seekLeader(JOIN_WAIT_MS);
  }

  stop(): void {
    clearTimeout(this.#claimTimer);
    const successor = this.#stream ? (this.#followers.values().next().value ?? null) : null;
    this.#stopLeading();
    this.#post({ kind: 'bye', from: this.#id, successor });
    this.#channel.close();
  }

  #post(message: LiveShareMessage): void {
    this.#postedAt = Date.now();
    this.#channel.post(message);
  }

  #postState(): void {
    this.#post({
      kind: 'state',
      from: this.#id,
      since: this.#since,
      connection: this.#connection,
      refusal: this.#refusal,
    });
  }

  /** Leads unless a leader is heard within `ms`. */
  #claimAfter(ms: number): void {
    clearTimeout(this.#claimTimer);
    this.#claimTimer = setTimeout(() => this.#lead(), ms);
  }

  /** Asks who leads, following nobody meanwhile. */
  #seekLeader(wait: number): void {
    this.#leader = undefined;
    this.#post({ kind: 'hello', from: this.#id });
    this.#claimAfter(wait);
  }

  #lead(): void {
    clearTimeout(this.#claimTimer);
    this.#leader = undefined;
    this.#since = Date.now();
    this.#beat = setInterval(() => this.#postState(), BEAT_MS);
    // Its first report, 'connecting', already tells the others that this tab leads.
    this.#stream = this.#connect({
      onEvent: (event) => {
        this.#lastSeq = event.seq;
        // The stream's opening events, which a tab that joins later is given with its welcome.
        if (event.type === 'plc') this.#plc = event;
        this.#post({ kind: 'event', from: this.#id, event });
        this.#handlers.onEvent(event);
      },
      onConnection: (connection, refusal) => {
        this.#connection = connection;
        this.#refusal = refusal ?? null;
        this.#postState();
        this.#handlers.onConnection(connection, refusal);
      },
      onActivity: () => {
        if (Date.now() - this.#postedAt >= ACTIVITY_BEAT_MS) this.#postState();
      },
    });
  }

  #stopLeading(): void {
    if (!this.#stream) return;
    this.#stream();
    this.#stream = undefined;
    clearInterval(this.#beat);
    this.#connection = 'connecting';
    this.#refusal = null;
    this.#plc = undefined;
    this.#lastSeq = undefined;
    this.#followers.clear();
  }

  #receiveAsLeader(message: LiveShareMessage): void {
    switch (message.kind) {
      case 'hello':
        this.#followers.add(message.from);
        this.#post({
          kind: 'welcome',
          from: this.#id,
          since: this.#since,
          connection: this.#connection,
          refusal: this.#refusal,
          // As the server starts a stream: its opening events take the last number sent.
          snapshot: this.#plc ? [{ ...this.#plc, seq: this.#lastSeq ?? this.#plc.seq }] : [],
        });
        return;
      case 'bye':
        this.#followers.delete(message.from);
        return;
      case 'event':
        // Another leader's; its state, which it sends too, decides which of the two goes on.
        return;
      case 'state':
      case 'welcome':
        if (
          outranks(rankOf(message), {
            id: this.#id,
            since: this.#since,
            connection: this.#connection,
          })
        ) {
          // Its followers find the better leader when they ask who leads.
          this.#stopLeading();
          this.#post({ kind: 'bye', from: this.#id, successor: null });
          this.#seekLeader(JOIN_WAIT_MS);
        } else {
          // The other leader yields once it hears this one.
          this.#postState();
        }
    }
  }

  #receiveAsFollower(message: LiveShareMessage): void {
    const leader = this.#leader;
    const fromLeader = leader !== undefined && message.from === leader.id;
    if (fromLeader) this.#claimAfter(LEADER_SILENCE_MS);
    switch (message.kind) {
      case 'hello':
        return;
      case 'bye':
        if (!fromLeader) return;
        if (message.successor === this.#id) this.#lead();
        else this.#seekLeader(JOIN_WAIT_MS + Math.random() * HANDOVER_SPREAD_MS);
        return;
      case 'event':
        if (fromLeader) this.#handlers.onEvent(message.event);
        return;
      case 'state':
        if (fromLeader) {
          if (message.connection !== leader.connection || message.refusal !== leader.refusal) {
            this.#leader = { ...rankOf(message), refusal: message.refusal };
            this.#handlers.onConnection(message.connection, message.refusal ?? undefined);
          }
        } else if (leader === undefined) {
          // A leader exists: its welcome, not a claim, is what this tab waits for now.
          this.#seekLeader(JOIN_WAIT_MS);
        } else if (outranks(rankOf(message), leader)) {
          this.#post({ kind: 'hello', from: this.#id });
        }
        return;
      case 'welcome':
        // A welcome from this tab's own leader was for a tab that joined.
        if (!fromLeader && (leader === undefined || outranks(rankOf(message), leader))) {
          this.#follow(message);
        }
    }
  }

  #follow(welcome: Extract<LiveShareMessage, { kind: 'welcome' }>): void {
    this.#leader = { ...rankOf(welcome), refusal: welcome.refusal };
    this.#claimAfter(LEADER_SILENCE_MS);
    this.#handlers.onConnection(welcome.connection, welcome.refusal ?? undefined);
    for (const event of welcome.snapshot) this.#handlers.onEvent(event);
  }
}

/**
 * Shares one live stream among the tabs of one user in one browser (see LiveShare); every tab
 * gets every event. Returns the tab's stop: a leader hands its stream over to a follower.
 */
export function shareLiveEvents(options: LiveShareOptions): () => void {
  const share = new LiveShare(options);
  return () => share.stop();
}
