import type { TagDataType } from '@roastery/contract';

/** How many 16-bit registers a value of this type takes (coils count as one). */
export function registerWidth(dataType: TagDataType): 1 | 2 {
  return dataType === 'uint32' || dataType === 'int32' ? 2 : 1;
}

const rawRange: Record<TagDataType, readonly [number, number]> = {
  bool: [0, 1],
  uint16: [0, 0xffff],
  int16: [-0x8000, 0x7fff],
  uint32: [0, 0xffff_ffff],
  int32: [-0x8000_0000, 0x7fff_ffff],
};

/**
 * Engineering value -> register words (high word first for 32-bit values). Out-of-range values
 * throw rather than wrap: a silo reading a wrapped occupancy would be worse than a loud failure.
 */
export function encodeValue(dataType: TagDataType, scale: number, value: number): number[] {
  const raw = Math.round(value * scale);
  const [min, max] = rawRange[dataType];
  if (!Number.isFinite(raw) || raw < min || raw > max) {
    throw new RangeError(`${value} does not fit ${dataType} with scale ${scale}`);
  }
  switch (dataType) {
    case 'bool':
    case 'uint16':
      return [raw];
    case 'int16':
      return [raw & 0xffff];
    case 'uint32':
    case 'int32': {
      const unsigned = raw >>> 0;
      return [unsigned >>> 16, unsigned & 0xffff];
    }
  }
}

/** Register words -> engineering value. */
export function decodeValue(
  dataType: TagDataType,
  scale: number,
  words: readonly number[],
): number {
  const high = words[0] ?? 0;
  const low = words[1] ?? 0;
  let raw: number;
  switch (dataType) {
    case 'bool':
      raw = high === 0 ? 0 : 1;
      break;
    case 'uint16':
      raw = high;
      break;
    case 'int16':
      raw = high >= 0x8000 ? high - 0x10000 : high;
      break;
    case 'uint32':
      raw = high * 0x10000 + low;
      break;
    case 'int32':
      raw = ((high << 16) | low) >> 0;
      break;
  }
  return raw / scale;
}
