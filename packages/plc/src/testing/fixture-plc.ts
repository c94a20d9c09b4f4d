import { ServerTCP, type IServiceVector } from 'modbus-serial';
import type { TagArea } from '@roastery/contract';
import { freePort } from './free-port.ts';

/** Copies one address to another after a delay, as a PLC program echoing a command would. */
export interface FixtureEcho {
  area: TagArea;
  from: number;
  to: number;
  /** Words copied (2 for a 32-bit value). */
  width?: number;
  delayMs: number;
}

export interface FixturePlcOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Addresses that exist; reading or writing outside them answers "illegal data address". */
  mapped?: { coil?: ReadonlySet<number>; holding?: ReadonlySet<number> };
  echoes?: readonly FixtureEcho[];
}

export interface FixturePlc {
  readonly host: string;
  readonly port: number;
  readonly coils: Uint8Array;
  readonly registers: Uint16Array;
  /** Stops serving and drops every client connection, as a PLC losing power would. */
  stop(): Promise<void>;
  /** Serves again on the same port with the same memory, as a PLC coming back would. */
  restart(): Promise<void>;
}

const ILLEGAL_DATA_ADDRESS = { modbusErrorCode: 2, msg: 'Illegal data address' };

function listen(vector: IServiceVector, host: string, port: number): Promise<ServerTCP> {
  return new Promise((resolve, reject) => {
    const server = new ServerTCP(vector, { host, port, unitID: 255 });
    server.once('serverError', reject);
    // A client dropping its socket is routine in these tests, not a failure of the fixture.
    server.on('socketError', () => undefined);
    server.on('error', () => undefined);
    server.once('initialized', () => resolve(server));
  });
}

/**
 * A small Modbus TCP PLC for the driver's tests: memory in two arrays, optional holes that
 * answer exception 2, optional echoes from command to feedback addresses.
 */
export async function startFixturePlc(options: FixturePlcOptions = {}): Promise<FixturePlc> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort(host));
  const coils = new Uint8Array(0x1_0000);
  const registers = new Uint16Array(0x1_0000);
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const check = (area: TagArea, address: number) => {
    const mapped = options.mapped?.[area];
    if (mapped && !mapped.has(address)) throw ILLEGAL_DATA_ADDRESS;
  };
  const echo = (area: TagArea, address: number) => {
    for (const rule of options.echoes ?? []) {
      const width = rule.width ?? 1;
      if (rule.area !== area || address < rule.from || address >= rule.from + width) continue;
      const timer = setTimeout(() => {
        timers.delete(timer);
        const memory = area === 'coil' ? coils : registers;
        memory.copyWithin(rule.to, rule.from, rule.from + width);
      }, rule.delayMs);
      timers.add(timer);
    }
  };

  const vector: IServiceVector = {
    getCoil: (address: number) => {
      check('coil', address);
      return coils[address] === 1;
    },
    getMultipleHoldingRegisters: (address: number, length: number) => {
      const values: number[] = [];
      for (let offset = 0; offset < length; offset += 1) {
        check('holding', address + offset);
        values.push(registers[address + offset] ?? 0);
      }
      return values;
    },
    getHoldingRegister: (address: number) => {
      check('holding', address);
      return registers[address] ?? 0;
    },
    setCoil: (address: number, value: boolean) => {
      check('coil', address);
      coils[address] = value ? 1 : 0;
      echo('coil', address);
    },
    setRegister: (address: number, value: number) => {
      check('holding', address);
      registers[address] = value;
      echo('holding', address);
    },
  };

  let server: ServerTCP | undefined = await listen(vector, host, port);
  const close = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      if (!current) return resolve();
      current.close(() => resolve());
    });

  return {
    host,
    port,
    coils,
    registers,
    stop: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await close();
    },
    restart: async () => {
      await close();
      server = await listen(vector, host, port);
    },
  };
}
