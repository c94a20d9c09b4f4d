import { createServer, connect, type Server, type Socket } from 'node:net';

const MBAP_LENGTH = 7;

/** One Modbus TCP frame as it crossed the tap. */
export interface TappedFrame {
  direction: 'request' | 'reply';
  transactionId: number;
  functionCode: number;
  /** Requests sent and not yet answered when this frame crossed, this one included. */
  outstanding: number;
}

export interface FrameTap {
  readonly host: string;
  readonly port: number;
  /** Every frame in the order it crossed, both directions. */
  readonly frames: readonly TappedFrame[];
  /** The most requests that were outstanding at once on one connection. */
  maxOutstanding(): number;
  close(): Promise<void>;
}

/** Splits a byte stream into MBAP frames, keeping a partial frame for the next chunk. */
function frameReader(onFrame: (frame: Buffer) => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= MBAP_LENGTH && pending.length >= 6 + pending.readUInt16BE(4)) {
      const size = 6 + pending.readUInt16BE(4);
      onFrame(pending.subarray(0, size));
      pending = pending.subarray(size);
    }
  };
}

/**
 * A TCP proxy that reads the Modbus frames passing through it, for tests that must see what
 * went over the wire: how many requests a client kept outstanding, in which order they went.
 * Bytes are forwarded as they come; the tap only looks.
 */
export async function startFrameTap(target: { host: string; port: number }): Promise<FrameTap> {
  const frames: TappedFrame[] = [];
  const sockets = new Set<Socket>();
  let maxOutstanding = 0;

  const server: Server = createServer((client) => {
    const upstream = connect(target);
    sockets.add(client).add(upstream);
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
    const open = new Set<number>();
    const record = (direction: TappedFrame['direction'], frame: Buffer) => {
      const transactionId = frame.readUInt16BE(0);
      if (direction === 'request') open.add(transactionId);
      const outstanding = open.size;
      if (direction === 'reply') open.delete(transactionId);
      maxOutstanding = Math.max(maxOutstanding, outstanding);
      frames.push({ direction, transactionId, functionCode: frame.readUInt8(7), outstanding });
    };
    client.on(
      'data',
      frameReader((frame) => record('request', frame)),
    );
    upstream.on(
      'data',
      frameReader((frame) => record('reply', frame)),
    );
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    host: '127.0.0.1',
    port,
    frames,
    maxOutstanding: () => maxOutstanding,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
