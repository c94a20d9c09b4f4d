import { describe, expect, it } from 'vitest';
import { matchPaths, type PathRoute } from './path-match.ts';

const path = (fields: Partial<PathRoute> & { id: number; name: string }): PathRoute => ({
  enabled: true,
  silos: ['GS1', 'GS2'],
  roaster: 'R1',
  destination: 'WRB1',
  workflowId: 7,
  workflowName: 'Roast on R1',
  ...fields,
});

const lineA = path({ id: 1, name: 'Line A' });
const lineB = path({ id: 2, name: 'Line B', silos: ['GS3'] });
const roaster2 = path({ id: 3, name: 'Roaster 2', roaster: 'R2', workflowId: 8 });
const closed = path({ id: 4, name: 'Closed', silos: ['GS4'], enabled: false });
const all = [lineA, lineB, roaster2, closed];
const roast = { id: 7, name: 'Roast on R1' };

describe('matching a start to roasting paths', () => {
  it('keeps every enabled path that fits, in the order listed; device codes ignore case', () => {
    expect(matchPaths(all, { roaster: 'r1', destination: 'WRB1', workflow: roast })).toEqual([
      lineA,
      lineB,
    ]);
    expect(matchPaths(all, { silo: 'gs3', roaster: 'R1' })).toEqual([lineB]);
    expect(matchPaths(all, { pathId: 3, roaster: 'R2' })).toEqual([roaster2]);
  });

  it('names what the start asked for when no enabled path fits', () => {
    expect(() =>
      matchPaths(all, { silo: 'GS4', roaster: 'R1', destination: 'WRB1', workflow: roast }),
    ).toThrow(
      "No enabled roasting path goes from GS4 through R1 into WRB1 with the workflow 'Roast on R1'.",
    );
    expect(() => matchPaths([closed], {})).toThrow(
      'Every roasting path is disabled: enable one under Paths to start orders.',
    );
  });

  it('says why a chosen path does not fit, or that it does not exist', () => {
    const refusal = (pathId: number, choice: object) => {
      try {
        matchPaths(all, { pathId, ...choice });
      } catch (error) {
        return [(error as { statusCode: number }).statusCode, (error as Error).message];
      }
      return undefined;
    };
    expect(refusal(4, {})).toEqual([
      409,
      "The path 'Closed' is disabled: this start matches no enabled roasting path.",
    ]);
    expect(refusal(1, { roaster: 'R2' })).toEqual([
      409,
      "The path 'Line A' roasts on R1, not on R2: this start matches no enabled roasting path.",
    ]);
    expect(refusal(1, { workflow: { id: 8, name: 'Roast on R2' } })).toEqual([
      409,
      "The path 'Line A' runs 'Roast on R1', not 'Roast on R2': this start matches no enabled roasting path.",
    ]);
    expect(refusal(9, {})).toEqual([422, 'There is no roasting path 9.']);
  });
});
