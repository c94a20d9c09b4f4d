import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { demoPlant, type PlantTag } from '@roastery/contract';
import { RegisterStore, startModbusServer } from '@roastery/simulator';
import { DriverError, type DriverEvents } from './driver.ts';
import { classifyModbusError, ModbusTcpDriver } from './modbus-tcp-driver.ts';
import { planReads } from './read-planner.ts';
import { tagKey } from './tag-map.ts';
import { startFixturePlc, type FixturePlc } from './testing/fixture-plc.ts';
import { startFrameTap, type FrameTap } from './testing/frame-tap.ts';
import { trackUnhandledRejections, waitFor } from './testing/wait-for.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fixture(options: Parameters<typeof startFixturePlc>[0] = {}): Promise<FixturePlc> {
  const plc = await startFixturePlc(options);
  cleanups.push(() => plc.stop());
  return plc;
}

function driverFor(
  port: number,
  overrides: { requestTimeoutMs?: number; maxInFlight?: number; unitId?: number } = {},
): ModbusTcpDriver {
  const driver = new ModbusTcpDriver({
    host: '127.0.0.1',
    port,
    unitId: overrides.unitId ?? 1,
    requestTimeoutMs: overrides.requestTimeoutMs ?? 2_000,
    connectTimeoutMs: 2_000,
    ...(overrides.maxInFlight === undefined ? {} : { maxInFlight: overrides.maxInFlight }),
  });
  cleanups.push(() => driver.close());
  return driver;
}

function linkLosses(driver: ModbusTcpDriver): DriverEvents['link-lost'][] {
  const losses: DriverEvents['link-lost'][] = [];
  driver.on('link-lost', (event) => losses.push(event));
  return losses;
}

async function rejection(promise: Promise<unknown>): Promise<DriverError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DriverError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('classifyModbusError', () => {
  it('tells Modbus exceptions from link errors', () => {
    const exception = classifyModbusError({ message: 'Modbus exception 2', modbusCode: 2 }, 'read');
    expect(exception).toMatchObject({ kind: 'exception', exceptionCode: 2, isLinkError: false });
    for (const code of ['ECONNRESET', 'ETIMEDOUT', 'ECONNREFUSED', 'EPIPE']) {
      const error = Object.assign(new Error(code), { code });
      expect(classifyModbusError(error, 'read')).toMatchObject({
        kind: 'link',
        code,
        isLinkError: true,
      });
    }
    // modbus-serial's own errors carry `errno`: a timed-out transaction, a port not open.
    expect(classifyModbusError({ message: 'Timed out', errno: 'ETIMEDOUT' }, 'read').code).toBe(
      'ETIMEDOUT',
    );
    expect(
      classifyModbusError({ message: 'Port Not Open', errno: 'ECONNREFUSED' }, 'read').kind,
    ).toBe('link');
    expect(classifyModbusError(new Error('Data length error'), 'read')).toMatchObject({
      kind: 'link',
      code: 'ELINK',
    });
    expect(classifyModbusError(new Error('x'), 'read the block').message).toBe('read the block: x');
  });
});

