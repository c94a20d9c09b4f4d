import { describe, expect, it } from 'vitest';
import {
  describeDate,
  formatListDate,
  formatNotificationTime,
  formatSpelledDate,
  formatSpelledTime,
  timeZoneName,
} from './format-date.ts';

// 12 April 2026, 14:05 in the test's own time zone: the one the console shows times in.
const moment = new Date(2026, 3, 12, 14, 5);

describe('date display', () => {
  it("keeps the spec's formats, which read the same day two ways", () => {
    expect(formatListDate(moment)).toBe('12/04/2026');
    expect(formatNotificationTime(moment)).toBe('04/12/2026 14:05');
  });

  it('spells the month where the spec names no format', () => {
    expect(formatSpelledDate(moment)).toBe('12 Apr 2026');
    expect(formatSpelledTime(moment)).toBe('12 Apr 2026, 14:05');
    expect(formatSpelledDate(moment.toISOString())).toBe('12 Apr 2026');
  });

  it('tooltips spell the day, and a time with the zone it is shown in', () => {
    const zone = timeZoneName(moment);
    expect(zone).toMatch(/^(UTC|GMT([+-]\d{1,2}(:\d\d)?)?|[A-Z]{2,5})$/);
    expect(describeDate(moment, false)).toBe('12 Apr 2026');
    expect(describeDate(moment, true)).toBe(`12 Apr 2026, 14:05 ${zone}`);
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatSpelledDate('not a date')).toBe('');
    expect(describeDate('not a date', true)).toBe('');
    expect(timeZoneName('not a date')).toBe('');
  });
});
