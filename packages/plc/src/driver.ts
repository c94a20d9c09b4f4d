import type { TagArea } from '@roastery/contract';
import type { TypedEmitter } from './typed-emitter.ts';

/**
 * Why a request failed, which decides what the gateway does next:
 * - 'link': the connection is unusable (reset, refused, timed out, closed): drop it and reconnect.
 * - 'exception': the PLC answered with a protocol exception (illegal address, illegal value...):
 *   the link is fine, the request was wrong; keep the connection.
 * - 'not-connected': there was no connection to send the request on.
 * - 'closed': the driver was closed while the request waited.
 */
export type DriverErrorKind = 'link' | 'exception' | 'not-connected' | 'closed';

export class DriverError extends Error {
  readonly kind: DriverErrorKind;
  /** The socket error code (ECONNRESET, ETIMEDOUT...) when there is one. */
  readonly code: string | undefined;
  /** The protocol's exception code for 'exception' errors (Modbus: 1..11). */
  readonly exceptionCode: number | undefined;

  constructor(
    kind: DriverErrorKind,
    message: string,
    details: { code?: string; exceptionCode?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'DriverError';
    this.kind = kind;
    this.code = details.code;
    this.exceptionCode = details.exceptionCode;
  }

  /** True when the connection must be dropped and re-established. */
  get isLinkError(): boolean {
    return this.kind === 'link';
  }
}

/** Where a tag lives in the PLC; a PlantTag satisfies it. */
export interface TagAddress {
  area: TagArea;
  address: number;
}

/** Per-request limits of the protocol; the read planner never exceeds them. */
export interface DriverLimits {
  maxRegistersPerRead: number;
  maxCoilsPerRead: number;
}

export interface DriverHealth {
  connected: boolean;
  /** Epoch ms of the last read that returned data. */
  lastGoodReadAt: number | null;
  /** The last error seen on any request or connect attempt. */
  lastError: string | null;
  lastErrorAt: number | null;
  requests: number;
  failedRequests: number;
}

export interface DriverEvents {
  /** The connection is up and ready for requests. */
  connected: { at: number };
  /** The connection was lost (socket closed by the peer or a link error on a request). */
  'link-lost': { at: number; error: DriverError };
}

/** Connection settings every protocol understands. */
export interface DriverOptions {
  host: string;
  port: number;
  unitId: number;
  /** How long a single request may wait for its answer before the link counts as lost. */
  requestTimeoutMs: number;
  /** How long opening the connection may take. */
  connectTimeoutMs: number;
  /**
   * Requests sent on the connection before the first is answered (1 when unset): a PLC that
   * serves several transactions at once answers a batch of reads in about one request's time.
   * Writes never overlap anything (see PlcDriver.write).
   */
  maxInFlight?: number;
}

/**
 * The contract every PLC protocol implements. Requests are paced by the driver itself (at most
 * `maxInFlight` in flight per connection, sent in the order they were issued), so callers may
 * issue them concurrently.
 *
 * Raw values are plain numbers: a 16-bit word per holding register, 0 or 1 per coil. Turning
 * them into engineering values is the tag codec's job, not the driver's.
 */
export interface PlcDriver extends Pick<TypedEmitter<DriverEvents>, 'on' | 'off'> {
  readonly protocol: string;
  readonly limits: DriverLimits;
  /** Opens the connection. Rejects with a DriverError; safe to call again after a failure. */
  connect(): Promise<void>;
  /** Reads `count` consecutive coils (0/1) or registers (words) starting at `start`. */
  readBlock(area: TagArea, start: number, count: number): Promise<number[]>;
  /**
   * Writes one coil (one value) or one or more consecutive registers. A write is a fence: it is
   * sent once every request issued before it has been answered, and the requests issued after
   * it wait for its answer, so no PLC can act on it out of order.
   */
  write(target: TagAddress, raw: readonly number[]): Promise<void>;
  /** Closes the connection and rejects every queued request; never rejects itself. */
  close(): Promise<void>;
  health(): DriverHealth;
}
