import { describe, expect, it } from 'vitest';
import { fromUnit, roastProfileLimits } from '@roastery/contract';
import { keptTemperature, limitInUnit, shownTemperature } from './temperature-fields.ts';

describe("temperature fields in the plant's unit", () => {
  it('check the contract’s °F limits in °C, rounded inwards so the server takes what passes', () => {
    const dryEnd = limitInUnit(roastProfileLimits.dryEndF, 'C');
    expect(dryEnd).toEqual({
      min: 121.2,
      max: 176.6,
      message: 'The dry end temperature must be between 121.2 and 176.6 °C.',
    });
    expect(fromUnit(dryEnd.min, 'C')).toBeGreaterThanOrEqual(roastProfileLimits.dryEndF.min);
    expect(fromUnit(dryEnd.max, 'C')).toBeLessThanOrEqual(roastProfileLimits.dryEndF.max);
    expect(limitInUnit(roastProfileLimits.btF, 'C').message).toBe(
      'A bean temperature must be between 0 and 343.3 °C.',
    );
    expect(limitInUnit(roastProfileLimits.btF, 'F')).toBe(roastProfileLimits.btF);
  });

  it('show °C to the tenth and keep the stored °F of a value left as shown', () => {
    expect(shownTemperature(420, 'C')).toBe(215.6);
    expect(shownTemperature(420.05, 'F')).toBe(420.05);
    expect(keptTemperature(215.6, 'C', 420)).toBe(420);
    expect(keptTemperature(215.6, 'C', undefined)).toBe(420.1);
    expect(keptTemperature(216, 'C', 420)).toBe(420.8);
    expect(keptTemperature(421, 'F', 420)).toBe(421);
  });

  it('scale a difference without the 32 offset, both ways and in its range', () => {
    expect(shownTemperature(9, 'C', 'difference')).toBe(5);
    expect(keptTemperature(5, 'C', 9, 'difference')).toBe(9);
    expect(keptTemperature(2.8, 'C', undefined, 'difference')).toBe(5);
    expect(keptTemperature(2.8, 'F', undefined, 'difference')).toBe(2.8);
    expect(
      limitInUnit({ min: 1, max: 90, message: 'Must be between 1 and 90 °F.' }, 'C', 'difference'),
    ).toEqual({ min: 0.6, max: 50, message: 'Must be between 0.6 and 50 °C.' });
  });
});
