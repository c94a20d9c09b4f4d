import { describe, expect, it } from 'vitest';
import { runStartedBy, runTitle } from './run-title.ts';

describe('runTitle', () => {
  it("keeps the spec's Test title for a run started on the run screen, or none yet", () => {
    expect(runTitle('Charge R1', null)).toBe('Test Charge R1');
    expect(runTitle('Charge R1', { kind: 'person' })).toBe('Test Charge R1');
  });

  it('names a production run by its order, and its batch when it roasts one', () => {
    expect(runTitle('Roast on R1', { kind: 'order', order_id: 12, batch: 2 })).toBe(
      'Roast on R1 — Order 000012, batch 2',
    );
    expect(runTitle('Pack WRB1', { kind: 'order', order_id: 7, batch: null })).toBe(
      'Pack WRB1 — Order 000007',
    );
  });

  it('titles a run started by the plant with the workflow alone, and says what started it', () => {
    const dump = { kind: 'event', event: 'dump_acknowledged' } as const;
    expect(runTitle('Dump DS1', dump)).toBe('Dump DS1');
    expect(runStartedBy(dump)).toBe('Started when a dump request was acknowledged');
    expect(runStartedBy({ kind: 'parent', parent_run_id: 'r1' })).toBe(
      'Started when its parent workflow finished',
    );
    expect(runStartedBy({ kind: 'order', order_id: 1, batch: 1 })).toBeUndefined();
  });
});