describe('ModbusTcpDriver over TCP', () => {
  it('reads coils and registers in blocks and writes them back', async () => {
    const plc = await fixture();
    plc.coils.set([1, 0, 1, 1], 3);
    plc.registers.set([10, 0xffff, 3, 4], 100);
    const driver = driverFor(plc.port);
    const connected: number[] = [];
    driver.on('connected', ({ at }) => connected.push(at));
    await driver.connect();
    expect(connected).toHaveLength(1);
    expect(await driver.readBlock('coil', 2, 6)).toEqual([0, 1, 0, 1, 1, 0]);
    expect(await driver.readBlock('holding', 100, 4)).toEqual([10, 0xffff, 3, 4]);

    await driver.write({ area: 'coil', address: 9 }, [1]);
    await driver.write({ area: 'holding', address: 200 }, [1234]);
    await driver.write({ area: 'holding', address: 300 }, [0x0001, 0x86a0]);
    expect(plc.coils[9]).toBe(1);
    expect(plc.registers[200]).toBe(1234);
    expect([...plc.registers.subarray(300, 302)]).toEqual([1, 0x86a0]);
    expect(driver.health()).toMatchObject({ connected: true, failedRequests: 0, requests: 5 });
    expect(driver.health().lastGoodReadAt).not.toBeNull();
  });

  it('answers concurrent requests correctly, one at a time', async () => {
    const plc = await fixture();
    plc.registers.set(Array.from({ length: 50 }, (_, i) => i * 3));
    const driver = driverFor(plc.port);
    await driver.connect();
    const reads = await Promise.all(
      Array.from({ length: 20 }, (_, i) => driver.readBlock('holding', i, 2)),
    );
    expect(reads).toEqual(Array.from({ length: 20 }, (_, i) => [i * 3, (i + 1) * 3]));
  });

  it('keeps the link after a Modbus exception', async () => {
    const plc = await fixture({ mapped: { holding: new Set([0, 1, 2]) } });
    const driver = driverFor(plc.port);
    const losses = linkLosses(driver);
    await driver.connect();
    const error = await rejection(driver.readBlock('holding', 0, 5));
    expect(error).toMatchObject({ kind: 'exception', exceptionCode: 2 });
    expect(error.message).toMatch(/Illegal data address/);
    expect(await driver.readBlock('holding', 0, 3)).toEqual([0, 0, 0]);
    expect(driver.health().connected).toBe(true);
    expect(losses).toEqual([]);
  });

  it('fails to connect with a link error when nothing listens', async () => {
    const plc = await fixture();
    await plc.stop();
    const driver = driverFor(plc.port);
    const error = await rejection(driver.connect());
    expect(error).toMatchObject({ kind: 'link', code: 'ECONNREFUSED' });
    expect(driver.health()).toMatchObject({ connected: false });
    expect(driver.health().lastError).toMatch(/ECONNREFUSED/);
    await expect(driver.readBlock('coil', 0, 1)).rejects.toMatchObject({ kind: 'not-connected' });
  });

  it('reports the loss of the link once and reconnects when the PLC is back', async () => {
    const unhandled = trackUnhandledRejections();
    cleanups.push(() => unhandled.dispose());
    const plc = await fixture();
    const driver = driverFor(plc.port);
    const losses = linkLosses(driver);
    await driver.connect();
    await plc.stop();
    await waitFor(() => losses.length > 0, 'the link loss');
    expect(losses).toHaveLength(1);
    expect(losses[0]?.error.kind).toBe('link');
    expect(driver.health().connected).toBe(false);
    await expect(driver.readBlock('holding', 0, 1)).rejects.toMatchObject({
      kind: 'not-connected',
    });

    await plc.restart();
    plc.registers[0] = 42;
    await driver.connect();
    expect(await driver.readBlock('holding', 0, 1)).toEqual([42]);
    expect(unhandled.errors).toEqual([]);
  });

  it('fails the request in flight at once when the PLC drops the socket', async () => {
    const sockets: Socket[] = [];
    const silent = await listenSilently(sockets);
    const driver = driverFor(silent.port, { requestTimeoutMs: 60_000 });
    const losses = linkLosses(driver);
    await driver.connect();
    const read = driver.readBlock('holding', 0, 1);
    const queued = driver.readBlock('holding', 1, 1);
    await waitFor(() => sockets.length > 0, 'the server socket');
    for (const socket of sockets) socket.destroy();
    expect(await rejection(read)).toMatchObject({ kind: 'link' });
    expect(await rejection(queued)).toMatchObject({ kind: 'link' });
    expect(losses).toHaveLength(1);
    await silent.close();
  });

  it('treats an unanswered request as a lost link', async () => {
    const silent = await listenSilently([]);
    const driver = driverFor(silent.port, { requestTimeoutMs: 200 });
    const losses = linkLosses(driver);
    await driver.connect();
    const error = await rejection(driver.readBlock('coil', 0, 8));
    expect(error).toMatchObject({ kind: 'link', code: 'ETIMEDOUT' });
    expect(losses).toHaveLength(1);
    expect(driver.health().connected).toBe(false);
    await silent.close();
  });

  it('rejects queued requests on close and can connect again', async () => {
    const plc = await fixture();
    const driver = driverFor(plc.port);
    await driver.connect();
    const reads = [
      driver.readBlock('holding', 0, 1),
      driver.readBlock('holding', 1, 1),
      driver.readBlock('holding', 2, 1),
    ];
    await driver.close();
    const outcomes = await Promise.allSettled(reads);
    const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(failures.length).toBeGreaterThanOrEqual(2);
    for (const failure of failures) expect(failure.reason).toMatchObject({ kind: 'closed' });
    await driver.connect();
    expect(await driver.readBlock('holding', 0, 1)).toEqual([0]);
  });
});

