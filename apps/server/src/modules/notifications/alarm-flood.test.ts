import { describe, expect, it } from 'vitest';
import { FloodDetector } from './alarm-flood.ts';

const t0 = new Date('2026-03-02T08:00:00Z').getTime();
const at = (seconds: number) => new Date(t0 + seconds * 1000);

describe('alarm flood (more than 10 alarms in 10 minutes)', () => {
  it('starts at the 11th alarm within the window, not at the 10th', () => {
    const flood = new FloodDetector();
    for (let i = 0; i < 10; i += 1) {
      expect(flood.record(at(i * 50)).flooding).toBe(false);
    }
    const eleventh = flood.record(at(500));
    expect(eleventh).toEqual({ flooding: true, count: 11, since: at(500) });
  });

  it('does not count alarms spread wider than the window', () => {
    const flood = new FloodDetector();
    // One a minute: at most 10 in any 10 minutes.
    for (let i = 0; i < 30; i += 1) {
      expect(flood.record(at(i * 60)).flooding).toBe(false);
    }
  });

  it('ends when the rate falls, as time slides the window past the burst', () => {
    const flood = new FloodDetector();
    for (let i = 0; i < 15; i += 1) flood.record(at(i));
    expect(flood.at(at(599))).toMatchObject({ flooding: true, count: 10 + 5 });
    // The first five leave the window: ten remain, which is not a flood.
    expect(flood.at(at(604))).toEqual({ flooding: false, count: 10, since: null });
    expect(flood.at(at(615)).count).toBe(0);
  });

  it('picks up a window from the stored raise instants', () => {
    const flood = new FloodDetector();
    const stored = Array.from({ length: 12 }, (_, i) => at(100 - i));
    expect(flood.load(stored, at(101))).toMatchObject({ flooding: true, count: 12 });
    expect(flood.load(stored, at(800))).toEqual({ flooding: false, count: 0, since: null });
  });
});
