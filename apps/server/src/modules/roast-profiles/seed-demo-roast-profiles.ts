import { inArray } from 'drizzle-orm';
import {
  demoRoasterBatchLbs,
  type PowerStep,
  type ReferencePoint,
  type RoastProfileSettings,
} from '@roastery/contract';
import {
  devices,
  products,
  roastProfileVersions,
  roastProfiles,
  type Executor,
} from '@roastery/db';
import {
  charge,
  demoDropBtF,
  demoPreheat,
  demoProfile,
  demoRoasterSpec,
  preheatedRoaster,
  profileInputs,
  step,
  typicalGreenLot,
} from '@roastery/simulator';
import { versionFields } from './roast-profile-service.ts';

/** Who made the demo's profiles, as their first versions say. */
export const DEMO_PROFILE_AUTHOR = 'system';
const SAMPLE_EVERY_S = 10;
const DEMO_MIN_BATCH_LBS = 100;
const DRY_END_F = 300;

/**
 * The demo's products and the roasters they roast on: all on Roaster 1; Roaster 2's demo workflow
 * draws from Green Silo 4, which holds the Ethiopia Yirgacheffe alone.
 */
const demoRoasting: Record<string, string[]> = {
  R1: [
    'House Blend',
    'Espresso Blend',
    'Colombia Supremo',
    'Ethiopia Yirgacheffe',
    'Decaf Colombia',
  ],
  R2: ['Ethiopia Yirgacheffe'],
};

const tenth = (n: number) => Math.round(n * 10) / 10;
const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * One batch of the plant simulator's demo roast, from charge to drop: BT every 10 s and at the
 * drop, the preheated drum's temperature at charge, and when first crack came.
 */
export function demoRoast(): {
  reference: ReferencePoint[];
  chargeF: number;
  firstCrack: ReferencePoint;
} {
  const preheated = preheatedRoaster(demoRoasterSpec, demoPreheat);
  let state = charge(demoRoasterSpec, preheated, typicalGreenLot, demoRoasterSpec.capacityLbs);
  const reference: ReferencePoint[] = [{ t_s: 0, bt_f: tenth(state.btF) }];
  let firstCrack: ReferencePoint | undefined;
  // One-second steps, as the simulator's own roast logger samples.
  for (let s = 1; s <= 20 * 60; s++) {
    state = step(demoRoasterSpec, state, profileInputs(demoProfile, (s - 1) * 1_000), 1_000);
    const point = { t_s: s, bt_f: tenth(state.btF) };
    if (!firstCrack && state.batch?.firstCrackMs != null) firstCrack = point;
    if (firstCrack && state.btF >= demoDropBtF) {
      reference.push(point);
      return { reference, chargeF: tenth(preheated.btF), firstCrack };
    }
    if (s % SAMPLE_EVERY_S === 0) reference.push(point);
  }
  throw new Error(`The demo roast did not reach ${demoDropBtF} °F after first crack`);
}

/** The settings of a demo profile on a roaster, from one demo roast (`demoRoast`). */
export function demoProfileSettings(
  roast: ReturnType<typeof demoRoast>,
  roasterCode: string,
): RoastProfileSettings {
  const power: PowerStep[] = demoProfile.map((p) => ({
    t_s: p.fromS,
    burner_pct: p.burnerPct,
    airflow_pct: p.airflowPct,
  }));
  return {
    charge_temperature_f: roast.chargeF,
    batch_min_lbs: DEMO_MIN_BATCH_LBS,
    batch_max_lbs: demoRoasterBatchLbs[roasterCode] ?? demoRoasterSpec.capacityLbs,
    reference: roast.reference,
    power,
    end: { kind: 'drop_temperature', value: demoDropBtF },
    dry_end_f: DRY_END_F,
    notes: `The plant simulator's demo roast: first crack at ${clock(roast.firstCrack.t_s)} and ${roast.firstCrack.bt_f} °F.`,
  };
}

/**
 * Seeds a profile for each demo product on each roaster it roasts on, version 1 by 'system', all
 * with the curve of one simulated demo roast. Products or roasters the database lacks are
 * passed over.
 */
export async function seedDemoRoastProfiles(db: Executor): Promise<void> {
  const roast = demoRoast();
  const names = [...new Set(Object.values(demoRoasting).flat())];
  const productIds = new Map(
    (
      await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.name, names))
    ).map((p) => [p.name, p.id]),
  );
  const roasters = await db
    .select({ id: devices.id, code: devices.deviceId, name: devices.name })
    .from(devices)
    .where(inArray(devices.deviceId, Object.keys(demoRoasting)));
  for (const roaster of roasters) {
    const settings = demoProfileSettings(roast, roaster.code);
    for (const name of demoRoasting[roaster.code] ?? []) {
      const productId = productIds.get(name);
      if (productId === undefined) continue;
      const [profile] = await db
        .insert(roastProfiles)
        .values({ name: `${name} on ${roaster.name}`, productId, roasterDevice: roaster.id })
        .returning({ id: roastProfiles.id });
      if (!profile) throw new Error('insert returned no row');
      await db.insert(roastProfileVersions).values({
        ...versionFields(settings, { by: DEMO_PROFILE_AUTHOR, reason: '', sourceFile: null }),
        profileId: profile.id,
        version: 1,
      });
    }
  }
}
