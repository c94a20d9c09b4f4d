import { TransferState } from '@roastery/contract';
import ModbusModule from 'modbus-serial';
import { afterEach, describe, expect, it } from 'vitest';
import { ModbusExceptionCode, PlcScanProfiles } from './modbus-server.ts';
import type { Simulator, SimulatorOptions } from './simulator.ts';
import { startSimulator } from './simulator.ts';
import { decodeValue, encodeValue } from './tag-codec.ts';

// modbus-serial is CommonJS: at run time its default export is the client class itself.
const ModbusRTU = ModbusModule as unknown as typeof ModbusModule.default;
type Client = InstanceType<typeof ModbusRTU>;

const started: Simulator[] = [];
const clients: Client[] = [];

async function simulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await startSimulator(options);
  started.push(sim);
  return sim;
}

async function client(sim: Simulator): Promise<Client> {
  const connected = new ModbusRTU();
  await connected.connectTCP(sim.host, { port: sim.port });
  connected.setID(sim.plant.unitId);
  connected.setTimeout(2_000);
  clients.push(connected);
  return connected;
}

/** Polls until the condition holds; fails after `limitMs`. Never asserts on how long it took. */
async function eventually(condition: () => Promise<boolean>, limitMs = 5_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function modbusCode(request: Promise<unknown>): Promise<number | undefined> {
  try {
    await request;
  } catch (error) {
    if (error instanceof Error && 'modbusCode' in error && typeof error.modbusCode === 'number') {
      return error.modbusCode;
    }
    throw error;
  }
  return undefined;
}

afterEach(async () => {
  for (const open of clients.splice(0)) {
    // close() on a socket the server already dropped never calls back.
    if (open.isOpen) await new Promise<void>((resolve) => open.close(() => resolve()));
  }
  await Promise.all(started.splice(0).map((sim) => sim.stop()));
});

// Every behaviour holds for both Modbus servers: modbus-serial's and the fast frame server.
describe.each([
  ['library server', {}],
  ['fast path', { requestDelayMs: 0 }],
] as const)('simulator over Modbus TCP, %s', (_name, server: SimulatorOptions) => {
  const serve = (options: SimulatorOptions = {}) => simulator({ ...options, ...server });

  it('answers contiguous reads of coils and registers across device blocks', async () => {
    const sim = await serve({ clock: 'manual' });
    sim.model.setValue('GS2', 'Occupancy', 12_345.67);
    sim.model.setValue('DS1', 'Start', 1);
    sim.model.advance(1_000);
    const modbus = await client(sim);

    const registers = await modbus.readHoldingRegisters(0, 125);
    expect(registers.data).toHaveLength(125);
    const occupancy = sim.store.tag('GS2', 'Occupancy');
    const words = registers.data.slice(occupancy.address, occupancy.address + 2);
    expect(decodeValue(occupancy.data_type, occupancy.scale, words)).toBe(12_345.67);

    const coils = await modbus.readCoils(0, sim.store.coilCount);
    expect(coils.data.slice(0, sim.store.coilCount)).toEqual(
      sim.store.readCoils(0, sim.store.coilCount),
    );
    expect(coils.data[sim.store.tag('DS1', 'Running').address]).toBe(true);

    const tail = await modbus.readHoldingRegisters(sim.store.registerCount - 2, 2);
    expect(tail.data).toHaveLength(2);
  });

  it('shows a written app coil on its feedback after the echo delay', async () => {
    const sim = await serve();
    const modbus = await client(sim);
    const burner = sim.store.tag('R1', 'Burner');
    const burnerOn = sim.store.tag('R1', 'Burner On');

    await modbus.writeCoil(burner.address, true);
    expect(sim.model.getValue('R1', 'Burner')).toBe(1);
    await eventually(async () => (await modbus.readCoils(burnerOn.address, 1)).data[0] === true);
  });

  it('powers up with the values it is given, and serves them over Modbus', async () => {
    const sim = await serve({
      clock: 'manual',
      initialValues: [
        { device_id: 'GS3', label: 'Occupancy', value: 5000.25 },
        { device_id: 'R1', label: 'Batch Size', value: 400 },
        { device_id: 'NOPE', label: 'Occupancy', value: 1 },
      ],
    });
    const modbus = await client(sim);
    const level = sim.store.tag('GS3', 'Occupancy');
    // 500,025 hundredths of a lb in two registers, high word first.
    expect((await modbus.readHoldingRegisters(level.address, 2)).data).toEqual([0x0007, 0xa139]);
    expect(sim.model.getValue('R1', 'Batch Size')).toBe(400);
    // Without the demo's set-points in the list, the other roaster keeps none.
    expect(sim.model.getValue('R2', 'Batch Size')).toBe(0);
  });

  it('takes 32-bit set-points written high word first', async () => {
    const sim = await serve({ clock: 'manual' });
    const modbus = await client(sim);
    const batch = sim.store.tag('R2', 'Batch Size');
    await modbus.writeRegisters(batch.address, [0x0001, 0x1170]);
    expect(sim.model.getValue('R2', 'Batch Size')).toBe(700);
  });

  it('runs a transfer whose route, weight and start a client writes', async () => {
    const sim = await serve({ clock: 'manual' });
    sim.model.setValue('GS4', 'Occupancy', 1_000);
    const modbus = await client(sim);
    const tag = (label: string) => sim.store.tag('TC1', label);

    await modbus.writeRegister(tag('Transfer Source').address, 4);
    await modbus.writeRegister(tag('Transfer Target').address, 6);
    await modbus.writeRegisters(tag('Transfer Weight').address, encodeValue('uint32', 100, 321.5));
    await modbus.writeCoil(tag('Start').address, true);
    sim.model.advance(20_000);

    const state = await modbus.readHoldingRegisters(tag('Transfer State').address, 1);
    expect(state.data[0]).toBe(TransferState.Done);
    const moved = await modbus.readHoldingRegisters(tag('Transferred Weight').address, 2);
    expect(decodeValue('uint32', 100, moved.data)).toBe(321.5);
    expect(sim.model.getValue('GS6', 'Occupancy')).toBe(321.5);
  });

  it('answers exception 2 for addresses outside the map and for plc-owned tags', async () => {
    const sim = await serve({ clock: 'manual' });
    const modbus = await client(sim);
    const illegal = ModbusExceptionCode.IllegalDataAddress;
    const runningFeedback = sim.store.tag('PK1', 'Running');
    const start = sim.store.tag('PK1', 'Start');
    const occupancy = sim.store.tag('GS1', 'Occupancy');

    expect(await modbusCode(modbus.readHoldingRegisters(sim.store.registerCount, 1))).toBe(illegal);
    expect(await modbusCode(modbus.readHoldingRegisters(sim.store.registerCount - 1, 2))).toBe(
      illegal,
    );
    expect(await modbusCode(modbus.readCoils(sim.store.coilCount, 8))).toBe(illegal);
    expect(await modbusCode(modbus.writeCoil(runningFeedback.address, true))).toBe(illegal);
    expect(await modbusCode(modbus.writeRegisters(occupancy.address, [0, 1]))).toBe(illegal);
    expect(await modbusCode(modbus.readDiscreteInputs(0, 1))).toBe(illegal);
    expect(await modbusCode(modbus.readInputRegisters(0, 2))).toBe(illegal);

    // A request touching a refused coil writes none of its coils.
    expect(await modbusCode(modbus.writeCoils(start.address, [true, true]))).toBe(illegal);
    expect(sim.model.getValue('PK1', 'Start')).toBe(0);
    expect(sim.model.getValue('PK1', 'Running')).toBe(0);

    // More registers than one Modbus read may carry.
    expect(await modbusCode(modbus.readHoldingRegisters(0, 126))).toBe(
      ModbusExceptionCode.IllegalDataValue,
    );

    // The connection survives exceptions.
    expect((await modbus.readCoils(start.address, 2)).data.slice(0, 2)).toEqual([false, false]);
  });

  it('frees its port on stop so a new simulator can serve the same port', async () => {
    const first = await serve({ clock: 'manual' });
    const port = first.port;
    const modbus = await client(first);
    await modbus.readCoils(0, 8);

    await first.stop();
    await eventually(async () => !modbus.isOpen);

    const second = await serve({ clock: 'manual', port });
    expect(second.port).toBe(port);
    second.model.setValue('WRB3', 'Occupancy', 42);
    const again = await client(second);
    const occupancy = second.store.tag('WRB3', 'Occupancy');
    const read = await again.readHoldingRegisters(occupancy.address, 2);
    expect(decodeValue('uint32', 100, read.data)).toBe(42);
  });

  it('serves two simulators side by side on free ports', async () => {
    const [a, b] = await Promise.all([serve(), serve()]);
    expect(a?.port).not.toBe(b?.port);
  });
});

/** Time of `count` reads one after another on one connection, in ms. */
async function sequentialReads(modbus: Client, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i += 1) await modbus.readHoldingRegisters(0, 10);
  return performance.now() - started;
}

