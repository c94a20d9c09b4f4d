import { describe, expect, it } from 'vitest';
import { checkResult, specProblem } from './spec-rules.ts';

const empty = {
  colour_min: null,
  colour_max: null,
  moisture_min: null,
  moisture_max: null,
  loss_min: null,
  loss_max: null,
  development_min: null,
  development_max: null,
  cupping_min: null,
};

describe('quality specification rules', () => {
  it('names the result, its value and the range when it is out of specification', () => {
    expect(checkResult('colour', 41.2, { min: 45, max: 60 })).toEqual({
      inSpec: false,
      spec: '45-60',
      reason: "Colour 41.2 is below the specification's 45-60.",
    });
    expect(checkResult('loss', 16.25, { min: null, max: 16 })).toEqual({
      inSpec: false,
      spec: 'at most 16%',
      reason: "Roast loss 16.25% is above the specification's maximum of 16%.",
    });
    expect(checkResult('cupping', 79.5, { min: 80, max: null }).reason).toBe(
      "Cupping score 79.5 is below the specification's minimum of 80.",
    );
  });

  it('passes a value on a bound, and checks nothing without one', () => {
    expect(checkResult('moisture', 5, { min: 1, max: 5 })).toEqual({
      inSpec: true,
      spec: '1-5%',
      reason: null,
    });
    expect(checkResult('development', 40, { min: null, max: null })).toEqual({
      inSpec: null,
      spec: null,
      reason: null,
    });
  });

  it('finds a minimum above its maximum, and allows a bound alone or equal bounds', () => {
    expect(specProblem({ ...empty, colour_min: 60, colour_max: 45 })).toBe(
      'The colour minimum of 60 is above its maximum of 45.',
    );
    expect(specProblem({ ...empty, development_min: 26.5, development_max: 20 })).toBe(
      'The development minimum of 26.5% is above its maximum of 20%.',
    );
    expect(specProblem({ ...empty, loss_min: 14, loss_max: 14, colour_max: 50 })).toBeUndefined();
  });
});
