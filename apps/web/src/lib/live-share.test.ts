import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_HEARTBEAT_MS, type LiveEvent } from '@roastery/contract';
import type { LiveEventsHandlers } from './live-events.ts';
import {
  HANDOVER_SPREAD_MS,
  JOIN_WAIT_MS,
  LEADER_SILENCE_MS,
  shareLiveEvents,
} from './live-share.ts';
import type { LiveShareChannel, LiveShareMessage } from './live-share-protocol.ts';

/** The tabs of one browser on one channel: each message reaches the others a moment later. */
class Browser {
  readonly #members = new Set<(message: LiveShareMessage) => void>();
  /** Tabs whose messages are lost on the way, as from a tab the browser has frozen. */
  readonly muted = new Set<string>();
  /** The streams the tabs opened, in order. */
  readonly streams: FakeStream[] = [];
  /** Every message sent on the channel, in order. */
  readonly sent: LiveShareMessage[] = [];

  channel(): LiveShareChannel {
    let receive: (message: LiveShareMessage) => void = () => undefined;
    const member = (message: LiveShareMessage) => receive(message);
    this.#members.add(member);
    return {
      post: (message) => {
        if (this.muted.has(message.from)) return;
        this.sent.push(message);
        for (const other of this.#members) {
          if (other === member) continue;
          setTimeout(() => {
            if (this.#members.has(other)) other(message);
          }, 0);
        }
      },
      onMessage: (handler) => {
        receive = handler;
      },
      close: () => this.#members.delete(member),
    };
  }

  /** A tab of this browser; ids order the tabs' rank (the smaller leads). */
  open(id: string): Tab {
    const tab = new Tab();
    tab.stop = shareLiveEvents({
      id,
      channel: this.channel(),
      connect: (handlers) => {
        const stream: FakeStream = { tab: id, handlers, open: true };
        this.streams.push(stream);
        handlers.onConnection('connecting');
        return () => {
          stream.open = false;
        };
      },
      handlers: tab.handlers,
    });
    return tab;
  }

  /** The tab ends without a word, as a crashed one does. */
  crash(tab: Tab, id: string): void {
    this.muted.add(id);
    tab.stop();
  }

  openStreams(): FakeStream[] {
    return this.streams.filter((stream) => stream.open);
  }
}

/** A tab's own stream to the server, driven by the test. */
interface FakeStream {
  tab: string;
  handlers: Required<LiveEventsHandlers>;
  open: boolean;
}

class Tab {
  readonly events: LiveEvent[] = [];
  readonly connections: string[] = [];
  stop: () => void = () => undefined;

  readonly handlers: LiveEventsHandlers = {
    onEvent: (event) => this.events.push(event),
    onConnection: (state, refusal) =>
      this.connections.push(refusal ? `${state}: ${refusal}` : state),
  };

  get connection(): string | undefined {
    return this.connections.at(-1);
  }

