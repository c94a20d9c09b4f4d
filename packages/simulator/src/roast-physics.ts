/**
 * A lumped heat-transfer model of a drum roaster and its batch, in °F, lbs, BTU and seconds.
 * Pure and deterministic: every function returns a new state, so the same inputs always give
 * the same roast. docs/roaster-physics.md has the equations and the demo curve.
 *
 * Heat flows burner -> inlet air -> drum air (ET) -> beans; the drum's metal stores heat and
 * trades it with the air, and the probe (BT) follows the bean mass. Beans exchange heat with the
 * drum air only, which is what keeps them below ET while the air heats (see the property tests).
 */

export interface RoasterSpec {
  /** Nominal batch, lbs of green coffee. */
  capacityLbs: number;
  ambientF: number;
  /** Burner heat at 100 %. */
  burnerMaxBtuPerS: number;
  /** The flame and the inlet's high limit cap the inlet air, however little air carries the heat. */
  maxInletF: number;
  /** The burner chamber's lag between a burner change and the inlet air. */
  inletTimeConstantS: number;
  /** Heat the air stream carries per °F at 100 % airflow (mass flow × specific heat). */
  airflowMaxBtuPerSF: number;
  /** Heat capacity behind the ET reading: the drum's air, baffles and probe. */
  airCapacityBtuPerF: number;
  drumCapacityBtuPerF: number;
  drumToAirBtuPerSF: number;
  /** The drum's shell losses to the room. */
  drumToRoomBtuPerSF: number;
  /** Air-to-bean heat transfer per lb of beans, for a lot of reference density, drum turning. */
  airToBeanBtuPerSFLb: number;
  /** Share of the air-to-bean transfer left when the drum stops and the beans lie in a heap. */
  stoppedDrumTransfer: number;
  /** The BT probe's lag behind what surrounds it (the bean mass, or the air in an empty drum). */
  probeTimeConstantS: number;
  /** Share of the air's temperature in what the probe reads when buried in beans. */
  probeAirShare: number;
}

/** A commercial drum roaster for 500 lb batches (1.8 MMBTU/h of burner). */
export const demoRoasterSpec: RoasterSpec = {
  capacityLbs: 500,
  ambientF: 70,
  burnerMaxBtuPerS: 500,
  maxInletF: 1_200,
  inletTimeConstantS: 8,
  airflowMaxBtuPerSF: 1,
  airCapacityBtuPerF: 12,
  drumCapacityBtuPerF: 600,
  drumToAirBtuPerSF: 1.5,
  drumToRoomBtuPerSF: 0.05,
  airToBeanBtuPerSFLb: 0.004,
  stoppedDrumTransfer: 0.3,
  probeTimeConstantS: 35,
  probeAirShare: 0.1,
};

/**
 * The same roaster built for another batch: burner, airflow, the drum's heat capacities and
 * conductances all scale with the batch, so a full batch roasts along the same curve.
 */
export function scaledRoasterSpec(spec: RoasterSpec, capacityLbs: number): RoasterSpec {
  const k = capacityLbs / spec.capacityLbs;
  return {
    ...spec,
    capacityLbs,
    burnerMaxBtuPerS: spec.burnerMaxBtuPerS * k,
    airflowMaxBtuPerSF: spec.airflowMaxBtuPerSF * k,
    airCapacityBtuPerF: spec.airCapacityBtuPerF * k,
    drumCapacityBtuPerF: spec.drumCapacityBtuPerF * k,
    drumToAirBtuPerSF: spec.drumToAirBtuPerSF * k,
    drumToRoomBtuPerSF: spec.drumToRoomBtuPerSF * k,
  };
}

export interface GreenLot {
  /** Water as a share of the green weight, typically 0.10-0.12. */
  moisture: number;
  /** Free-settled bulk density, g/L (about 650-750): denser beans heat slower and crack hotter. */
  densityGPerL: number;
}

export const typicalGreenLot: GreenLot = { moisture: 0.11, densityGPerL: 700 };

