import { roastPhases, type RoastEvents } from '@roastery/contract';
import { orderBatches, type Database, type StoredRoastSample } from '@roastery/db';
import { RoastRecordsRepository } from '../src/modules/roast-records/roast-records-repository.ts';

/** A roast as the plant measured it, reduced to the figures a report compares. */
export interface TestRoast {
  /** The roaster's device code. */
  roaster: string;
  chargedAt: Date;
  /** Charge to drop, seconds. */
  roastS: number;
  /** BT at the drop, °F. */
  dropF: number;
  /** First crack, seconds after charge, at 390 °F; none heard when absent. */
  firstCrackS?: number;
  greenLbs?: number;
  roastedLbs?: number;
  colour?: number;
  /** The green lot's moisture (%) and density (g/L) the roaster was told; none when absent. */
  greenMoisturePct?: number;
  greenDensityGPerL?: number;
  /** The order's batch the roast was; a roast no order ran when absent. */
  batchId?: number;
}

const centi = (lbs: number | undefined) => (lbs === undefined ? null : Math.round(lbs * 100));

/** A finished batch of an order, as the order runs write one when the batch ends. */
export async function newRoastingBatch(db: Database, orderId: number, seq: number) {
  const [batch] = await db
    .insert(orderBatches)
    .values({ orderId, seq, status: 'finished' })
    .returning({ id: orderBatches.id });
  if (!batch) throw new Error('no batch');
  return batch.id;
}

/**
 * Stores a roast's record as the roast records store one at the drop (and link it to its
 * batch), with events and phases that follow from the figures given: charge at 420 °F, first
 * crack where given, drop at the end.
 */
export async function newRoastRecord(db: Database, roast: TestRoast): Promise<number> {
  const repo = new RoastRecordsRepository(db);
  const roasterDevice = await repo.roasterRef(roast.roaster);
  if (roasterDevice === undefined) throw new Error(`there is no roaster ${roast.roaster}`);
  const crack = roast.firstCrackS;
  const events: RoastEvents = {
    turning_point: null,
    dry_end: null,
    first_crack: crack === undefined ? null : { t_s: crack, bt_f: 390, source: 'sensor' },
    drop: { t_s: roast.roastS, bt_f: roast.dropF, source: 'sensor' },
  };
  const samples: StoredRoastSample[] = [
    [0, 420, 450, null, null, null, 0],
    [roast.roastS, roast.dropF, roast.dropF + 30, null, null, null, crack === undefined ? 0 : 1],
  ];
  return repo.insert({
    roasterDevice,
    batchId: roast.batchId ?? null,
    chargedAt: roast.chargedAt,
    droppedAt: new Date(roast.chargedAt.getTime() + roast.roastS * 1000),
    roastS: roast.roastS,
    endBtF: roast.dropF,
    greenCenti: centi(roast.greenLbs),
    roastedCenti: centi(roast.roastedLbs),
    colour: roast.colour ?? null,
    greenMoisturePct: roast.greenMoisturePct ?? null,
    greenDensityGPerL: roast.greenDensityGPerL ?? null,
    dryEndF: 300,
    samples,
    events,
    phases: roastPhases(events, roast.roastS),
  });
}
