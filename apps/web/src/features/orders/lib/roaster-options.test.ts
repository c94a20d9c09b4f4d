import { describe, expect, it } from 'vitest';
import type { OrderForm } from '@roastery/contract';
import { roasterOptions } from './roaster-options.ts';

type Rule = OrderForm['rules'][number];

const rule = (rule_id: number, name: string, roaster: string | null): Rule => ({
  rule_id,
  name,
  roast_device: roaster === null ? null : roaster.replace('Roaster ', 'R'),
  roast_device_name: roaster,
  batch_lbs: null,
});

describe('roasterOptions', () => {
  it('reads each roasting workflow by its roaster, in the roasters’ order', () => {
    expect(
      roasterOptions([
        rule(12, 'Roast Green Silo 4 on Roaster 10 into WRB Bin 3', 'Roaster 10'),
        rule(11, 'Roast Green Silo 4 on Roaster 2 into WRB Bin 3', 'Roaster 2'),
        rule(10, 'Roast Green Silo 1 on Roaster 1 into WRB Bin 1', 'Roaster 1'),
      ]),
    ).toEqual([
      { value: 10, label: 'Roaster 1' },
      { value: 11, label: 'Roaster 2' },
      { value: 12, label: 'Roaster 10' },
    ]);
  });

  it('names the workflow beside a roaster that has several', () => {
    expect(
      roasterOptions([
        rule(10, 'Light roast', 'Roaster 1'),
        rule(11, 'Dark roast', 'Roaster 1'),
        rule(12, 'Roast on Roaster 2', 'Roaster 2'),
      ]),
    ).toEqual([
      { value: 11, label: 'Roaster 1 (Dark roast)' },
      { value: 10, label: 'Roaster 1 (Light roast)' },
      { value: 12, label: 'Roaster 2' },
    ]);
  });

  it('offers no workflow that drives no roaster', () => {
    expect(roasterOptions([rule(10, 'Charge only', null), rule(11, 'Roast', 'Roaster 1')])).toEqual(
      [{ value: 11, label: 'Roaster 1' }],
    );
  });
});
