import { describe, expect, it } from 'vitest';
import { defaultLotNumber, nextLotNumber } from './default-lot-number.ts';

describe('dump lot numbers', () => {
  const at = new Date(2026, 10, 24, 3, 6, 26);

  it("is 'DMP-' and the time as MMDDYYYYHHmmss", () => {
    expect(defaultLotNumber(at)).toBe('DMP-11242026030626');
  });

  it('moves the next default on a second when the last request took the same one', () => {
    expect(nextLotNumber('DMP-11242026030626', at)).toBe('DMP-11242026030627');
    expect(nextLotNumber('DMP-11242026030620', at)).toBe('DMP-11242026030626');
    // A third request in that second follows the second one, not the first.
    expect(nextLotNumber('DMP-11242026030627', at)).toBe('DMP-11242026030628');
    // A lot number a person typed leaves the default at the time now.
    expect(nextLotNumber('GREEN-77', at)).toBe('DMP-11242026030626');
  });
});
