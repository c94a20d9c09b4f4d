import { createServer, type Server, type Socket } from 'node:net';
import { AddressError, type RegisterStore } from './register-store.ts';

/**
 * A Modbus TCP server of its own, for the simulator's fast path and its PLC scan-time profiles.
 * modbus-serial's ServerTCP answers every request from a setTimeout(0), which caps one
 * connection near 750 requests/s on a loaded machine, so a benchmark of the console's scanner
 * would measure the simulator. This one answers in the turn the request arrived in, or exactly
 * `delayMs` later, as a PLC answers at the end of its scan. Requests of one connection are
 * answered in order, as a PLC's single communication task does.
 */

const MBAP_LENGTH = 7;

const FunctionCode = {
  ReadCoils: 1,
  ReadDiscreteInputs: 2,
  ReadHoldingRegisters: 3,
  ReadInputRegisters: 4,
  WriteSingleCoil: 5,
  WriteSingleRegister: 6,
  WriteMultipleCoils: 15,
  WriteMultipleRegisters: 16,
} as const;

const Exception = {
  IllegalFunction: 1,
  IllegalDataAddress: 2,
  IllegalDataValue: 3,
  DeviceFailure: 4,
} as const;

/** Quantity limits of the Modbus application protocol, per function. */
const MAX_READ_COILS = 2000;
const MAX_READ_REGISTERS = 125;
const MAX_WRITE_COILS = 1968;
const MAX_WRITE_REGISTERS = 123;

class ModbusFault extends Error {
  readonly code: number;

  constructor(code: number) {
    super(`modbus exception ${code}`);
    this.code = code;
  }
}

function checkQuantity(count: number, max: number): void {
  if (count < 1 || count > max) throw new ModbusFault(Exception.IllegalDataValue);
}

function packBits(bits: readonly boolean[]): Buffer {
  const bytes = Buffer.alloc(Math.ceil(bits.length / 8));
  bits.forEach((bit, index) => {
    if (bit) bytes.writeUInt8(bytes.readUInt8(index >> 3) | (1 << (index & 7)), index >> 3);
  });
  return bytes;
}

/** The response PDU to one request PDU; throws ModbusFault for an exception response. */
function answer(store: RegisterStore, pdu: Buffer): Buffer {
  if (pdu.length < 5) throw new ModbusFault(Exception.IllegalDataValue);
  const code = pdu.readUInt8(0);
  const address = pdu.readUInt16BE(1);
  const word = pdu.readUInt16BE(3);
  switch (code) {
    case FunctionCode.ReadCoils: {
      checkQuantity(word, MAX_READ_COILS);
      const bits = packBits(store.readCoils(address, word));
      return Buffer.concat([Buffer.from([code, bits.length]), bits]);
    }
    case FunctionCode.ReadHoldingRegisters: {
      checkQuantity(word, MAX_READ_REGISTERS);
      const values = store.readRegisters(address, word);
      const out = Buffer.alloc(2 + values.length * 2);
      out[0] = code;
      out[1] = values.length * 2;
      values.forEach((value, index) => out.writeUInt16BE(value, 2 + index * 2));
      return out;
    }
    case FunctionCode.ReadDiscreteInputs:
    case FunctionCode.ReadInputRegisters:
      // The simulated PLC keeps everything in coils and holding registers.
      throw new ModbusFault(Exception.IllegalDataAddress);
    case FunctionCode.WriteSingleCoil: {
      if (word !== 0xff00 && word !== 0x0000) throw new ModbusFault(Exception.IllegalDataValue);
      store.writeCoils(address, [word === 0xff00]);
      return Buffer.from(pdu.subarray(0, 5));
    }
    case FunctionCode.WriteSingleRegister:
      store.writeRegisters(address, [word]);
      return Buffer.from(pdu.subarray(0, 5));
    case FunctionCode.WriteMultipleCoils: {
      checkQuantity(word, MAX_WRITE_COILS);
      const byteCount = pdu[5] ?? 0;
      if (byteCount !== Math.ceil(word / 8) || pdu.length < 6 + byteCount) {
        throw new ModbusFault(Exception.IllegalDataValue);
      }
      const bits = Array.from(
        { length: word },
        (_, i) => ((pdu.readUInt8(6 + (i >> 3)) >> (i & 7)) & 1) === 1,
      );
      store.writeCoils(address, bits);
      return Buffer.from(pdu.subarray(0, 5));
    }
    case FunctionCode.WriteMultipleRegisters: {
      checkQuantity(word, MAX_WRITE_REGISTERS);
      const byteCount = pdu[5] ?? 0;
      if (byteCount !== word * 2 || pdu.length < 6 + byteCount) {
        throw new ModbusFault(Exception.IllegalDataValue);
      }
      const words = Array.from({ length: word }, (_, i) => pdu.readUInt16BE(6 + i * 2));
      store.writeRegisters(address, words);
      return Buffer.from(pdu.subarray(0, 5));
    }
    default:
      throw new ModbusFault(Exception.IllegalFunction);
  }
}

function respond(store: RegisterStore, pdu: Buffer): Buffer {
  try {
    return answer(store, pdu);
  } catch (error) {
    // Anything else is the simulator's own failure: a PLC reports it and stays up.
    const code =
      error instanceof ModbusFault
        ? error.code
        : error instanceof AddressError
          ? Exception.IllegalDataAddress
          : Exception.DeviceFailure;
    return Buffer.from([(pdu[0] ?? 0) | 0x80, code]);
  }
}

export interface FrameServerOptions {
  host: string;
  port: number;
  unitId: number;
  /** Time from a request's arrival to its answer; 0 answers in the same turn. */
  delayMs: number;
}

/** Serves one connection: splits the byte stream into MBAP frames and answers each. */
function serve(socket: Socket, store: RegisterStore, options: FrameServerOptions): void {
  let pending = Buffer.alloc(0);
  socket.setNoDelay(true);
  socket.on('error', () => undefined);
  socket.on('data', (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= MBAP_LENGTH) {
      const length = pending.readUInt16BE(4);
      if (pending.length < 6 + length) break;
      const frame = pending.subarray(0, 6 + length);
      pending = pending.subarray(6 + length);
      // Other unit ids go unanswered, as behind a real gateway.
      const unit = frame.readUInt8(6);
      if (length < 2 || unit !== options.unitId) continue;
      const reply = () => {
        const pdu = respond(store, frame.subarray(MBAP_LENGTH));
        const header = Buffer.alloc(MBAP_LENGTH);
        frame.copy(header, 0, 0, 4);
        header.writeUInt16BE(pdu.length + 1, 4);
        header[6] = unit;
        if (!socket.destroyed) socket.write(Buffer.concat([header, pdu]));
      };
      if (options.delayMs > 0) setTimeout(reply, options.delayMs);
      else reply();
    }
  });
}

/** Listens for Modbus TCP clients; resolves with the server once it is bound. */
export function listenFrameServer(
  store: RegisterStore,
  options: FrameServerOptions,
): Promise<{ server: Server; port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    serve(socket, store, options);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host }, () => {
      server.off('error', reject);
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      const close = () =>
        new Promise<void>((done, fail) => {
          for (const socket of sockets) socket.destroy();
          server.close((error) => (error ? fail(error) : done()));
        });
      resolve({ server, port, close });
    });
  });
}
