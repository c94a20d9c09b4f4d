import { describe, expect, it } from 'vitest';
import type { TagDataType } from '@roastery/contract';
import { decodeTag, encodeTag, sameTagValue, TagValueError, tagWidth } from './tag-codec.ts';
import { seededRandom } from './testing/seeded-random.ts';

const holding = (data_type: TagDataType, scale = 1) => ({
  area: 'holding' as const,
  data_type,
  scale,
});
const coil = { area: 'coil' as const, data_type: 'bool' as const, scale: 1 };

describe('tag codec', () => {
  it('gives 32-bit types two registers and the others one', () => {
    expect(tagWidth({ data_type: 'bool' })).toBe(1);
    expect(tagWidth({ data_type: 'uint16' })).toBe(1);
    expect(tagWidth({ data_type: 'int16' })).toBe(1);
    expect(tagWidth({ data_type: 'uint32' })).toBe(2);
    expect(tagWidth({ data_type: 'int32' })).toBe(2);
  });

  it('decodes coils and bool registers to 0 or 1', () => {
    expect(decodeTag(coil, [1])).toBe(1);
    expect(decodeTag(coil, [0])).toBe(0);
    expect(decodeTag(holding('bool'), [7])).toBe(1);
  });

  it('decodes int16 with its sign and applies the scale', () => {
    expect(decodeTag(holding('int16'), [0xffff])).toBe(-1);
    expect(decodeTag(holding('int16'), [0x8000])).toBe(-32768);
    expect(decodeTag(holding('int16', 10), [0xfc18])).toBe(-100);
    expect(decodeTag(holding('uint16', 100), [0xffff])).toBe(655.35);
  });

  it('decodes 32-bit values high word first', () => {
    expect(decodeTag(holding('uint32'), [0x0001, 0x0002])).toBe(65538);
    expect(decodeTag(holding('uint32', 100), [0x0001, 0x86a0])).toBe(1000);
    expect(decodeTag(holding('int32'), [0xffff, 0xfffe])).toBe(-2);
    expect(decodeTag(holding('int32'), [0x8000, 0x0000])).toBe(-2147483648);
    expect(decodeTag(holding('uint32'), [9, 0x0001, 0x0002], 1)).toBe(65538);
  });

  it('refuses to decode past the end of a block', () => {
    expect(() => decodeTag(holding('uint32'), [1])).toThrow(RangeError);
    expect(() => decodeTag(holding('uint16'), [], 0)).toThrow(RangeError);
  });

  it('encodes engineering values to raw words', () => {
    expect(encodeTag(coil, true)).toEqual([1]);
    expect(encodeTag(coil, 0)).toEqual([0]);
    expect(encodeTag(holding('int16'), -1)).toEqual([0xffff]);
    expect(encodeTag(holding('uint16', 100), 12.34)).toEqual([1234]);
    expect(encodeTag(holding('uint32', 100), 20000)).toEqual([0x001e, 0x8480]);
    expect(encodeTag(holding('int32'), -2)).toEqual([0xffff, 0xfffe]);
  });

  it('rounds to the resolution of the scale', () => {
    expect(encodeTag(holding('uint16', 100), 0.29)).toEqual([29]);
    expect(encodeTag(holding('int16', 10), -0.04)).toEqual([0]);
  });

  it.each([
    ['uint16', 65536],
    ['uint16', -1],
    ['int16', 32768],
    ['int16', -32769],
    ['uint32', 4294967296],
    ['uint32', -1],
    ['int32', 2147483648],
    ['int32', -2147483649],
  ] as const)('refuses %s %d instead of wrapping it', (type, value) => {
    expect(() => encodeTag(holding(type), value)).toThrow(TagValueError);
  });

  it('checks the range after scaling', () => {
    expect(() => encodeTag(holding('uint16', 100), 700)).toThrow(
      /out of range for uint16 with scale 100 \(0\.\.655\.35\)/,
    );
  });

  it('refuses non-numbers and non-binary values for coils', () => {
    expect(() => encodeTag(holding('uint16'), Number.NaN)).toThrow(TagValueError);
    expect(() => encodeTag(holding('uint16'), Number.POSITIVE_INFINITY)).toThrow(TagValueError);
    expect(() => encodeTag(holding('uint16'), true)).toThrow(TagValueError);
    expect(() => encodeTag(coil, 2)).toThrow(/0 or 1/);
  });

  it('round-trips random values of every type', () => {
    const random = seededRandom(7);
    const cases: [TagDataType, number, number][] = [
      ['uint16', 0, 0xffff],
      ['int16', -0x8000, 0x7fff],
      ['uint32', 0, 0xffff_ffff],
      ['int32', -0x8000_0000, 0x7fff_ffff],
    ];
    for (const [type, min, max] of cases) {
      for (const scale of [1, 10, 100]) {
        const tag = holding(type, scale);
        for (let i = 0; i < 200; i += 1) {
          const raw = min + Math.floor(random() * (max - min + 1));
          const value = raw / scale;
          const words = encodeTag(tag, value);
          expect(words.every((word) => Number.isInteger(word) && word >= 0 && word <= 0xffff)).toBe(
            true,
          );
          expect(decodeTag(tag, words)).toBe(value);
        }
      }
    }
  });

  it('compares values at the resolution of the tag', () => {
    expect(sameTagValue(holding('uint16', 100), 12.3, 12.300000001)).toBe(true);
    expect(sameTagValue(holding('uint16', 100), 12.3, 12.31)).toBe(false);
    expect(sameTagValue(coil, 1, 1)).toBe(true);
    expect(sameTagValue(coil, 0, 1)).toBe(false);
  });
});
