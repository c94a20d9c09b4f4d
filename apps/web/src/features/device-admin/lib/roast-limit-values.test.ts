import { describe, expect, it } from 'vitest';
import { fromUnit } from '@roastery/contract';
import {
  defaultShown,
  roastLimitsOf,
  roastLimitValuesOf,
  temperatureLimit,
} from './roast-limit-values.ts';

const stored = {
  et_high_limit_f: 550,
  et_reset_f: 530,
  et_safe_action: 'burner-off',
  band_f: 5,
  band_s: 30,
} as const;

describe("a roaster's limit fields in the plant's unit", () => {
  it('show the stored °F in °C, the band as a difference', () => {
    expect(roastLimitValuesOf(stored, 'C')).toEqual({
      et_high_limit_f: 287.8,
      et_reset_f: 276.7,
      et_safe_action: 'burner-off',
      band_f: 2.8,
      band_s: 30,
    });
    expect(roastLimitValuesOf({ ...stored, et_reset_f: null }, 'C').et_reset_f).toBeNull();
    expect(roastLimitValuesOf(stored, 'F')).toEqual(stored);
  });

  it('send typed °C back as °F, an ET with its offset and the band without', () => {
    const typed = { et_high_limit_f: 290, et_reset_f: 270, band_f: 3, band_s: 45 };
    expect(roastLimitsOf(typed, true, 'C')).toEqual({
      et_high_limit_f: 554,
      et_reset_f: 518,
      et_safe_action: null,
      band_f: 5.4,
      band_s: 45,
    });
  });

  it('keep the stored °F of a value sent back as it was shown', () => {
    const shown = roastLimitValuesOf(stored, 'C');
    expect(roastLimitsOf(shown, true, 'C', stored)).toEqual(stored);
    expect(roastLimitsOf({ ...shown, et_reset_f: 276.8 }, true, 'C', stored).et_reset_f).toBe(
      530.2,
    );
    expect(roastLimitsOf(shown, true, 'C').et_reset_f).toBe(530.1);
  });

  it('send as typed in °F, and nothing for a device that does not roast', () => {
    const typed = { et_high_limit_f: 545.5, et_reset_f: null, band_f: 4 };
    expect(roastLimitsOf(typed, true, 'F', stored)).toEqual({
      et_high_limit_f: 545.5,
      et_reset_f: null,
      et_safe_action: null,
      band_f: 4,
      band_s: null,
    });
    expect(Object.values(roastLimitsOf(typed, false, 'C', stored))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('state the defaults and the ranges in the unit, within what the server takes', () => {
    expect(defaultShown('et_high_limit_f', 'C')).toBe(287.8);
    expect(defaultShown('band_f', 'C')).toBe(2.8);
    expect(defaultShown('et_reset_f', 'F')).toBe(530);
    const high = temperatureLimit('et_high_limit_f', 'C');
    expect(high).toEqual({
      min: 148.9,
      max: 482.2,
      message: 'ET High Limit must be between 148.9 and 482.2 °C.',
    });
    expect(fromUnit(high.min, 'C')).toBeGreaterThanOrEqual(300);
    expect(fromUnit(high.max, 'C')).toBeLessThanOrEqual(900);
    expect(temperatureLimit('band_f', 'C')).toEqual({
      min: 0.3,
      max: 27.7,
      message: 'Band must be between 0.3 and 27.7 °C.',
    });
    expect(temperatureLimit('et_reset_f', 'F').message).toBe(
      'ET Reset must be between 250 and 900 °F.',
    );
  });
});
