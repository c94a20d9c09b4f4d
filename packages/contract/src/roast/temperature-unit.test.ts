import { describe, expect, it } from 'vitest';
import {
  convertTemperature,
  deltaFromUnit,
  deltaToUnit,
  enteredTemperatureF,
  formatRateOfRise,
  formatTemperature,
  formatTemperatureDelta,
  fromUnit,
  rateSymbol,
  temperatureSymbol,
  temperatureUnitOf,
  toUnit,
} from './temperature-unit.ts';

describe('the plant temperature unit', () => {
  it('reads the setting, anything but C as the default °F', () => {
    expect(temperatureUnitOf('C')).toBe('C');
    expect(temperatureUnitOf('F')).toBe('F');
    expect(temperatureUnitOf(undefined)).toBe('F');
    expect(temperatureUnitOf('c')).toBe('F');
    expect([temperatureSymbol('F'), temperatureSymbol('C')]).toEqual(['°F', '°C']);
    expect([rateSymbol('F'), rateSymbol('C')]).toEqual(['°F/min', '°C/min']);
  });

  it('converts absolute temperatures at the fixed points', () => {
    expect(toUnit(32, 'C')).toBe(0);
    expect(toUnit(212, 'C')).toBe(100);
    expect(toUnit(-40, 'C')).toBe(-40);
    expect(fromUnit(100, 'C')).toBe(212);
    expect(toUnit(420, 'F')).toBe(420);
    expect(fromUnit(420, 'F')).toBe(420);
    expect(convertTemperature(0, 'C', 'F')).toBe(32);
  });

  it('goes there and back to the same temperature', () => {
    for (const f of [-40, 0, 32, 68.5, 212, 300, 392.04, 420, 428.5, 650]) {
      expect(fromUnit(toUnit(f, 'C'), 'C')).toBeCloseTo(f, 10);
    }
    for (const c of [-17.8, 0, 100, 148.9, 215.6, 343.3]) {
      expect(toUnit(fromUnit(c, 'C'), 'C')).toBeCloseTo(c, 10);
    }
  });

  it('scales a difference by 5/9 without the 32 offset an absolute temperature has', () => {
    // 18 °F/min of rise is 10 °C/min; 420 °F is 215.6 °C, not 18 * 5/9 - 32.
    expect(deltaToUnit(18, 'C')).toBe(10);
    expect(deltaFromUnit(10, 'C')).toBe(18);
    expect(deltaToUnit(5, 'F')).toBe(5);
    expect(deltaToUnit(0, 'C')).toBe(0);
    expect(toUnit(0, 'C')).toBeCloseTo(-17.78, 2);
    // The difference of two converted temperatures is the converted difference.
    expect(toUnit(430, 'C') - toUnit(420, 'C')).toBeCloseTo(deltaToUnit(10, 'C'), 10);
    for (const d of [-40, 0.5, 9, 25]) {
      expect(deltaFromUnit(deltaToUnit(d, 'C'), 'C')).toBeCloseTo(d, 10);
    }
  });

  it('writes a temperature, a difference and a rate with their unit', () => {
    expect(formatTemperature(420, 'F')).toBe('420.0 °F');
    expect(formatTemperature(420, 'C')).toBe('215.6 °C');
    expect(formatTemperature(420, 'C', 0)).toBe('216 °C');
    expect(formatTemperatureDelta(9, 'C')).toBe('5.0 °C');
    expect(formatTemperatureDelta(9, 'F')).toBe('9.0 °F');
    expect(formatRateOfRise(18, 'C')).toBe('10.0 °C/min');
    expect(formatRateOfRise(18, 'F')).toBe('18.0 °F/min');
  });

  it('stores a temperature typed in °C to the tenth of a °F, one typed in °F as typed', () => {
    expect(enteredTemperatureF(215.6, 'C')).toBe(420.1);
    expect(enteredTemperatureF(200, 'C')).toBe(392);
    expect(enteredTemperatureF(420.05, 'F')).toBe(420.05);
  });
});
