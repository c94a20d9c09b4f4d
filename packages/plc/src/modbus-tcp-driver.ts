import { connect as connectSocket, type Socket } from 'node:net';
import modbusSerial from 'modbus-serial';
import type { TagArea } from '@roastery/contract';
import {
  DriverError,
  type DriverEvents,
  type DriverHealth,
  type DriverLimits,
  type DriverOptions,
  type PlcDriver,
  type TagAddress,
} from './driver.ts';
import { RequestQueue, type EnqueueOptions } from './request-queue.ts';
import { TypedEmitter } from './typed-emitter.ts';

// modbus-serial is CommonJS: under Node's ESM interop the class is the `default` property.
const ModbusRTU = modbusSerial.default;
type ModbusClient = InstanceType<typeof ModbusRTU>;

/** Modbus application protocol limits for FC1 and FC3. */
export const MODBUS_LIMITS: DriverLimits = { maxRegistersPerRead: 125, maxCoilsPerRead: 2000 };

/** Socket error codes that mean the connection is gone (or never came up). */
const LINK_ERROR_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTCONN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ERR_SOCKET_CLOSED',
  'ERR_STREAM_DESTROYED',
]);

const KEEPALIVE_MS = 10_000;

function errorField(error: unknown, field: string): unknown {
  return typeof error === 'object' && error !== null && field in error
    ? (error as Record<string, unknown>)[field]
    : undefined;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(errorField(error, 'message') ?? error);
}

/**
 * Tells a Modbus exception (the PLC answered "illegal data address": the request was wrong,
 * the link is fine) apart from a link error (reset, refused, timed out, closed: reconnect).
 * modbus-serial marks exceptions with `modbusCode`, and link errors with a Node `code` or its
 * own `errno` (ETIMEDOUT for an unanswered request, ECONNREFUSED for "Port Not Open").
 * Anything else (a garbled frame) is treated as a link error too, because after a framing
 * error the only safe recovery is a fresh connection.
 */
export function classifyModbusError(error: unknown, operation: string): DriverError {
  if (error instanceof DriverError) return error;
  const modbusCode = errorField(error, 'modbusCode');
  if (typeof modbusCode === 'number') {
    return new DriverError('exception', `${operation}: ${errorText(error)}`, {
      exceptionCode: modbusCode,
      cause: error,
    });
  }
  const rawCode = errorField(error, 'code') ?? errorField(error, 'errno');
  const code = typeof rawCode === 'string' ? rawCode : undefined;
  const known = code !== undefined && LINK_ERROR_CODES.has(code);
  return new DriverError('link', `${operation}: ${errorText(error)}`, {
    code: known ? code : (code ?? 'ELINK'),
    cause: error,
  });
}

/** Opens a TCP socket, bounded by a timeout; the socket is destroyed on any failure. */
function openSocket(host: string, port: number, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectSocket({ host, port });
    const fail = (error: DriverError) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    const timer = setTimeout(
      () =>
        fail(
          new DriverError('link', `connect to ${host}:${port} timed out after ${timeoutMs} ms`, {
            code: 'ETIMEDOUT',
          }),
        ),
      timeoutMs,
    );
    socket.once('error', (error) => fail(classifyModbusError(error, `connect to ${host}:${port}`)));
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
  });
}

interface Session {
  client: ModbusClient;
  socket: Socket;
  /** Reject the requests in flight, so that a dead socket does not hold them until they time out. */
  readonly inFlight: Set<(error: DriverError) => void>;
  lastSocketError: Error | undefined;
  /** Our 'close' listener, removed before we close the socket on purpose. */
  onClose: () => void;
}

/**
 * Modbus TCP on modbus-serial. The driver opens the socket itself and hands it to
 * modbus-serial, so that it sees every 'close' (modbus-serial drops the close that follows a
 * socket error) and can fail the requests in flight at once instead of after their timeout.
 * All requests go through one queue that keeps up to `maxInFlight` of them in flight per socket;
 * modbus-serial matches each answer to its request by the MBAP transaction id, whatever order
 * the answers come in.
 */
export class ModbusTcpDriver extends TypedEmitter<DriverEvents> implements PlcDriver {
  readonly protocol = 'modbus-tcp';
  readonly limits = MODBUS_LIMITS;
  readonly #options: DriverOptions;
  readonly #queue: RequestQueue;
  #session: Session | undefined;
  /** Bumped by close() so that a connect still in progress knows it was cancelled. */
  #generation = 0;
  #lastGoodReadAt: number | null = null;
  #lastError: string | null = null;
  #lastErrorAt: number | null = null;
  #requests = 0;
  #failedRequests = 0;

  constructor(options: DriverOptions) {
    super();
    this.#options = options;
    this.#queue = new RequestQueue(options.maxInFlight ?? 1);
  }

