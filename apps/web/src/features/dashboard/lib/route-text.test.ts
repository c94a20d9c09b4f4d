import { describe, expect, it } from 'vitest';
import type { OrderRoute } from '@roastery/contract';
import { routeText } from './route-text.ts';

const device = (device_id: string, device_name: string) => ({ device_id, device_name });
const roaster = device('R1', 'Roaster 1');
const bin = device('WRB2', 'WRB Bin 2');

describe('routeText', () => {
  it('names the silos the batches drew from, the roaster and the bin', () => {
    const route: OrderRoute = {
      silos_from: 'batches',
      silos: [device('GS3', 'Green Silo 3'), device('GS1', 'Green Silo 1')],
      roaster,
      destination: bin,
    };
    expect(routeText(route)).toBe('From Green Silo 3 and Green Silo 1 on Roaster 1 into WRB Bin 2');
  });

  it('lists three silos with commas, and says a plan is still to draw', () => {
    const route: OrderRoute = {
      silos_from: 'plan',
      silos: [
        device('GS3', 'Green Silo 3'),
        device('GS5', 'Green Silo 5'),
        device('GS4', 'Green Silo 4'),
      ],
      roaster,
      destination: bin,
    };
    expect(routeText(route)).toBe(
      'Will draw from Green Silo 3, Green Silo 5 and Green Silo 4 on Roaster 1 into WRB Bin 2',
    );
  });

  it('says so when no silo holds the beans of its next batch', () => {
    const route: OrderRoute = { silos_from: 'plan', silos: [], roaster, destination: bin };
    expect(routeText(route)).toBe('On Roaster 1 into WRB Bin 2; no silo holds its beans');
    expect(routeText({ ...route, roaster: null, destination: null })).toBe(
      'No silo holds its beans',
    );
  });

  it('leaves out a device it does not know', () => {
    const route: OrderRoute = {
      silos_from: 'batches',
      silos: [device('GS1', 'Green Silo 1')],
      roaster,
      destination: null,
    };
    expect(routeText(route)).toBe('From Green Silo 1 on Roaster 1');
  });
});
