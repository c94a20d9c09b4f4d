import {
  DEFAULT_ROAST_LIMITS,
  RoasterPhase,
  type OrderForm,
  type Product,
  type RoastLimits,
  type RoastProfile,
  type TemperatureUnit,
} from '@roastery/contract';
import {
  ProfileController,
  type BatchRunState,
  type BurnerMode,
  type ControlOutput,
  type ControlledProfile,
  type ResumedRoast,
} from '../src/modules/roast-control/profile-controller.ts';
import {
  demoProfileSettings,
  demoRoast,
} from '../src/modules/roast-profiles/seed-demo-roast-profiles.ts';
import { buildTestApp, type ApiCaller, type TestApp } from './helper.ts';

export { PlantCatalog } from '../src/plant/catalog/plant-catalog.ts';
export { ProfileController };
export type {
  ControlOutput,
  ControlledProfile,
} from '../src/modules/roast-control/profile-controller.ts';

/** The demo's profile on a roaster, as the database seeds it, as the controller runs it. */
export function demoControlledProfile(roasterCode: string): ControlledProfile {
  return demoProfileSettings(demoRoast(), roasterCode);
}

/** A short profile: BT falls 4 °F/s to its turning point at 30 s, then climbs a quarter of that. */
export const testProfile: ControlledProfile = {
  charge_temperature_f: 400,
  reference: [
    { t_s: 0, bt_f: 380 },
    { t_s: 30, bt_f: 260 },
    { t_s: 630, bt_f: 410 },
  ],
  power: [],
  end: { kind: 'total_time', value: 600 },
  dry_end_f: 300,
};

export interface HarnessOptions {
  profile?: ControlledProfile | null;
  mode?: BurnerMode | null;
  limits?: RoastLimits;
  /** Whether the roaster has a quench coil. */
  quench?: boolean;
  /** The elapsed part of a roast seen under way; none kept when omitted. */
  resumed?: ResumedRoast;
  /** Where the batch's workflow run stands; running when omitted. */
  run?: BatchRunState;
  /** The plant's temperature unit the texts are worded in; °F when omitted. */
  unit?: TemperatureUnit;
}

/**
 * A profile controller on Roaster R1 with every write, alarm and notice it makes, and the
 * readings a roaster's registers give it, a second of its roast clock at a time.
 */
export function controllerHarness(options: HarnessOptions = {}) {
  const { profile = testProfile, mode = 'power', limits = DEFAULT_ROAST_LIMITS } = options;
  const { run = 'running', unit = 'F' } = options;
  const writes: [ControlOutput, number][] = [];
  let manual = false;
  const errors: unknown[] = [];
  const alarms: string[] = [];
  const notices: string[] = [];
  const cleared: string[] = [];
  const controller = new ProfileController(
    {
      profileFor: () => Promise.resolve(profile ?? undefined),
      limitsFor: () => Promise.resolve(limits),
      resume: () => Promise.resolve(options.resumed),
      burnerMode: () => mode,
      hasQuench: () => options.quench === true,
      write: (roaster, output, value) => {
        if (roaster !== 'R1') throw new Error(`a write to ${roaster}, not R1`);
        writes.push([output, value]);
      },
      manual: () => manual,
      batchRun: () => run,
      alarm: (_roaster, source, text) => alarms.push(`${source} ${text(unit)}`),
      notice: (_roaster, text) => notices.push(text(unit)),
      clear: (source) => cleared.push(source),
    },
    (err) => errors.push(err),
  );
  const value = (role: Parameters<ProfileController['onValue']>[1], v: number) =>
    controller.onValue('R1', role, v);
  /** The lookups the controller awaits (profile, limits, elapsed roast) answer. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  /** The roaster's registers at one second of its roast clock, then a control step. */
  const second = (roastTime: number, bt: number) => {
    value('roast-time', roastTime);
    value('bean-temperature', bt);
    value('environment-temperature', bt + 60);
    controller.step();
  };
  /** The gate closes 20 s after the first beans: the roast's t = 0. */
  const charge = async () => {
    value('roaster-phase', RoasterPhase.Idle);
    value('roast-time', 0);
    value('roaster-phase', RoasterPhase.Charging);
    value('roast-time', 20);
    value('bean-temperature', 380);
    value('environment-temperature', 440);
    value('roaster-phase', RoasterPhase.Roasting);
    await settle();
  };
  /** BT on the reference: 4 °F/s down for 30 s, then up a quarter of that. */
  const onReference = (s: number) => (s <= 30 ? 380 - 4 * s : 260 + 0.25 * (s - 30));
  /** The turning point, at 30 s, is behind at 60 s. */
  const throughTurningPoint = () => {
    for (let s = 1; s <= 60; s += 1) second(20 + s, onReference(s));
  };
  return {
    controller,
    writes,
    alarms,
    notices,
    cleared,
    errors,
    value,
    settle,
    second,
    charge,
    onReference,
    throughTurningPoint,
    setManual: (on: boolean) => {
      manual = on;
    },
  };
}

/**
 * A roasting order of a product on a roaster, as a supervisor creates it (not yet started), with
 * the product's profile on that roaster.
 */
export async function roastOrder(
  supervisor: ApiCaller,
  what: { product: string; roaster: string; bin: string; lbs: number },
): Promise<{ order: number; profile: RoastProfile }> {
  const form = (await supervisor<OrderForm>('GET', '/api/orders/form')).body;
  const rule = form.rules.find((r) => r.roast_device === what.roaster);
  const products = (await supervisor<Product[]>('GET', '/api/product')).body;
  const product = products.find((p) => p.product_name === what.product);
  const profiles = (await supervisor<RoastProfile[]>('GET', '/api/roast-profiles')).body;
  const profile = profiles.find(
    (p) => p.product_id === product?.product_id && p.roaster === what.roaster,
  );
  if (!rule || !product || !profile) {
    throw new Error(`the plant has no profiled roast of ${what.product} on ${what.roaster}`);
  }
  const created = await supervisor<{ order_id: number }>('POST', '/api/orders', {
    order_product: product.product_id,
    order_qty: what.lbs,
    rule_id: rule.rule_id,
    roasted_rule_id: what.bin,
    order_customer: 'Corner Grocer',
    fulfillment_date: new Date(Date.now() + 86_400_000).toISOString(),
  });
  if (created.status !== 201) throw new Error(`the order was refused: ${created.status}`);
  return { order: created.body.order_id, profile };
}

/**
 * The demo plant as its first start leaves it (the seeded workflows, profiles and opening stock)
 * on its simulated PLC, a roast's seconds being the plant's, as its record counts them.
 */
export async function demoPlantApp(): Promise<TestApp> {
  const app: TestApp = await buildTestApp(
    {},
    {
      plant: true,
      demoStock: true,
      roastClock: () => app.services.runtime.simulator.running?.model.now ?? 0,
    },
  );
  return app;
}
