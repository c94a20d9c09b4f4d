import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import { toCenti } from '../inventory/weights.ts';
import type { DumpRow } from './dump-repository.ts';

/** A silo's level as the PLC weighs it, in hundredths; null when it has not reported. */
export function siloLevel(runtime: PlantRuntime, deviceCode: string): number | null {
  const lbs = runtime.reading(deviceCode, 'occupancy');
  return lbs === null ? null : toCenti(lbs);
}

/** Level now minus level at the start, within 0 and the dump's weight. */
export function movedInto(runtime: PlantRuntime, r: DumpRow): number | null {
  const start = r.dump.levelAtStartCenti;
  const now = siloLevel(runtime, r.deviceCode);
  if (start === null || now === null) return null;
  return Math.min(r.dump.centiLbs, Math.max(0, now - start));
}