/** Coffee's own physics, the same in every roaster. */
export const BeanPhysics = {
  referenceDensityGPerL: 700,
  dryMatterBtuPerLbF: 0.3,
  waterBtuPerLbF: 1,
  /** Evaporation and desorption of bound water. */
  latentBtuPerLb: 1_050,
  /** Net heat per lb of organic loss once first crack sets pyrolysis off, bound water included. */
  pyrolysisBtuPerLb: 100,
  /**
   * Drying takes up to this share of the heat reaching the beans, scaled by how warm and how wet
   * they are: drying is limited by the heat that reaches the beans.
   */
  dryingMaxShare: 0.9,
  dryingStartF: 150,
  dryingFullF: 250,
  /** Moisture (dry basis) at which drying takes half its share: bound water leaves slowly. */
  dryingHalfMoisture: 0.03,
  /**
   * From first crack, the cracked cells let the bound water out as the roast reactions proceed,
   * slower the drier the bean: dw/dR = -k w² (w dry basis, R the roast degree), so 1/w grows
   * with the degree and a dark roast ends drier than a light one, and a wetter lot wetter.
   */
  boundWaterRelease: 5,
  /** Roast degree: minutes-equivalent at this bean temperature; the rate grows × e per step. */
  degreeReferenceF: 400,
  degreeStepF: 25,
  /** Organic loss (share of dry matter) approaches this as the roast degree grows. */
  maxOrganicLoss: 0.13,
  organicDegreeScale: 12,
  /** Whole-bean colour: floor + span × e^(-degree / scale). */
  colourFloor: 25,
  colourSpan: 70,
  colourDegreeScale: 8,
  /** First and second crack of a lot of density 650 g/L, and the extra for a 750 g/L lot. */
  firstCrackF: 385,
  secondCrackF: 430,
  crackDensitySpreadF: { first: 15, second: 10 },
} as const;

export interface RoastInputs {
  burnerPct: number;
  airflowPct: number;
  drumRunning: boolean;
}

export interface Batch {
  lot: GreenLot;
  greenLbs: number;
  /** Time since charge. */
  elapsedMs: number;
  /** The bean mass's own temperature; BT is the probe's reading of it. */
  beanF: number;
  waterLbs: number;
  /** Thermal dose of the roast reactions, minutes-equivalent at 400 °F: colour and loss follow it. */
  degree: number;
  /** Time since charge when the crack started, or null before. */
  firstCrackMs: number | null;
  secondCrackMs: number | null;
}

export interface RoastState {
  inletF: number;
  etF: number;
  drumF: number;
  btF: number;
  batch: Batch | null;
}

export interface RoastResult {
  greenLbs: number;
  roastedLbs: number;
  waterLossLbs: number;
  organicLossLbs: number;
  /** Share of the green weight lost. */
  loss: number;
  /** The water left in the beans, as a share of the roasted weight. */
  roastedMoisture: number;
  /** Agtron-like whole-bean reading: about 95 very light to 35 very dark. */
  colour: number;
  endBeanF: number;
  endBtF: number;
  roastMs: number;
  firstCrackMs: number | null;
  /** From first crack to drop, 0 if the beans never cracked. */
  developmentMs: number;
}

/** The longest stretch integrated at once: larger steps are cut into equal sub-steps. */
export const MAX_SUB_STEP_MS = 100;

/** A cold roaster: everything at room temperature, drum empty. */
export function coldRoaster(spec: RoasterSpec): RoastState {
  const t = spec.ambientF;
  return { inletF: t, etF: t, drumF: t, btF: t, batch: null };
}

/** The empty roaster once it has soaked at these inputs: the end of a between-batch preheat. */
export function preheatedRoaster(spec: RoasterSpec, inputs: RoastInputs): RoastState {
  const a = spec.ambientF;
  const inletF = inletTargetF(spec, inputs);
  const air = airflowBtuPerSF(spec, inputs);
  // The drum in series with its shell losses, as seen from the air.
  const drumPath =
    (spec.drumToAirBtuPerSF * spec.drumToRoomBtuPerSF) /
    (spec.drumToAirBtuPerSF + spec.drumToRoomBtuPerSF);
  const etF = (air * inletF + drumPath * a) / (air + drumPath);
  const drumF =
    (spec.drumToAirBtuPerSF * etF + spec.drumToRoomBtuPerSF * a) /
    (spec.drumToAirBtuPerSF + spec.drumToRoomBtuPerSF);
  return { inletF, etF, drumF, btF: etF, batch: null };
}

/** Green beans in at room temperature; the probe then reads them with its lag. */
export function charge(
  spec: RoasterSpec,
  state: RoastState,
  lot: GreenLot,
  greenLbs: number,
): RoastState {
  return {
    ...state,
    batch: {
      lot,
      greenLbs,
      elapsedMs: 0,
      beanF: spec.ambientF,
      waterLbs: greenLbs * lot.moisture,
      degree: 0,
      firstCrackMs: null,
      secondCrackMs: null,
    },
  };
}

/**
 * Green beans in while the charge gate is open: the first charge the drum, the rest join the
 * batch at room temperature, so the probe starts falling with the first beans in.
 */
export function addBeans(
  spec: RoasterSpec,
  state: RoastState,
  lot: GreenLot,
  greenLbs: number,
): RoastState {
  const { batch } = state;
  if (!batch) return charge(spec, state, lot, greenLbs);
  const total = batch.greenLbs + greenLbs;
  return {
    ...state,
    batch: {
      ...batch,
      greenLbs: total,
      waterLbs: batch.waterLbs + greenLbs * lot.moisture,
      beanF: (batch.beanF * batch.greenLbs + spec.ambientF * greenLbs) / total,
    },
  };
}

