import { describe, expect, it } from 'vitest';
import { formatBatchProgress, formatRoastingBatch, formatTraceBatch } from './batch-label.ts';

describe('batch labels', () => {
  it('name the batch a roaster roasts by its place and its order', () => {
    expect(formatRoastingBatch(2, 2, 7)).toBe('Batch 2 of 2, order 000007');
    expect(formatRoastingBatch(1, null, 7)).toBe('Batch 1, order 000007');
  });

  it('name a traced batch by its order, never by the ledger id while the order is known', () => {
    expect(formatTraceBatch({ batch_id: 8, order_id: 6, seq: 1 })).toBe('Batch 1 of order 000006');
    expect(formatTraceBatch({ batch_id: 8, order_id: 6, seq: null })).toBe(
      'A batch of order 000006',
    );
    expect(formatTraceBatch({ batch_id: 8, order_id: null, seq: null })).toBe('Batch record 8');
  });

  it('count the batch under way as remaining', () => {
    expect(formatBatchProgress({ total_split: 2, reaming_batch: 0, batch: 2 })).toBe(
      '1 of 2 remaining, batch 2 roasting',
    );
    expect(formatBatchProgress({ total_split: 2, reaming_batch: 1, batch: null })).toBe(
      '1 of 2 remaining',
    );
    expect(formatBatchProgress({ total_split: 2, reaming_batch: 0, batch: null })).toBe(
      '0 of 2 remaining',
    );
  });
});
