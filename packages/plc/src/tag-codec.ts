import type { PlantTag, TagDataType } from '@roastery/contract';

/** The part of a tag the codec needs. */
export type CodecTag = Pick<PlantTag, 'area' | 'data_type' | 'scale'>;

/** A value that cannot be written to a tag: out of range for its data type, or not a number. */
export class TagValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TagValueError';
  }
}

interface IntegerRange {
  min: number;
  max: number;
}

const RANGES: Record<Exclude<TagDataType, 'bool'>, IntegerRange> = {
  uint16: { min: 0, max: 0xffff },
  int16: { min: -0x8000, max: 0x7fff },
  uint32: { min: 0, max: 0xffff_ffff },
  int32: { min: -0x8000_0000, max: 0x7fff_ffff },
};

const WORD = 0x1_0000;
const DWORD = 0x1_0000_0000;

/** Registers (or coils) a tag occupies: 32-bit types take two registers, high word first. */
export function tagWidth(tag: Pick<PlantTag, 'data_type'>): number {
  return tag.data_type === 'uint32' || tag.data_type === 'int32' ? 2 : 1;
}

/**
 * Raw words (or 0/1 coil bits) -> engineering value (raw / scale). Binary values decode to 0
 * or 1 whatever the scale: a coil has no engineering unit.
 */
export function decodeTag(tag: CodecTag, raw: readonly number[], offset = 0): number {
  const first = raw[offset];
  if (first === undefined) {
    throw new RangeError(`No raw data at offset ${offset} (block of ${raw.length})`);
  }
  if (tag.area === 'coil' || tag.data_type === 'bool') return first === 0 ? 0 : 1;
  switch (tag.data_type) {
    case 'uint16':
      return first / tag.scale;
    case 'int16':
      return (first >= 0x8000 ? first - WORD : first) / tag.scale;
    case 'uint32':
    case 'int32': {
      const low = raw[offset + 1];
      if (low === undefined) {
        throw new RangeError(`A 32-bit tag needs two registers at offset ${offset}`);
      }
      const unsigned = first * WORD + low;
      const value =
        tag.data_type === 'int32' && unsigned >= 0x8000_0000 ? unsigned - DWORD : unsigned;
      return value / tag.scale;
    }
  }
}

/** The integer the PLC holds for an engineering value (rounded to the tag's resolution). */
function toRawInteger(tag: CodecTag, value: number): number {
  // Math.round turns -0.4 into -0; normalise so that encoding is stable.
  return Math.round(value * tag.scale) + 0;
}

/**
 * Engineering value -> raw words (or one 0/1 coil bit). Values are rounded to the tag's
 * resolution (1 / scale); a value outside the data type's range is refused, never wrapped,
 * because a wrapped set-point (70000 lbs becoming 4464) is worse than a refused one.
 */
export function encodeTag(tag: CodecTag, value: number | boolean): number[] {
  if (tag.area === 'coil' || tag.data_type === 'bool') {
    if (value === true || value === 1) return [1];
    if (value === false || value === 0) return [0];
    throw new TagValueError(`A binary tag takes 0 or 1 (or true/false), got ${String(value)}`);
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TagValueError(`A ${tag.data_type} tag takes a finite number, got ${String(value)}`);
  }
  const raw = toRawInteger(tag, value);
  const range = RANGES[tag.data_type];
  if (raw < range.min || raw > range.max) {
    throw new TagValueError(
      `${value} is out of range for ${tag.data_type} with scale ${tag.scale}` +
        ` (${range.min / tag.scale}..${range.max / tag.scale})`,
    );
  }
  if (tagWidth(tag) === 1) return [raw < 0 ? raw + WORD : raw];
  const unsigned = raw < 0 ? raw + DWORD : raw;
  return [Math.floor(unsigned / WORD), unsigned % WORD];
}

/**
 * True when two engineering values are the same at the tag's resolution, so that 12.3 written
 * and 12.299999 read back count as equal.
 */
export function sameTagValue(tag: CodecTag, a: number, b: number): boolean {
  if (tag.area === 'coil' || tag.data_type === 'bool') return (a !== 0) === (b !== 0);
  return toRawInteger(tag, a) === toRawInteger(tag, b);
}
