import { describe, expect, it } from 'vitest';
import { reportCell } from './report-cell.ts';

describe("an administrator's report cell", () => {
  it('shows a weight column to the hundredth, with lbs', () => {
    expect(reportCell('lbs', 500)).toEqual({ kind: 'text', text: '500 lbs' });
    expect(reportCell('green_lbs', 1250.456)).toEqual({ kind: 'text', text: '1,250.46 lbs' });
    expect(reportCell('qty_lbs', 0.5)).toEqual({ kind: 'text', text: '0.5 lbs' });
  });

  it('shows other numbers to two decimals at most, ids without thousands separators', () => {
    expect(reportCell('mean', 333.3333333333333)).toEqual({ kind: 'text', text: '333.33' });
    expect(reportCell('order_id', 12345)).toEqual({ kind: 'text', text: '12345' });
    expect(reportCell('lbs_per_batch', 7)).toEqual({ kind: 'text', text: '7' });
  });

  it('hands moments on to be shown in the time zone, and leaves other text alone', () => {
    expect(reportCell('at', '2026-04-12T14:05:00.000Z')).toEqual({
      kind: 'time',
      value: '2026-04-12T14:05:00.000Z',
    });
    expect(reportCell('lot_number', 'DMP-2026-04-12')).toEqual({
      kind: 'text',
      text: 'DMP-2026-04-12',
    });
    expect(reportCell('huge', '12345678901234567890')).toEqual({
      kind: 'text',
      text: '12345678901234567890',
    });
    expect(reportCell('ok', true)).toEqual({ kind: 'text', text: 'true' });
    expect(reportCell('note', null)).toEqual({ kind: 'text', text: '' });
  });
});
