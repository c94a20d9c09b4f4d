import { demoPlant, type PlantDefinition, type PlantTag } from '@roastery/contract';

/** The demo plant's address stride: every device owns this many coils and registers. */
const BLOCK = 32;

/**
 * A plant of `count` devices made of copies of the demo plant's real devices, each copy in its
 * own blocks further up the address map, so its shape (gaps, 32-bit values) is the demo's.
 */
export function generatedPlant(count: number): PlantDefinition {
  const real = demoPlant.devices.filter((device) => !device.virtual);
  const devices = Array.from({ length: count }, (_, index) => {
    const source = real[index % real.length]!;
    const copy = Math.floor(index / real.length);
    return { source, copy, device: { ...source, device_id: `${source.device_id}-${copy + 1}` } };
  });
  const shift = real.length * BLOCK;
  const tags = devices.flatMap(({ source, copy, device }) =>
    demoPlant.tags
      .filter((tag) => tag.device_id === source.device_id)
      .map((tag): PlantTag => ({
        ...tag,
        device_id: device.device_id,
        address: tag.address + copy * shift,
      })),
  );
  return { ...demoPlant, devices: devices.map(({ device }) => device), tags };
}

/** The demo plant for 0 devices, else a generated plant of that many. */
export function benchPlant(devices: number): PlantDefinition {
  return devices === 0 ? demoPlant : generatedPlant(devices);
}
