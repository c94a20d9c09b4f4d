import {
  LIVE_BROWSER_HEADER,
  LIVE_HEARTBEAT_MS,
  liveEvent,
  type LiveEvent,
} from '@roastery/contract';
import { apiStream } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { browserId } from './browser-id.ts';
import { currentAccessToken } from './session.ts';
import { tokenUserId } from './token-claims.ts';

/**
 * The state of the stream of plant events this tab gets (its own, or its browser's shared one).
 * 'refused': the server is up but declined a stream (too many open for this account or in all);
 * screens poll meanwhile.
 */
export type LiveConnection = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'refused';

export interface LiveEventsHandlers {
  onEvent: (event: LiveEvent) => void;
  /** `refusal` is the server's reason when the state is 'refused'. */
  onConnection: (state: LiveConnection, refusal?: string) => void;
  /** Anything arrived on the stream, the heartbeat too: it is alive. */
  onActivity?: () => void;
}

const LIVE_PATH = '/live';
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** Three missed heartbeats mean the stream is dead, however quiet the plant is. */
const SILENCE_LIMIT_MS = 3 * LIVE_HEARTBEAT_MS;
/** After this many failed attempts in a row the console says Offline, not Reconnecting. */
const ATTEMPTS_BEFORE_OFFLINE = 3;

/** Exponential backoff with jitter, so that tabs reconnecting after a restart spread out. */
function retryDelay(attempt: number): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}

function parseEvent(data: string): LiveEvent | undefined {
  try {
    const parsed = liveEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Splits a Server-Sent Events stream into events and hands each parsed data payload on.
 * Comment lines (the heartbeat) and unknown payloads only count as signs of life.
 */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: LiveEvent) => void,
  onActivity: () => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onActivity();
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        const event = data.length > 0 ? parseEvent(data.join('\n')) : undefined;
        if (event) onEvent(event);
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
  }
}

/**
 * Keeps one stream of plant events open (GET /api/live) until the returned function is
 * called: it reconnects with backoff after any failure, with a fresh token thanks to the API
 * client's refresh on 401, and reports its state as it goes. With `userId`, a stream is only
 * opened while the session's token is that user's: its events may be handed to that user's
 * other tabs, and the browser's cookies may already belong to someone who signed in since.
 */
export function connectLiveEvents(handlers: LiveEventsHandlers, userId?: number): () => void {
  let stopped = false;
  let attempt = 0;
  let controller: AbortController | undefined;
  let retryTimer: number | undefined;
  let silenceTimer: number | undefined;

  const watchSilence = () => {
    window.clearTimeout(silenceTimer);
    silenceTimer = window.setTimeout(() => controller?.abort(), SILENCE_LIMIT_MS);
  };
  const onActivity = () => {
    watchSilence();
    handlers.onActivity?.();
  };

  const scheduleRetry = (refusal: ApiError | undefined) => {
    if (stopped) return;
    if (refusal) handlers.onConnection('refused', refusal.message);
    else {
      handlers.onConnection(
        attempt >= ATTEMPTS_BEFORE_OFFLINE || !navigator.onLine ? 'offline' : 'reconnecting',
      );
    }
    retryTimer = window.setTimeout(() => void open(), retryDelay(attempt));
    attempt += 1;
  };

  async function open(): Promise<void> {
    retryTimer = undefined;
    controller = new AbortController();
    let refusal: ApiError | undefined;
    try {
      if (userId !== undefined && tokenUserId(currentAccessToken()) !== userId) {
        throw new Error('The session belongs to another user');
      }
      const response = await apiStream(LIVE_PATH, {
        signal: controller.signal,
        accept: 'text/event-stream',
        // The server keeps a browser's streams below its connection limit (per browser).
        headers: { [LIVE_BROWSER_HEADER]: browserId() },
      });
      if (!response.body) throw new Error('The live stream has no body');
      attempt = 0;
      handlers.onConnection('live');
      watchSilence();
      await readEvents(response.body, handlers.onEvent, onActivity);
    } catch (error) {
      // Every failure (refused, dropped, silent, unparsable) ends in the same retry below; a
      // server that declines a stream says why, and the console shows it.
      if (error instanceof ApiError && (error.status === 429 || error.status === 503)) {
        refusal = error;
      }
    } finally {
      window.clearTimeout(silenceTimer);
    }
    scheduleRetry(refusal);
  }

  // Coming back online is the best moment to try again, without waiting for the backoff.
  const onOnline = () => {
    if (stopped || retryTimer === undefined) return;
    window.clearTimeout(retryTimer);
    void open();
  };

  handlers.onConnection('connecting');
  window.addEventListener('online', onOnline);
  void open();

  return () => {
    stopped = true;
    window.removeEventListener('online', onOnline);
    window.clearTimeout(retryTimer);
    window.clearTimeout(silenceTimer);
    controller?.abort();
  };
}
