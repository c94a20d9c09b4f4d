import type { RegisterStore } from './register-store.ts';

/** One device's tags by label, as its PLC program reads and writes them. */
export interface DeviceRegisters {
  has(label: string): boolean;
  on(label: string): boolean;
  read(label: string): number;
  /** Written by the plant itself, so an app command's echo never fires from it. */
  write(label: string, value: number): void;
}

export function deviceRegisters(store: RegisterStore, deviceId: string): DeviceRegisters {
  return {
    has: (label) => store.has(deviceId, label),
    on: (label) => store.isOn(deviceId, label),
    read: (label) => store.get(deviceId, label),
    write: (label, value) => store.set(deviceId, label, value, 'plant'),
  };
}