describe('the Modbus server per-request delay', () => {
  it('answers each request only after the delay of the profile', async () => {
    const sim = await simulator({ clock: 'manual', requestDelayMs: PlcScanProfiles.slow });
    const modbus = await client(sim);
    sim.model.setValue('GS1', 'Occupancy', 250);

    const started = performance.now();
    const read = await modbus.readHoldingRegisters(sim.store.tag('GS1', 'Occupancy').address, 2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(PlcScanProfiles.slow - 1);
    expect(decodeValue('uint32', 100, read.data)).toBe(250);
  });

  it('on the fast path answers a run of requests sooner than the library server', async () => {
    const library = await client(await simulator({ clock: 'manual' }));
    const fast = await client(await simulator({ clock: 'manual', requestDelayMs: 0 }));
    await sequentialReads(library, 20);
    await sequentialReads(fast, 20);

    // The library server answers each request from a timer, at least 1 ms after it arrived.
    const libraryMs = await sequentialReads(library, 300);
    const fastMs = await sequentialReads(fast, 300);
    expect(libraryMs).toBeGreaterThanOrEqual(300);
    expect(fastMs).toBeLessThan(libraryMs);
  });

  it('refuses a negative delay', async () => {
    await expect(startSimulator({ requestDelayMs: -1 })).rejects.toThrow(RangeError);
  });
});

describe('the plant clock', () => {
  it('moves with wall time until a caller takes it, then only when the caller advances it', async () => {
    const sim = await simulator({ tickMs: 10 });
    await eventually(async () => sim.model.now > 0);
    sim.takeClock();
    const held = sim.model.now;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sim.model.now).toBe(held);
    sim.model.advance(250);
    expect(sim.model.now).toBe(held + 250);
  });
});