/** Beans out: the roaster keeps its heat, the result is what the batch became. */
export function drop(state: RoastState): { state: RoastState; result: RoastResult } {
  if (!state.batch) throw new Error('Nothing to drop: the drum is empty');
  return { state: { ...state, batch: null }, result: roastResult(state.batch, state.btF) };
}

export function roastResult(batch: Batch, btF: number): RoastResult {
  const waterLossLbs = batch.greenLbs * batch.lot.moisture - batch.waterLbs;
  const organicLossLbs = organicLoss(batch);
  const roastedLbs = batch.greenLbs - waterLossLbs - organicLossLbs;
  return {
    greenLbs: batch.greenLbs,
    roastedLbs,
    waterLossLbs,
    organicLossLbs,
    loss: 1 - roastedLbs / batch.greenLbs,
    roastedMoisture: batch.waterLbs / roastedLbs,
    colour: colourOf(batch.degree),
    endBeanF: batch.beanF,
    endBtF: btF,
    roastMs: batch.elapsedMs,
    firstCrackMs: batch.firstCrackMs,
    developmentMs: batch.firstCrackMs === null ? 0 : batch.elapsedMs - batch.firstCrackMs,
  };
}

export function colourOf(degree: number): number {
  const { colourFloor, colourSpan, colourDegreeScale } = BeanPhysics;
  return colourFloor + colourSpan * Math.exp(-degree / colourDegreeScale);
}

export function crackTemperaturesF(lot: GreenLot): { first: number; second: number } {
  const { firstCrackF, secondCrackF, crackDensitySpreadF } = BeanPhysics;
  const hardness = clamp((lot.densityGPerL - 650) / 100, 0, 1);
  return {
    first: firstCrackF + crackDensitySpreadF.first * hardness,
    second: secondCrackF + crackDensitySpreadF.second * hardness,
  };
}

/** Advances the roaster by `dtMs` under constant inputs, in equal sub-steps of at most 100 ms. */
export function step(
  spec: RoasterSpec,
  state: RoastState,
  inputs: RoastInputs,
  dtMs: number,
): RoastState {
  const count = Math.ceil(dtMs / MAX_SUB_STEP_MS);
  let next = state;
  for (let i = 0; i < count; i++) next = subStep(spec, next, inputs, dtMs / count);
  return next;
}

/**
 * One sub-step: the inlet, ET, the drum and the probe relax exactly towards what surrounds them, the
 * slow bean mass takes an explicit Euler step. Either way every new temperature is a weighted mean
 * of old ones (plus the exotherm), which keeps the model stable and its bounds provable.
 */
function subStep(
  spec: RoasterSpec,
  state: RoastState,
  inputs: RoastInputs,
  dtMs: number,
): RoastState {
  const dt = dtMs / 1_000;
  const { batch } = state;
  const air = airflowBtuPerSF(spec, inputs);
  const beanConductance = batch ? beanConductanceBtuPerSF(spec, batch, inputs) : 0;
  const toBeans = beanConductance * (state.etF - (batch?.beanF ?? 0));

  const inletF = lag(state.inletF, inletTargetF(spec, inputs), dt / spec.inletTimeConstantS);
  const etF = relax(
    state.etF,
    [
      [air, (state.inletF + inletF) / 2],
      [spec.drumToAirBtuPerSF, state.drumF],
      [beanConductance, batch?.beanF ?? 0],
    ],
    dt / spec.airCapacityBtuPerF,
  );
  const drumF = relax(
    state.drumF,
    [
      [spec.drumToAirBtuPerSF, (state.etF + etF) / 2],
      [spec.drumToRoomBtuPerSF, spec.ambientF],
    ],
    dt / spec.drumCapacityBtuPerF,
  );
  // In the bean mass the probe also feels some of the air between the beans.
  const probeTarget = batch
    ? batch.beanF + spec.probeAirShare * (state.etF - batch.beanF)
    : state.etF;
  const btF = lag(state.btF, probeTarget, dt / spec.probeTimeConstantS);

  return {
    inletF,
    etF,
    drumF,
    btF,
    batch: batch && beansAfter(batch, toBeans, dtMs),
  };
}

