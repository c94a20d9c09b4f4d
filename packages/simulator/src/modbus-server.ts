import { createServer } from 'node:net';
import type { IServiceVector } from 'modbus-serial';
import { ServerTCP } from 'modbus-serial';
import { listenFrameServer } from './modbus-frame-server.ts';
import { AddressError } from './register-store.ts';
import type { RegisterStore } from './register-store.ts';

/** Modbus exception codes the server answers with. */
export const ModbusExceptionCode = {
  IllegalDataAddress: 2,
  IllegalDataValue: 3,
} as const;

/** Largest quantities one Modbus read may ask for (Modbus application protocol, FC 1 and 3). */
const MAX_READ_REGISTERS = 125;

/** modbus-serial answers an error carrying `modbusErrorCode` with that exception code. */
class ModbusException extends Error {
  readonly modbusErrorCode: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'ModbusException';
    this.modbusErrorCode = code;
  }
}

function asModbus<T>(operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    if (error instanceof AddressError) {
      throw new ModbusException(ModbusExceptionCode.IllegalDataAddress, error.message);
    }
    throw error;
  }
}

function noSuchArea(): never {
  throw new ModbusException(
    ModbusExceptionCode.IllegalDataAddress,
    'this PLC has no discrete inputs or input registers',
  );
}

export interface ModbusServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Requests for any other unit id go unanswered, as behind a real gateway. */
  unitId: number;
  /**
   * Unset: modbus-serial's ServerTCP, which answers each request from a setTimeout(0). A number:
   * the simulator's own frame server, answering that many ms after each request (0 at once):
   * the fast path for benchmarks, or a PLC's scan time (see PlcScanProfiles).
   */
  requestDelayMs?: number;
}

export interface RunningModbusServer {
  host: string;
  port: number;
  /** Closes the listener and drops every client; the port is free when this resolves. */
  close(): Promise<void>;
}

/**
 * The vector modbus-serial calls for each request. The library calls getCoil and setCoil once per
 * address of a multi-coil request within one event-loop turn, so coil writes are collected and
 * committed in a microtask: a write-multiple-coils that touches any refused address writes
 * nothing, as a PLC validates the whole request before it acts.
 */
function serviceVector(store: RegisterStore): IServiceVector {
  let pending: { writes: Map<number, boolean>; refused: boolean } | undefined;
  const stageCoil = (address: number, value: boolean) => {
    if (!pending) {
      const batch = { writes: new Map<number, boolean>(), refused: false };
      pending = batch;
      queueMicrotask(() => {
        pending = undefined;
        if (batch.refused) return;
        for (const [at, state] of batch.writes) store.writeCoils(at, [state]);
      });
    }
    try {
      asModbus(() => store.assertWritable('coil', address, 1));
    } catch (error) {
      pending.refused = true;
      throw error;
    }
    pending.writes.set(address, value);
  };

  return {
    getCoil: (address: number) => asModbus(() => store.readCoils(address, 1)[0] ?? false),
    getHoldingRegister: (address: number) =>
      asModbus(() => store.readRegisters(address, 1)[0] ?? 0),
    getMultipleHoldingRegisters: (address: number, length: number) => {
      if (length > MAX_READ_REGISTERS) {
        throw new ModbusException(ModbusExceptionCode.IllegalDataValue, `${length} registers`);
      }
      return asModbus(() => store.readRegisters(address, length));
    },
    getDiscreteInput: noSuchArea,
    getInputRegister: noSuchArea,
    getMultipleInputRegisters: noSuchArea,
    setCoil: stageCoil,
    setRegister: (address: number, value: number) =>
      asModbus(() => store.writeRegisters(address, [value])),
    setRegisterArray: (address: number, values: number[]) =>
      asModbus(() => store.writeRegisters(address, values)),
  };
}

/** Asks the OS for a free port; modbus-serial treats port 0 as "use 502". */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host }, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function listen(store: RegisterStore, options: ModbusServerOptions, port: number) {
  return new Promise<ServerTCP>((resolve, reject) => {
    const server = new ServerTCP(serviceVector(store), {
      host: options.host,
      port,
      unitID: options.unitId,
    });
    server.once('initialized', () => resolve(server));
    server.once('serverError', reject);
    // A client that resets its connection is normal plant life, not a simulator failure.
    server.on('socketError', () => undefined);
    server.on('error', () => undefined);
  });
}

function isAddressInUse(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
}

/**
 * Per-request delays of the frame server named after the PLC scan times they stand for: a
 * fast path that leaves all the time to the console, a typical PLC's 20 ms scan, and a slow
 * PLC's or a remote gateway's 200 ms.
 */
export const PlcScanProfiles = {
  instant: 0,
  typical: 20,
  slow: 200,
} as const;
export type PlcScanProfile = keyof typeof PlcScanProfiles;

/** Serves the store over Modbus TCP: coils (FC 1, 5, 15) and holding registers (FC 3, 6, 16). */
export async function startModbusServer(
  store: RegisterStore,
  options: ModbusServerOptions,
): Promise<RunningModbusServer> {
  if (options.requestDelayMs !== undefined) {
    if (!(options.requestDelayMs >= 0)) throw new RangeError('requestDelayMs must be 0 or more');
    const fast = await listenFrameServer(store, {
      host: options.host,
      port: options.port,
      unitId: options.unitId,
      delayMs: options.requestDelayMs,
    });
    let closed: Promise<void> | undefined;
    return { host: options.host, port: fast.port, close: () => (closed ??= fast.close()) };
  }
  let server: ServerTCP | undefined;
  let port = options.port;
  // A port picked for us can be taken by someone else before we bind it: pick again.
  for (let attempt = 0; !server; attempt += 1) {
    port = options.port === 0 ? await freePort(options.host) : options.port;
    try {
      server = await listen(store, options, port);
    } catch (error) {
      if (options.port !== 0 || attempt >= 4 || !isAddressInUse(error)) throw error;
    }
  }
  const running = server;
  let closed: Promise<void> | undefined;
  return {
    host: options.host,
    port,
    close: () => {
      closed ??= new Promise<void>((resolve, reject) =>
        running.close((error) => (error ? reject(error) : resolve())),
      );
      return closed;
    },
  };
}
