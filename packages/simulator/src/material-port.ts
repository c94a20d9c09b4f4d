import type { RegisterStore } from './register-store.ts';

/**
 * Where beans can be taken from or put into. Quantities are integer hundredths of a lb, so a
 * transfer takes from one side exactly what it puts into the other.
 */
export interface MaterialPort {
  available(): number;
  room(): number;
  take(centiLbs: number): void;
  put(centiLbs: number): void;
}

export function toCentiLbs(lbs: number): number {
  return Math.round(lbs * 100);
}

export function fromCentiLbs(centiLbs: number): number {
  return centiLbs / 100;
}

export interface RegisterPortOptions {
  /** Without a capacity the register only bounds the content at what its data type holds. */
  capacityLbs?: number;
  /** A dump station's scale is filled by people, not by a flow path. */
  receives: boolean;
}

/** Beans held in a weight register: a silo's 'Occupancy', a dump station's 'Scale Weight'. */
export function registerPort(
  store: RegisterStore,
  deviceId: string,
  label: string,
  options: RegisterPortOptions,
): MaterialPort {
  const held = () => toCentiLbs(store.get(deviceId, label));
  const write = (centiLbs: number) => store.set(deviceId, label, fromCentiLbs(centiLbs), 'plant');
  return {
    available: held,
    room: () => {
      if (!options.receives) return 0;
      if (options.capacityLbs === undefined) return Number.MAX_SAFE_INTEGER;
      return Math.max(0, toCentiLbs(options.capacityLbs) - held());
    },
    take: (centiLbs) => write(held() - centiLbs),
    put: (centiLbs) => write(held() + centiLbs),
  };
}
