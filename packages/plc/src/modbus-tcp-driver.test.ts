import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DriverError, type DriverEvents } from './driver.ts';
import { classifyModbusError, ModbusTcpDriver } from './modbus-tcp-driver.ts';
import { startFixturePlc, type FixturePlc } from './testing/fixture-plc.ts';
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

function driverFor(port: number, overrides: { requestTimeoutMs?: number } = {}): ModbusTcpDriver {
  const driver = new ModbusTcpDriver({
    host: '127.0.0.1',
    port,
    unitId: 1,
    requestTimeoutMs: overrides.requestTimeoutMs ?? 2_000,
    connectTimeoutMs: 2_000,
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
