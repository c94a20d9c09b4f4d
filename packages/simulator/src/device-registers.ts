import type { RegisterStore } from './register-store.ts';

/** One device's tags by label, as its PLC program reads and writes them. */
export interface DeviceRegisters {
  has(label: string): boolean;
  on(label: string): boolean;
  read(label: string): number;
  /** Written by the plant itself, so an app command's echo never fires from it. */
  write(label: string, value: number): void;
}

/**
 * A device's registers for its process. The console may change a device's tags while the plant
 * runs: a register the device no longer has reads 0 and takes no write, as a PLC program's
 * unmapped variable would, instead of stopping the whole plant's clock on every tick.
 */
export function deviceRegisters(store: RegisterStore, deviceId: string): DeviceRegisters {
  const has = (label: string) => store.has(deviceId, label);
  return {
    has,
    on: (label) => has(label) && store.isOn(deviceId, label),
    read: (label) => (has(label) ? store.get(deviceId, label) : 0),
    write: (label, value) => {
      if (has(label)) store.set(deviceId, label, value, 'plant');
    },
  };
}
