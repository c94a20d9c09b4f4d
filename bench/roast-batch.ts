import type { Simulator } from '@roastery/simulator';

export interface Batch {
  roaster: string;
  /** The green silo the batch is drawn from: it is filled with twice the batch first. */
  silo: string;
  lbs: number;
}

/** Waits until `condition` holds, or throws naming `what` after `timeoutMs` of its clock. */
export type Wait = (what: string, condition: () => boolean, timeoutMs: number) => Promise<void>;

/**
 * Charges a batch into a simulated roaster as the demo's roasting workflow does, writing the
 * simulator's registers: drum, burner and cleaner on, the roaster's charge gate and the silo's
 * discharge open until the drum holds the batch, then both closed, after which the roaster
 * roasts. `wait` says how time passes meanwhile: the real clock's, or a manual clock's advanced
 * by its caller.
 */
export async function chargeBatch(simulator: Simulator, batch: Batch, wait: Wait): Promise<void> {
  const { roaster, silo, lbs } = batch;
  const set = (device: string, label: string, value: number) =>
    simulator.model.setValue(device, label, value);
  set(silo, 'Occupancy', 2 * lbs);
  set(roaster, 'Batch Size', lbs);
  for (const [device, label] of [
    [roaster, 'Drum'],
    [roaster, 'Burner'],
    ['CL1', 'Start'],
    [roaster, 'Charge Gate'],
    [silo, 'Discharge Gate'],
  ] as const) {
    set(device, label, 1);
  }
  await wait(
    'the batch to be charged',
    () => simulator.model.getValue(roaster, 'Green Weight') >= lbs,
    60_000,
  );
  set(silo, 'Discharge Gate', 0);
  set(roaster, 'Charge Gate', 0);
}

/** A `Wait` on a simulator whose clock the caller holds: plant time moves a second at a time. */
export function advancingWait(simulator: Simulator): Wait {
  return (what, condition, timeoutMs) => {
    for (let waited = 0; !condition(); waited += 1_000) {
      if (waited > timeoutMs) {
        return Promise.reject(new Error(`${what} did not happen in ${timeoutMs} ms of plant time`));
      }
      simulator.model.advance(1_000);
    }
    return Promise.resolve();
  };
}