  seqs(): number[] {
    return this.events.map((event) => event.seq);
  }
}

const value = (seq: number, level: number): LiveEvent => ({
  type: 'device',
  seq,
  device_id: 'GS3',
  change: 'value',
  command_kind: 'input',
  command_id: 7,
  value: level,
  quality: 'good',
  isSame: true,
});
const plcUp = (seq: number): LiveEvent => ({
  type: 'plc',
  seq,
  state: 'connected',
  error: null,
  not_live_since: null,
});

/** The stream goes live and, as the server does, first tells whether the PLC link is up. */
function goLive(stream: FakeStream, seq: number): void {
  stream.handlers.onConnection('live');
  stream.handlers.onEvent(plcUp(seq));
}

function tabs(browser: Browser, count: number): Tab[] {
  return Array.from({ length: count }, (_, i) =>
    browser.open(`tab${String(i + 1).padStart(2, '0')}`),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('one live stream shared by the tabs of a browser', () => {
  it('a lone tab opens the stream itself once nobody answers', () => {
    const browser = new Browser();
    const [tab] = tabs(browser, 1);
    vi.advanceTimersByTime(JOIN_WAIT_MS - 1);
    expect(browser.streams).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(browser.openStreams().map((stream) => stream.tab)).toEqual(['tab01']);
    goLive(browser.streams[0]!, 40);
    browser.streams[0]!.handlers.onEvent(value(41, 2100));
    expect(tab!.connections).toEqual(['connecting', 'live']);
    expect(tab!.seqs()).toEqual([40, 41]);
  });

  it('ten tabs opened one after another hold one stream, and every event reaches all ten', () => {
    const browser = new Browser();
    const [first] = tabs(browser, 1);
    vi.advanceTimersByTime(JOIN_WAIT_MS);
    goLive(browser.streams[0]!, 40);
    const others = Array.from({ length: 9 }, (_, i) => {
      const tab = browser.open(`tab${String(i + 2).padStart(2, '0')}`);
      vi.advanceTimersByTime(JOIN_WAIT_MS);
      return tab;
    });
    browser.streams[0]!.handlers.onEvent(value(41, 2100));
    vi.advanceTimersByTime(0);

    expect(browser.streams.map((stream) => stream.tab)).toEqual(['tab01']);
    expect(first!.seqs()).toEqual([40, 41]);
    for (const tab of others) {
      // Once: a tab that joins later does not make the others refetch as on a new stream.
      expect(tab.connections).toEqual(['live']);
      // A tab that joins is told what a new stream is told first, numbered as the last event.
      expect(tab.events.map((event) => event.type)).toEqual(['plc', 'device']);
      expect(tab.events.at(-1)).toEqual(value(41, 2100));
    }
  });

  it('a tab that joins after events were sent sees no gap before the next one', () => {
    const browser = new Browser();
    tabs(browser, 1);
    vi.advanceTimersByTime(JOIN_WAIT_MS);
    const stream = browser.streams[0]!;
    goLive(stream, 40);
    for (let seq = 41; seq <= 45; seq += 1) stream.handlers.onEvent(value(seq, seq * 10));
    const late = browser.open('tab02');
    vi.advanceTimersByTime(JOIN_WAIT_MS);
    stream.handlers.onEvent(value(46, 460));
    vi.advanceTimersByTime(0);
    expect(late.seqs()).toEqual([45, 46]);
    expect(late.events[0]).toMatchObject({ type: 'plc', state: 'connected' });
  });

  it('tabs opened at the same moment end with one stream, the others following it', () => {
    const browser = new Browser();
    const all = tabs(browser, 10);
    vi.advanceTimersByTime(JOIN_WAIT_MS);
    expect(browser.openStreams().length).toBeGreaterThan(1);
    vi.advanceTimersByTime(2 * JOIN_WAIT_MS + HANDOVER_SPREAD_MS);
    expect(browser.openStreams().map((stream) => stream.tab)).toEqual(['tab01']);

    goLive(browser.openStreams()[0]!, 7);
    browser.openStreams()[0]!.handlers.onEvent(value(8, 80));
    vi.advanceTimersByTime(0);
    for (const tab of all) {
      expect(tab.connection).toBe('live');
      expect(tab.events.at(-1)).toEqual(value(8, 80));
    }
  });

  it("the leader's state reaches every tab, a refusal with the server's reason", () => {
    const browser = new Browser();
    const all = tabs(browser, 3);
    vi.advanceTimersByTime(JOIN_WAIT_MS);
    vi.advanceTimersByTime(2 * JOIN_WAIT_MS + HANDOVER_SPREAD_MS);
    const [stream] = browser.openStreams();
    stream!.handlers.onConnection('refused', 'This account already has 8 live connections open.');
    vi.advanceTimersByTime(0);
    for (const tab of all) {
      expect(tab.connection).toBe('refused: This account already has 8 live connections open.');
    }
    goLive(stream!, 3);
    vi.advanceTimersByTime(0);
    expect(all.map((tab) => tab.connection)).toEqual(['live', 'live', 'live']);
  });

  it("when the leader's tab closes the follower it has known longest takes over at once, and every tab goes live on its stream", () => {
    const browser = new Browser();
    const [first] = tabs(browser, 1);
    vi.advanceTimersByTime(JOIN_WAIT_MS);
    goLive(browser.streams[0]!, 40);
    const rest = ['tab02', 'tab03', 'tab04', 'tab05'].map((id) => {
      const tab = browser.open(id);
      vi.advanceTimersByTime(JOIN_WAIT_MS);
      return tab;
    });

    first!.stop();
    vi.advanceTimersByTime(0);
    expect(browser.openStreams().map((stream) => stream.tab)).toEqual(['tab02']);
    vi.advanceTimersByTime(JOIN_WAIT_MS + HANDOVER_SPREAD_MS);
    expect(browser.streams.map((stream) => stream.tab)).toEqual(['tab01', 'tab02']);

    const [taken] = browser.openStreams();
    goLive(taken!, 50);
    taken!.handlers.onEvent(value(51, 510));
    vi.advanceTimersByTime(0);
    for (const tab of rest) {
      // A new stream: 'live' again, so that the tab refetches what it may have missed.
      expect(tab.connections.filter((state) => state === 'live')).toHaveLength(2);
      expect(tab.connection).toBe('live');
      expect(tab.events.at(-1)).toEqual(value(51, 510));
    }
  });

  it('when the successor has gone too, one of the other followers takes over', () => {
    const browser = new Browser();
    const [first] = tabs(browser, 1);
    vi.advanceTimersByTime(JOIN_WAIT_MS);
    goLive(browser.streams[0]!, 40);
    const [successor, ...rest] = ['tab02', 'tab03', 'tab04', 'tab05'].map((id) => {
      const tab = browser.open(id);
      vi.advanceTimersByTime(JOIN_WAIT_MS);
      return tab;
    });

    browser.crash(successor!, 'tab02');
    first!.stop();
    vi.advanceTimersByTime(JOIN_WAIT_MS + HANDOVER_SPREAD_MS + 2 * JOIN_WAIT_MS);
    const open = browser.openStreams();
    expect(open).toHaveLength(1);
    expect(['tab03', 'tab04', 'tab05']).toContain(open[0]!.tab);
    goLive(open[0]!, 50);
    vi.advanceTimersByTime(0);
    expect(rest.map((tab) => tab.connection)).toEqual(['live', 'live', 'live']);
  });

  it('a tab that took the lead while the leader was slow to answer yields to it, and the followers stay on their stream', () => {
    const browser = new Browser();
    const [first] = tabs(browser, 1);
    vi.advanceTimersByTime(JOIN_WAIT_MS);
    goLive(browser.streams[0]!, 40);
    const follower = browser.open('tab02');
    vi.advanceTimersByTime(JOIN_WAIT_MS);

    browser.muted.add('tab01');
    // Named so that it would win on its id alone.
    const late = browser.open('tab00');
    vi.advanceTimersByTime(JOIN_WAIT_MS);
    goLive(browser.streams[1]!, 44);
    vi.advanceTimersByTime(0);
    browser.muted.delete('tab01');
    browser.streams[0]!.handlers.onEvent(value(45, 450));
    vi.advanceTimersByTime(LIVE_HEARTBEAT_MS + JOIN_WAIT_MS);

    expect(browser.openStreams().map((stream) => stream.tab)).toEqual(['tab01']);
    expect(first!.connections).toEqual(['connecting', 'live']);
    expect(follower.connections).toEqual(['live']);
    expect(late.connection).toBe('live');
    browser.streams[0]!.handlers.onEvent(value(46, 460));
    vi.advanceTimersByTime(0);
    expect(late.events.at(-1)).toEqual(value(46, 460));
  });

  it('a silent leader (crashed or frozen) is replaced after the silence limit, and yields when it comes back', () => {
    const browser = new Browser();
    const [first] = tabs(browser, 1);
    vi.advanceTimersByTime(JOIN_WAIT_MS);
    goLive(browser.streams[0]!, 40);
    const followers = ['tab02', 'tab03'].map((id) => browser.open(id));
    vi.advanceTimersByTime(JOIN_WAIT_MS);

    browser.muted.add('tab01');
    vi.advanceTimersByTime(LEADER_SILENCE_MS - JOIN_WAIT_MS - 1);
    expect(browser.openStreams()).toHaveLength(1);
    vi.advanceTimersByTime(JOIN_WAIT_MS + 1 + HANDOVER_SPREAD_MS + JOIN_WAIT_MS);
    const taken = browser.openStreams().filter((stream) => stream.tab !== 'tab01');
    expect(taken).toHaveLength(1);
    goLive(taken[0]!, 60);
    vi.advanceTimersByTime(0);
    for (const tab of followers) expect(tab.connection).toBe('live');

    // The old leader thaws with its stream down; the new one is live, so the old one yields.
    browser.muted.delete('tab01');
    browser.streams[0]!.handlers.onConnection('reconnecting');
    vi.advanceTimersByTime(JOIN_WAIT_MS);
    expect(browser.openStreams()).toEqual(taken);
    expect([first!, ...followers].map((tab) => tab.connection)).toEqual(['live', 'live', 'live']);
  });

  it("the leader passes its stream's signs of life on, at most once a second", () => {
    const browser = new Browser();
    tabs(browser, 1);
    vi.advanceTimersByTime(JOIN_WAIT_MS);
    const stream = browser.streams[0]!;
    goLive(stream, 40);
    vi.advanceTimersByTime(1_000);

    // A hidden tab's timers may fire once a minute: the server's heartbeat, which the network
    // brings however hidden the tab, is what keeps its followers from taking over.
    const before = browser.sent.length;
    for (let i = 0; i < 10; i += 1) stream.handlers.onActivity();
    expect(browser.sent.slice(before)).toEqual([
      {
        kind: 'state',
        from: 'tab01',
        since: expect.any(Number),
        connection: 'live',
        refusal: null,
      },
    ]);
    vi.advanceTimersByTime(999);
    stream.handlers.onActivity();
    expect(browser.sent).toHaveLength(before + 1);
    vi.advanceTimersByTime(1);
    stream.handlers.onActivity();
    expect(browser.sent).toHaveLength(before + 2);
  });
});