/** The beans take the heat that reaches them: drying first, then warming, pyrolysis after FC. */
function beansAfter(batch: Batch, heatBtuPerS: number, dtMs: number): Batch {
  const dt = dtMs / 1_000;
  const dryLbs = batch.greenLbs * (1 - batch.lot.moisture);
  const capacity =
    dryLbs * BeanPhysics.dryMatterBtuPerLbF + batch.waterLbs * BeanPhysics.waterBtuPerLbF;
  // Beans that lose heat stop drying; drying never draws them below the air around them.
  const drying = heatBtuPerS > 0 ? heatBtuPerS * dryingShare(batch, dryLbs) : 0;
  const degreeRate =
    Math.exp((batch.beanF - BeanPhysics.degreeReferenceF) / BeanPhysics.degreeStepF) / 60;
  const degree = batch.degree + degreeRate * dt;
  const organicLbs = organicLoss({ ...batch, degree }) - organicLoss(batch);
  const pyrolysis =
    batch.firstCrackMs === null ? 0 : (organicLbs / dt) * BeanPhysics.pyrolysisBtuPerLb;
  const beanF = batch.beanF + ((heatBtuPerS - drying + pyrolysis) * dt) / capacity;
  const waterLbs =
    batch.waterLbs -
    (drying * dt) / BeanPhysics.latentBtuPerLb -
    boundWaterReleased(batch, dryLbs, degree - batch.degree);
  const elapsedMs = batch.elapsedMs + dtMs;
  const cracks = crackTemperaturesF(batch.lot);
  return {
    ...batch,
    elapsedMs,
    beanF,
    waterLbs,
    degree,
    firstCrackMs: batch.firstCrackMs ?? (beanF >= cracks.first ? elapsedMs : null),
    secondCrackMs: batch.secondCrackMs ?? (beanF >= cracks.second ? elapsedMs : null),
  };
}

function dryingShare(batch: Batch, dryLbs: number): number {
  const { dryingMaxShare, dryingStartF, dryingFullF, dryingHalfMoisture } = BeanPhysics;
  const warmth = clamp((batch.beanF - dryingStartF) / (dryingFullF - dryingStartF), 0, 1);
  const moisture = batch.waterLbs / dryLbs;
  return (dryingMaxShare * warmth * moisture) / (moisture + dryingHalfMoisture);
}

/**
 * The bound water first crack frees over a step of roast degree. Its latent heat is part of the
 * net heat of the roast reactions after first crack (H_pyro, calibrated on the demo curve as a net
 * figure): charged on its own it would stall the development, the beans being within 10-20 °F of
 * the air by then.
 */
function boundWaterReleased(batch: Batch, dryLbs: number, degreeStep: number): number {
  if (batch.firstCrackMs === null) return 0;
  const moisture = batch.waterLbs / dryLbs;
  return batch.waterLbs * moisture * BeanPhysics.boundWaterRelease * degreeStep;
}

function organicLoss(batch: Batch): number {
  const { maxOrganicLoss, organicDegreeScale } = BeanPhysics;
  const dryLbs = batch.greenLbs * (1 - batch.lot.moisture);
  return dryLbs * maxOrganicLoss * (1 - Math.exp(-batch.degree / organicDegreeScale));
}

function inletTargetF(spec: RoasterSpec, inputs: RoastInputs): number {
  const heat = (spec.burnerMaxBtuPerS * clamp(inputs.burnerPct, 0, 100)) / 100;
  if (heat === 0) return spec.ambientF;
  const air = airflowBtuPerSF(spec, inputs);
  return air === 0 ? spec.maxInletF : Math.min(spec.maxInletF, spec.ambientF + heat / air);
}

function airflowBtuPerSF(spec: RoasterSpec, inputs: RoastInputs): number {
  return (spec.airflowMaxBtuPerSF * clamp(inputs.airflowPct, 0, 100)) / 100;
}

function beanConductanceBtuPerSF(spec: RoasterSpec, batch: Batch, inputs: RoastInputs): number {
  const density = BeanPhysics.referenceDensityGPerL / batch.lot.densityGPerL;
  const tumbling = inputs.drumRunning ? 1 : spec.stoppedDrumTransfer;
  return spec.airToBeanBtuPerSFLb * batch.greenLbs * density * tumbling;
}

/**
 * A node exchanging heat with its neighbours ([conductance, temperature] pairs) moves towards their
 * conductance-weighted mean, exactly so while they hold still: fast nodes stay accurate at 100 ms.
 */
function relax(
  value: number,
  neighbours: [conductance: number, temperature: number][],
  secondsPerCapacity: number,
): number {
  let conductance = 0;
  let weighted = 0;
  for (const [c, t] of neighbours) {
    conductance += c;
    weighted += c * t;
  }
  return lag(value, weighted / conductance, conductance * secondsPerCapacity);
}

/** A first-order lag over `periods` time constants, exact while the target holds. */
function lag(value: number, target: number, periods: number): number {
  return target + (value - target) * Math.exp(-periods);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
