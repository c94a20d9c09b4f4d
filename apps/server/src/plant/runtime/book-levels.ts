import type { InitialValue } from '@roastery/simulator';
import type { PlantCatalog } from '../catalog/plant-catalog.ts';
import type { DeviceRef } from './plc-reports.ts';

/**
 * The book weight of every device with a level command, as that command's value: what the
 * simulated level sensors read when the simulator powers up.
 */
export async function bookLevels(
  catalog: PlantCatalog | undefined,
  bookWeights: () => Promise<Map<number, number>>,
  devices: () => ReadonlyMap<string, DeviceRef>,
): Promise<InitialValue[]> {
  const level = catalog?.commandFor('occupancy');
  if (!catalog || !level) return [];
  const held = await bookWeights();
  return [...devices()].flatMap(([code, { ref }]) => {
    const centi = held.get(ref);
    return centi && catalog.refOf(code, 'occupancy')
      ? [{ device_id: code, label: level.label, value: centi / 100 }]
      : [];
  });
}
