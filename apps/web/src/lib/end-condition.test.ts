import { describe, expect, it } from 'vitest';
import { describeEnd, endConditionLabel, endInWords, endValueInUnit } from './end-condition.ts';

describe("a profile's end in the plant's unit", () => {
  it('states a drop temperature in the unit, any other end as it is', () => {
    const drop = { kind: 'drop_temperature', value: 428 } as const;
    expect(describeEnd(drop, 'F')).toBe('Drop temperature (°F): 428');
    expect(describeEnd(drop, 'C')).toBe('Drop temperature (°C): 220');
    expect(endInWords(drop, 'C')).toBe('drop temperature 220 °C');
    expect(endInWords({ kind: 'total_time', value: 720 }, 'C')).toBe('total time 720 s');
    expect(endInWords({ kind: 'development_ratio', value: 20 }, 'C')).toBe(
      'development ratio 20 %',
    );
    expect(endConditionLabel('time_after_first_crack', 'C')).toBe('Time after first crack (s)');
    expect(endValueInUnit('total_time', 720, 'C')).toBe(720);
  });
});