/** A TCP server that accepts connections and never answers, as a hung PLC would. */
function listenSilently(sockets: Socket[]): Promise<{ port: number; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    const server: Server = createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
    });
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** The demo plant's registers behind the simulator's frame server, answering after `delayMs`. */
async function demoPlc(delayMs: number): Promise<{ store: RegisterStore; port: number }> {
  const store = new RegisterStore(demoPlant);
  const server = await startModbusServer(store, {
    host: '127.0.0.1',
    port: 0,
    unitId: demoPlant.unitId,
    requestDelayMs: delayMs,
  });
  cleanups.push(() => server.close());
  return { store, port: server.port };
}

async function tap(port: number): Promise<FrameTap> {
  const frameTap = await startFrameTap({ host: '127.0.0.1', port });
  cleanups.push(() => frameTap.close());
  return frameTap;
}

/** The demo plant's read plan: 7 requests of coils and registers of several sizes. */
const demoPlan = planReads(demoPlant.tags.map((tag) => ({ ...tag, key: tagKey(tag) })));

function readPlan(driver: ModbusTcpDriver): Promise<number[][]> {
  return Promise.all(demoPlan.map((r) => driver.readBlock(r.area, r.start, r.count)));
}

/** A console-owned single-register command of the demo plant: the PLC accepts writes to it. */
function writableRegister(): PlantTag {
  const tag = demoPlant.tags.find(
    (candidate) =>
      candidate.area === 'holding' &&
      candidate.data_type === 'uint16' &&
      demoPlant.commands.some(
        (command) =>
          command.kind === candidate.command_kind &&
          command.id === candidate.command_id &&
          command.owner === 'app',
      ),
  );
  if (!tag) throw new Error('the demo plant has no writable register');
  return tag;
}

describe('ModbusTcpDriver with several requests in flight', () => {
  it('keeps up to maxInFlight reads outstanding, each answered with its own data', async () => {
    const plc = await demoPlc(30);
    const tag = writableRegister();
    plc.store.writeRegisters(tag.address, [4321]);
    const wire = await tap(plc.port);
    const pipelined = driverFor(wire.port, { maxInFlight: 4, unitId: demoPlant.unitId });
    const serial = driverFor(plc.port, { maxInFlight: 1, unitId: demoPlant.unitId });
    await pipelined.connect();
    await serial.connect();

    expect(demoPlan.length).toBeGreaterThan(4);
    const expected = await readPlan(serial);
    expect(await readPlan(pipelined)).toEqual(expected);
    expect(expected.flat()).toContain(4321);
    // Counted on the wire, not timed: 4 requests were sent before the first answer came back.
    expect(wire.maxOutstanding()).toBe(4);
    expect(wire.frames.filter((frame) => frame.direction === 'request')).toHaveLength(
      demoPlan.length,
    );
  });

  it('sends one request at a time with maxInFlight 1, as before', async () => {
    const plc = await demoPlc(20);
    const wire = await tap(plc.port);
    const driver = driverFor(wire.port, { maxInFlight: 1, unitId: demoPlant.unitId });
    await driver.connect();
    const values = await readPlan(driver);
    expect(values.map((block) => block.length)).toEqual(demoPlan.map((r) => r.count));
    expect(wire.maxOutstanding()).toBe(1);
    expect(wire.frames.map((frame) => frame.direction)).toEqual(
      demoPlan.flatMap(() => ['request', 'reply']),
    );
  });

  it('matches each reply to its request by transaction id when replies come back reversed', async () => {
    const plc = await listenReversing(4);
    const driver = driverFor(plc.port, { maxInFlight: 4 });
    await driver.connect();
    const requests = [
      { area: 'holding', start: 100, count: 3 },
      { area: 'coil', start: 7, count: 5 },
      { area: 'holding', start: 200, count: 1 },
      { area: 'coil', start: 40, count: 12 },
      { area: 'holding', start: 300, count: 2 },
      { area: 'holding', start: 400, count: 2 },
      { area: 'coil', start: 3, count: 2 },
      { area: 'holding', start: 500, count: 4 },
    ] as const;
    const values = await Promise.all(
      requests.map((r) => driver.readBlock(r.area, r.start, r.count)),
    );
    expect(values).toEqual(requests.map((r) => reversingServerValues(r.area, r.start, r.count)));
    expect(plc.answeredOutOfOrder()).toBeGreaterThan(0);
    expect(driver.health()).toMatchObject({ connected: true, failedRequests: 0 });
  });

  it('sends a write after every earlier request is answered and before any later one', async () => {
    const plc = await demoPlc(20);
    const tag = writableRegister();
    plc.store.writeRegisters(tag.address, [5]);
    const wire = await tap(plc.port);
    const driver = driverFor(wire.port, { maxInFlight: 4, unitId: demoPlant.unitId });
    await driver.connect();
    const read = () => driver.readBlock('holding', tag.address, 1);
    const write = (value: number) => driver.write(tag, [value]);
    const results = await Promise.all([
      read(),
      read(),
      write(11),
      read(),
      read(),
      write(22),
      write(33),
      read(),
    ]);
    expect(results).toEqual([[5], [5], undefined, [11], [11], undefined, undefined, [33]]);
    expect(plc.store.readRegisters(tag.address, 1)).toEqual([33]);

    const WRITE_SINGLE_REGISTER = 6;
    const requests = wire.frames.filter((frame) => frame.direction === 'request');
    expect(requests.map((frame) => frame.functionCode)).toEqual([3, 3, 6, 3, 3, 6, 6, 3]);
    // Reads overlapped, but every write went out alone and was answered before the next request.
    expect(wire.maxOutstanding()).toBe(2);
    wire.frames.forEach((frame, index) => {
      if (frame.direction !== 'request' || frame.functionCode !== WRITE_SINGLE_REGISTER) return;
      expect(frame.outstanding).toBe(1);
      expect(wire.frames[index + 1]).toMatchObject({
        direction: 'reply',
        transactionId: frame.transactionId,
      });
    });
  });
});

