import type { DriverOptions, PlcDriver } from './driver.ts';
import { ModbusTcpDriver } from './modbus-tcp-driver.ts';

export type DriverFactory = (options: DriverOptions) => PlcDriver;

/**
 * Protocol name -> driver factory. The gateway asks the registry for a driver by the protocol
 * named in its configuration, so adding a protocol is one `register` call, not another branch
 * in the gateway.
 */
export class DriverRegistry {
  readonly #factories = new Map<string, DriverFactory>();

  register(protocol: string, factory: DriverFactory): this {
    if (this.#factories.has(protocol)) {
      throw new Error(`A driver for protocol '${protocol}' is already registered`);
    }
    this.#factories.set(protocol, factory);
    return this;
  }

  has(protocol: string): boolean {
    return this.#factories.has(protocol);
  }

  protocols(): string[] {
    return [...this.#factories.keys()];
  }

  create(protocol: string, options: DriverOptions): PlcDriver {
    const factory = this.#factories.get(protocol);
    if (!factory) {
      const known = this.protocols().join(', ') || 'none';
      throw new Error(`No driver for protocol '${protocol}' (registered: ${known})`);
    }
    return factory(options);
  }
}

/** A registry with every protocol this package ships. */
export function createDriverRegistry(): DriverRegistry {
  return new DriverRegistry().register('modbus-tcp', (options) => new ModbusTcpDriver(options));
}
