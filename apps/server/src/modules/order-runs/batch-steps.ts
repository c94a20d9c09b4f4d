import type { CommandRef, WaitDevice, WorkflowStep } from '@roastery/contract';
import { sortedSteps } from '@roastery/engine';
import type { GreenLotFigures } from './green-lot-figures.ts';

/** What the expansion needs to know of the plant, asked by role (never by label text). */
export interface BatchPlant {
  /** The step opens or closes the discharge gate of a green silo. */
  isSiloDischarge(step: WorkflowStep): boolean;
  /** The step opens or closes the inlet gate of a roasted-bean bin. */
  isBinInlet(step: WorkflowStep): boolean;
  /** A device's command for a role, when it has one. */
  ref(
    deviceId: string,
    role:
      | 'batch-size'
      | 'green-weight'
      | 'bean-temperature'
      | 'drop-requested'
      | 'green-moisture'
      | 'green-density',
  ): CommandRef | undefined;
}

export interface BatchStepsInput {
  workflowName: string;
  steps: readonly WorkflowStep[];
  roaster: string;
  /** The batch's green weight, hundredths of a lb. */
  batchCenti: number;
  /**
   * The planned silos in charging order, each with what the roaster should weigh from it and
   * how much before its cumulative target its gate closes (the weight expected in flight).
   */
  draws: readonly { deviceCode: string; plannedCenti: number; preactCenti?: number }[];
  /** Where the roasted beans land; null keeps the workflow's bin. */
  destination: string | null;
  /** The batch follows a roast profile, whose end condition ends the roast. */
  profiled?: boolean;
  /**
   * What the roaster is told of the green beans it charges, where it has the registers for it;
   * a figure nobody knows is written as 0 (not known), and both are set to 0 again at the end.
   */
  greenLot?: GreenLotFigures;
  plant: BatchPlant;
}

export type BatchSteps = { ok: true; steps: WorkflowStep[] } | { ok: false; problem: string };

const lbs = (centi: number) => centi / 100;

function remap(step: WorkflowStep, from: string, to: string): WorkflowStep {
  const device = (id: string) => (id === from ? to : id);
  return {
    ...step,
    device_id: device(step.device_id),
    wait_device: step.wait_device.map((w) => ({ ...w, device_id: device(w.device_id) })),
  };
}

/**
 * A batch's own steps, from its roasting workflow and its plan. The workflow's silo-charging
 * steps (a green silo's discharge gate opened until the roaster weighs the batch, then closed)
 * become one open-wait-close per planned silo, each waiting until the roaster's green weight
 * reaches the plan's cumulative target less the silo's preact (what will still fall once the
 * gate is told to close), so the last one, which has none, waits for the whole batch. The roaster's
 * batch size is set to the batch, its green lot's moisture and density are written to it, and the
 * roasted beans land in the order's destination.
 */