/** What the reversing server holds at an address: registers their address, coils its parity. */
function reversingServerValues(area: 'coil' | 'holding', start: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => (area === 'coil' ? (start + i) % 2 : start + i));
}

/**
 * A Modbus TCP server that holds requests until `batch` of them have arrived on a connection,
 * then answers them last first: a server handling transactions side by side, whose answers
 * come back in any order.
 */
async function listenReversing(
  batch: number,
): Promise<{ port: number; answeredOutOfOrder: () => number }> {
  let reversed = 0;
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    let pending: Buffer = Buffer.alloc(0);
    let held: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 7 && pending.length >= 6 + pending.readUInt16BE(4)) {
        const size = 6 + pending.readUInt16BE(4);
        held.push(pending.subarray(0, size));
        pending = pending.subarray(size);
      }
      if (held.length < batch) return;
      const answers = held.reverse();
      held = [];
      reversed += answers.length - 1;
      for (const frame of answers) socket.write(reversingAnswer(frame));
    });
  });
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const address = server.address();
  cleanups.push(
    () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  );
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    answeredOutOfOrder: () => reversed,
  };
}

function reversingAnswer(request: Buffer): Buffer {
  const functionCode = request.readUInt8(7);
  const start = request.readUInt16BE(8);
  const count = request.readUInt16BE(10);
  const values = reversingServerValues(functionCode === 1 ? 'coil' : 'holding', start, count);
  const data =
    functionCode === 1
      ? Buffer.from(
          Array.from({ length: Math.ceil(count / 8) }, (_, byte) =>
            values.slice(byte * 8, byte * 8 + 8).reduce((bits, bit, i) => bits | (bit << i), 0),
          ),
        )
      : Buffer.from(values.flatMap((value) => [value >> 8, value & 0xff]));
  const pdu = Buffer.concat([Buffer.from([functionCode, data.length]), data]);
  const header = Buffer.alloc(7);
  request.copy(header, 0, 0, 4);
  header.writeUInt16BE(pdu.length + 1, 4);
  header.writeUInt8(request.readUInt8(6), 6);
  return Buffer.concat([header, pdu]);
}
