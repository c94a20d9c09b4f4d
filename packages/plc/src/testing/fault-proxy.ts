import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * - pass: bytes flow both ways.
 * - refuse: new connections are closed at once (the far end is down); open ones keep flowing.
 * - blackhole: new and open connections swallow every byte and never answer (a hung device or
 *   a cable pulled without a reset).
 * - delay: every chunk is forwarded after `delayMs`.
 */
export type ProxyMode = 'pass' | 'refuse' | 'blackhole' | 'delay';

export interface FaultProxyOptions {
  /** Where the traffic goes. */
  target: { host: string; port: number };
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export interface FaultProxyStats {
  /** Connections accepted since start. */
  accepted: number;
  /** Connections the proxy ended on purpose (drop, cut, refuse). */
  cut: number;
}

export interface FaultProxy {
  readonly host: string;
  readonly port: number;
  readonly mode: ProxyMode;
  readonly stats: FaultProxyStats;
  /** Connections open through the proxy now. */
  open(): number;
  /** Sets how traffic flows from now on; `delayMs` applies to 'delay'. */
  setMode(mode: ProxyMode, delayMs?: number): void;
  /** Resets every open connection, both ends, as a switch losing power would. */
  dropConnections(): void;
  /**
   * Forwards only the first `bytes` of the next chunk in the given direction (the next one
   * `when` accepts, if given), then resets the connection: a frame cut in the middle.
   */
  cutNextChunk(
    direction: 'to-target' | 'to-client',
    bytes: number,
    when?: (chunk: Buffer) => boolean,
  ): void;
  /** Back to 'pass' with no cut pending. */
  heal(): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
}

/**
 * A TCP proxy for fault-injection tests: it forwards to a real server and can drop, refuse,
 * blackhole, delay and cut traffic on command. The server and the client on either side are
 * the real ones; only the wire between them misbehaves.
 */
export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const stats: FaultProxyStats = { accepted: 0, cut: 0 };
  let mode: ProxyMode = 'pass';
  let delayMs = 0;
  let pendingCut:
    | { direction: 'to-target' | 'to-client'; bytes: number; when?: (chunk: Buffer) => boolean }
    | undefined;

  const end = (pair: Pair) => {
    if (!pairs.delete(pair)) return;
    pair.client.destroy();
    pair.upstream.destroy();
  };
  const cut = (pair: Pair) => {
    if (!pairs.has(pair)) return;
    stats.cut += 1;
    pair.client.resetAndDestroy();
    pair.upstream.resetAndDestroy();
    pairs.delete(pair);
  };

  const forward = (pair: Pair, direction: 'to-target' | 'to-client', chunk: Buffer) => {
    if (!pairs.has(pair) || mode === 'blackhole') return;
    const to = direction === 'to-target' ? pair.upstream : pair.client;
    if (pendingCut?.direction === direction && (pendingCut.when?.(chunk) ?? true)) {
      const bytes = Math.min(pendingCut.bytes, chunk.length - 1);
      pendingCut = undefined;
      to.write(chunk.subarray(0, Math.max(0, bytes)), () => cut(pair));
      return;
    }
    if (mode !== 'delay' || delayMs <= 0) {
      to.write(chunk);
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (pairs.has(pair) && mode !== 'blackhole') to.write(chunk);
    }, delayMs);
    timers.add(timer);
  };

  const server: Server = createServer((client) => {
    stats.accepted += 1;
    client.on('error', () => undefined);
    if (mode === 'refuse') {
      stats.cut += 1;
      client.resetAndDestroy();
      return;
    }
    const upstream = connect({ host: options.target.host, port: options.target.port });
    upstream.on('error', () => undefined);
    const pair: Pair = { client, upstream };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => forward(pair, 'to-target', chunk));
    upstream.on('data', (chunk: Buffer) => forward(pair, 'to-client', chunk));
    client.on('close', () => end(pair));
    upstream.on('close', () => end(pair));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 }, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    host: options.host ?? '127.0.0.1',
    port,
    get mode() {
      return mode;
    },
    stats,
    open: () => pairs.size,
    setMode: (next, nextDelayMs = 0) => {
      mode = next;
      delayMs = nextDelayMs;
    },
    dropConnections: () => {
      for (const pair of [...pairs]) cut(pair);
    },
    cutNextChunk: (direction, bytes, when) => {
      pendingCut = { direction, bytes, ...(when ? { when } : {}) };
    },
    heal: () => {
      mode = 'pass';
      delayMs = 0;
      pendingCut = undefined;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const pair of [...pairs]) end(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