export function batchSteps(input: BatchStepsInput): BatchSteps {
  const { plant, roaster } = input;
  const steps = sortedSteps({ steps: [...input.steps] });
  const charge = steps.find((s) => plant.isSiloDischarge(s) && s.command_value === 1);
  if (!charge) {
    return {
      ok: false,
      problem: `The roasting workflow '${input.workflowName}' has no step that opens a green silo's discharge gate, so its batches cannot be charged from the planned silos.`,
    };
  }
  const green = plant.ref(roaster, 'green-weight');
  if (!green) {
    return { ok: false, problem: `${roaster} does not report the green weight of its batches.` };
  }
  const close = steps.find(
    (s) =>
      plant.isSiloDischarge(s) &&
      s.command_value === 0 &&
      s.device_id === charge.device_id &&
      s.sort_no >= charge.sort_no,
  );
  const isGreenWait = (w: WaitDevice) =>
    w.device_id === green.device_id &&
    w.type === green.command_kind &&
    w.command_id === green.command_id;
  let nextId = Math.max(0, ...steps.map((s) => s.id)) + 1;
  let cumulative = 0;
  const charging = input.draws.flatMap((draw) => {
    cumulative += draw.plannedCenti;
    const target: WaitDevice = {
      device_id: green.device_id,
      type: green.command_kind,
      command_id: green.command_id,
      condition: '>=',
      command_value: lbs(cumulative - (draw.preactCenti ?? 0)),
      is_silo: false,
    };
    const open = remap(
      {
        ...charge,
        id: nextId++,
        command_value: 1,
        wait_device: [...charge.wait_device.filter((w) => !isGreenWait(w)), target],
      },
      charge.device_id,
      draw.deviceCode,
    );
    const shut = remap(
      { ...(close ?? { ...charge, wait_device: [] }), id: nextId++, command_value: 0 },
      charge.device_id,
      draw.deviceCode,
    );
    return [open, shut];
  });

  // What the batch sets on the roaster before its charge: a step of the workflow that sets one
  // takes the batch's value, and one the workflow lacks comes first. The green lot's figures are
  // the batch's alone: its last steps set them back to 0, so that a roast started otherwise (a
  // workflow run by hand) is not taken for a roast of this lot.
  const { greenLot } = input;
  const presets = [
    { ref: plant.ref(roaster, 'batch-size'), value: lbs(input.batchCenti), clears: false },
    ...(greenLot
      ? [
          {
            ref: plant.ref(roaster, 'green-moisture'),
            value: greenLot.moisturePct ?? 0,
            clears: true,
          },
          {
            ref: plant.ref(roaster, 'green-density'),
            value: greenLot.densityGPerL ?? 0,
            clears: true,
          },
        ]
      : []),
  ].flatMap(({ ref, ...preset }) => (ref ? [{ ref, ...preset }] : []));
  const presetOf = (s: WorkflowStep) =>
    presets.find(
      ({ ref }) =>
        s.device_id === ref.device_id &&
        s.type === ref.command_kind &&
        s.command_id === ref.command_id,
    );
  const written = (ref: CommandRef, value: number): WorkflowStep => ({
    ...charge,
    id: nextId++,
    device_id: roaster,
    type: ref.command_kind,
    command_id: ref.command_id,
    command_value: value,
    dynamic: false,
    wait_finish: true,
    wait_device: [],
  });
  const out = presets
    .filter(({ ref }) => !steps.some((s) => presetOf(s)?.ref === ref))
    .map(({ ref, value }) => written(ref, value));
  for (const step of steps) {
    const preset = presetOf(step);
    if (step === charge) out.push(...charging);
    else if (plant.isSiloDischarge(step)) continue;
    else if (preset) out.push({ ...step, command_value: preset.value, dynamic: false });
    else out.push(step);
  }
  out.push(...presets.filter((p) => p.clears).map(({ ref }) => written(ref, 0)));

  const ended = input.profiled ? endedByProfile(out, roaster, plant) : out;
  const bins = [...new Set(ended.filter((s) => plant.isBinInlet(s)).map((s) => s.device_id))];
  const [bin] = bins;
  const { destination } = input;
  const landed =
    destination && bins.length === 1 && bin !== undefined && bin !== destination
      ? ended.map((s) => remap(s, bin, destination))
      : ended;
  return { ok: true, steps: landed.map((s, i) => ({ ...s, sort_no: i + 1 })) };
}

/**
 * A profiled batch's steps: the workflow's wait on the roaster's bean temperature is its end of
 * roast, and the profile's end condition (a time after first crack, a development ratio, ...)
 * decides it instead. The console's profile controller sets the roaster's 'Drop Request' then,
 * and the wait is for its feedback. A roaster without one keeps the workflow's own wait.
 */
function endedByProfile(steps: WorkflowStep[], roaster: string, plant: BatchPlant): WorkflowStep[] {
  const bt = plant.ref(roaster, 'bean-temperature');
  const drop = plant.ref(roaster, 'drop-requested');
  if (!bt || !drop) return steps;
  const isBtWait = (w: WaitDevice) =>
    w.device_id === bt.device_id && w.type === bt.command_kind && w.command_id === bt.command_id;
  const dropWait: WaitDevice = {
    device_id: drop.device_id,
    type: drop.command_kind,
    command_id: drop.command_id,
    condition: '=',
    command_value: 1,
    is_silo: false,
  };
  return steps.map((step) =>
    step.wait_device.some(isBtWait)
      ? { ...step, wait_device: [...step.wait_device.filter((w) => !isBtWait(w)), dropWait] }
      : step,
  );
}
