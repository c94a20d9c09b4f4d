import { describe, expect, it } from 'vitest';
import type { PlcDriver } from './driver.ts';
import { createDriverRegistry, DriverRegistry } from './driver-registry.ts';
import { ModbusTcpDriver } from './modbus-tcp-driver.ts';

const options = {
  host: '127.0.0.1',
  port: 502,
  unitId: 1,
  requestTimeoutMs: 1_000,
  connectTimeoutMs: 1_000,
};

describe('DriverRegistry', () => {
  it('ships the Modbus TCP driver', () => {
    const registry = createDriverRegistry();
    expect(registry.protocols()).toEqual(['modbus-tcp']);
    expect(registry.create('modbus-tcp', options)).toBeInstanceOf(ModbusTcpDriver);
  });

  it('creates drivers of a registered protocol with the given options', () => {
    const seen: unknown[] = [];
    const fake = { protocol: 'fake' } as unknown as PlcDriver;
    const registry = new DriverRegistry().register('fake', (given) => {
      seen.push(given);
      return fake;
    });
    expect(registry.has('fake')).toBe(true);
    expect(registry.create('fake', options)).toBe(fake);
    expect(seen).toEqual([options]);
  });

  it('refuses a protocol twice and names the known ones for an unknown one', () => {
    const registry = createDriverRegistry();
    expect(() => registry.register('modbus-tcp', () => new ModbusTcpDriver(options))).toThrow(
      /already registered/,
    );
    expect(() => registry.create('s7', options)).toThrow(
      "No driver for protocol 's7' (registered: modbus-tcp)",
    );
  });
});