  async connect(): Promise<void> {
    if (this.#session) return;
    const generation = this.#generation;
    const { host, port, unitId, requestTimeoutMs, connectTimeoutMs } = this.#options;
    let socket: Socket | undefined;
    try {
      socket = await openSocket(host, port, connectTimeoutMs);
      socket.setNoDelay(true);
      // Keep-alive probes find a peer that vanished without a FIN (a PLC losing power) even
      // while no request is in flight.
      socket.setKeepAlive(true, KEEPALIVE_MS);
      const client = new ModbusRTU();
      // modbus-serial re-emits port errors; without a listener EventEmitter would throw.
      client.on('error', (error) => this.#recordError(errorText(error)));
      await client.connectTCP(host, { port, socket });
      client.setID(unitId);
      client.setTimeout(requestTimeoutMs);
      if (generation !== this.#generation) {
        throw new DriverError('closed', 'The driver was closed while connecting');
      }
      const session: Session = {
        client,
        socket,
        inFlight: new Set(),
        lastSocketError: undefined,
        onClose: () => {
          const reason = session.lastSocketError;
          this.#linkLost(
            session,
            reason
              ? classifyModbusError(reason, 'connection lost')
              : new DriverError('link', 'connection closed by the PLC', { code: 'ECONNRESET' }),
          );
        },
      };
      socket.on('error', (error) => {
        session.lastSocketError = error;
        this.#recordError(error.message);
      });
      socket.once('close', session.onClose);
      this.#session = session;
      this.emit('connected', { at: Date.now() });
    } catch (error) {
      socket?.destroy();
      const failure = classifyModbusError(error, `connect to ${host}:${port}`);
      this.#recordError(failure.message);
      throw failure;
    }
  }

  readBlock(area: TagArea, start: number, count: number): Promise<number[]> {
    return this.#request(`read ${count} ${area} from ${start}`, async (client) => {
      if (area === 'coil') {
        const result = await client.readCoils(start, count);
        // The reply is padded to whole bytes: keep only the coils asked for.
        return result.data.slice(0, count).map((bit) => (bit ? 1 : 0));
      }
      const result = await client.readHoldingRegisters(start, count);
      return result.data;
    }).then((values) => {
      this.#lastGoodReadAt = Date.now();
      return values;
    });
  }

  async write(target: TagAddress, raw: readonly number[]): Promise<void> {
    const [first] = raw;
    if (first === undefined) throw new RangeError('Nothing to write');
    const operation = `write ${target.area} ${target.address}`;
    // A write goes alone, as a fence between the requests before and after it.
    const send = (run: (client: ModbusClient) => Promise<unknown>) =>
      this.#request(operation, run, { exclusive: true });
    if (target.area === 'coil') {
      await send((client) => client.writeCoil(target.address, first !== 0));
    } else if (raw.length === 1) {
      await send((client) => client.writeRegister(target.address, first));
    } else {
      // Both words of a 32-bit value in one request, so the PLC never sees half a value.
      await send((client) => client.writeRegisters(target.address, [...raw]));
    }
  }

  async close(): Promise<void> {
    this.#generation += 1;
    const session = this.#session;
    this.#session = undefined;
    const error = new DriverError('closed', 'The driver was closed');
    this.#queue.rejectPending(error);
    if (session) {
      for (const abort of session.inFlight) abort(error);
      session.socket.off('close', session.onClose);
      await new Promise<void>((resolve) => session.client.destroy(() => resolve()));
    }
  }

  health(): DriverHealth {
    return {
      connected: this.#session !== undefined,
      lastGoodReadAt: this.#lastGoodReadAt,
      lastError: this.#lastError,
      lastErrorAt: this.#lastErrorAt,
      requests: this.#requests,
      failedRequests: this.#failedRequests,
    };
  }

  #request<T>(
    operation: string,
    run: (client: ModbusClient) => Promise<T>,
    options: EnqueueOptions = {},
  ): Promise<T> {
    return this.#queue.enqueue(async () => {
      const session = this.#session;
      if (!session) throw new DriverError('not-connected', `${operation}: not connected`);
      this.#requests += 1;
      let abort: ((error: DriverError) => void) | undefined;
      try {
        return await new Promise<T>((resolve, reject) => {
          abort = reject;
          session.inFlight.add(reject);
          run(session.client).then(resolve, reject);
        });
      } catch (error) {
        const failure = classifyModbusError(error, operation);
        this.#failedRequests += 1;
        this.#recordError(failure.message);
        if (failure.isLinkError) this.#linkLost(session, failure);
        throw failure;
      } finally {
        if (abort) session.inFlight.delete(abort);
      }
    }, options);
  }

  /** Drops a session once, whichever of the socket or a request noticed first. */
  #linkLost(session: Session, error: DriverError): void {
    if (this.#session !== session) return;
    this.#session = undefined;
    this.#recordError(error.message);
    for (const abort of session.inFlight) abort(error);
    this.#queue.rejectPending(error);
    session.socket.off('close', session.onClose);
    session.client.destroy(() => undefined);
    this.emit('link-lost', { at: Date.now(), error });
  }

  #recordError(message: string): void {
    this.#lastError = message;
    this.#lastErrorAt = Date.now();
  }
}
