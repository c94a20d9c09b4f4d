import { describe, expect, it } from 'vitest';
import type { RecallReport } from '@roastery/contract';
import { describeDate } from '../../../lib/format-date.ts';
import { recallCsv } from './recall-sections.ts';

const report: RecallReport = {
  direction: 'lot',
  subject: 'DMP-1',
  bean_name: 'Colombia',
  received: 1000,
  batches: [
    {
      batch_id: 7,
      order_id: 42,
      seq: 2,
      product_name: 'House',
      roaster: 'Roaster 1',
      roasted_at: '2026-01-05T08:20:00.000Z',
      green_lbs: 200,
      roasted_lot: 'R-42-1',
      roasted_lbs: 170,
    },
  ],
  green_lots: [
    { lot_number: 'DMP-1', bean_name: 'Colombia', batch_id: 7, order_id: 42, seq: 2, lbs: 200 },
  ],
  bins: [{ roasted_lot: 'R-42-1', bin: 'WRB Bin 1', lbs: 170 }],
  held: [],
  packed: [
    {
      order_id: 43,
      customer: '=Cafe, Uno',
      product_name: 'House',
      roasted_lot: 'R-42-1',
      bin: 'WRB Bin 1',
      packed_at: '2026-01-05T09:00:00.000Z',
      lbs: 150,
    },
  ],
  customers: [{ customer: '=Cafe, Uno', orders: [43], lbs: 150 }],
};

describe('recall CSV', () => {
  it('has the title, the lot, and a titled table per section; formula-looking names are text', () => {
    const lines = recallCsv(report).split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'Recall of lot DMP-1',
      'Bean,Received (lbs)',
      'Colombia,1000',
    ]);
    expect(lines).toContain('Customers');
    expect(lines).toContain(`"'=Cafe, Uno",000043,150`);
    // Batches by their order and place, times spelled in the zone they are shown in.
    const roasted = describeDate('2026-01-05T08:20:00.000Z', true);
    expect(roasted).toMatch(/^\d Jan 2026, \d\d:\d\d \S+$/);
    expect(lines).toContain(`Batch 2 of order 000042,House,Roaster 1,"${roasted}",200,R-42-1,170`);
    expect(lines).toContain('DMP-1,Colombia,Batch 2 of order 000042,200');
    const held = lines.indexOf('Still in the plant');
    expect(lines[held + 1]).toBe('Lot number,Device,Lbs');
  });
});
