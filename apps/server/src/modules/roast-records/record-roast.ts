import { analyseRoast, DEFAULT_DRY_END_F } from './roast-analysis.ts';
import type { FinishedRoast } from './roast-recorder.ts';
import type { RoastRecordsContext } from './roast-records-context.ts';

const centi = (lbs: number | null) => (lbs === null ? null : Math.round(lbs * 100));

/**
 * Stores a roast the recorder finished, with its events and phases read with the default dry
 * end; linking it to a batch reads them again with the batch's profile version. One insert: the
 * samples are the record's own column.
 */
export async function recordRoast(ctx: RoastRecordsContext, roast: FinishedRoast): Promise<number> {
  const roasterDevice = await ctx.repo.roasterRef(roast.roaster);
  if (roasterDevice === undefined) throw new Error(`there is no roaster ${roast.roaster}`);
  const figures = analyseRoast({
    samples: roast.samples,
    roastS: roast.roastS,
    endBtF: roast.endBtF,
    marks: {},
    dryEndF: DEFAULT_DRY_END_F,
    reference: null,
  });
  return ctx.repo.insert({
    roasterDevice,
    chargedAt: roast.chargedAt,
    droppedAt: roast.droppedAt,
    roastS: roast.roastS,
    endBtF: roast.endBtF,
    greenCenti: centi(roast.greenLbs),
    roastedCenti: centi(roast.roastedLbs),
    colour: roast.colour,
    roastedMoisturePct: roast.roastedMoisturePct,
    greenMoisturePct: roast.greenMoisturePct,
    greenDensityGPerL: roast.greenDensityGPerL,
    dryEndF: DEFAULT_DRY_END_F,
    samples: roast.samples,
    events: figures.events,
    phases: figures.phases,
  });
}
