import { connectLiveEvents, type LiveEventsHandlers } from './live-events.ts';
import { shareLiveEvents } from './live-share.ts';
import type { LiveShareChannel, LiveShareMessage } from './live-share-protocol.ts';

function broadcastChannel(name: string): LiveShareChannel {
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    onMessage: (receive) => {
      channel.onmessage = (event: MessageEvent<LiveShareMessage>) => receive(event.data);
    },
    close: () => channel.close(),
  };
}

/**
 * The user's plant events in this tab, over one live stream that all the user's tabs in this
 * browser share: one of them holds it and hands everything on to the others (live-share.ts). A
 * browser opens only six connections to a server, so a stream per tab left later tabs polling.
 * Tabs of another user or another version of the console never share (the channel's name says
 * both). Without an id for the user, or without BroadcastChannel, the tab has its own stream.
 */
export function connectSharedLiveEvents(
  userId: number | undefined,
  handlers: LiveEventsHandlers,
): () => void {
  if (userId === undefined || typeof BroadcastChannel === 'undefined') {
    return connectLiveEvents(handlers, userId);
  }
  const start = () =>
    shareLiveEvents({
      channel: broadcastChannel(`roastery.live.${__APP_VERSION__}.${userId}`),
      connect: (streamHandlers) => connectLiveEvents(streamHandlers, userId),
      handlers,
    });
  let stop: (() => void) | undefined = start();
  // A tab that closes, or goes into the back-forward cache, hands its stream over at once
  // rather than leaving the others to notice its silence.
  const onPageHide = () => {
    stop?.();
    stop = undefined;
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) stop ??= start();
  };
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  return () => {
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
    onPageHide();
  };
}
