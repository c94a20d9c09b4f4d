import { describe, expect, it } from 'vitest';
import { timeStep } from './curve-option.ts';

describe('the reference chart', () => {
  it('labels time in whole minutes, fewer on a narrow chart', () => {
    expect(timeStep(600, 900)).toBe(60);
    expect(timeStep(600, 300)).toBe(300);
    expect(timeStep(3_600, 300)).toBe(600);
  });
});
