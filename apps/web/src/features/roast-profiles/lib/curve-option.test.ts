import { describe, expect, it } from 'vitest';
import { temperatureRange, timeStep } from './curve-option.ts';

describe('the reference chart', () => {
  it('labels time in whole minutes, fewer on a narrow chart', () => {
    expect(timeStep(600, 900)).toBe(60);
    expect(timeStep(600, 300)).toBe(300);
    expect(timeStep(3_600, 300)).toBe(600);
  });

  it('holds the temperatures with room, on whole 50 °F', () => {
    expect(temperatureRange([200, 410, 425])).toEqual({ min: 150, max: 450 });
    expect(temperatureRange([])).toEqual({ min: 100, max: 500 });
  });
});
