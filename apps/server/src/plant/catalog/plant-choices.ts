import { CAPACITY_TYPE_IDS, Stage, type PlantDevice, type WorkflowStep } from '@roastery/contract';
import type { PlantCatalog } from './plant-catalog.ts';

/** A device as a form offers it. */
export interface DeviceChoice {
  device_id: string;
  device_name: string;
}

/** A roaster is the device that reports the roasted weight it drops (a catalog role). */
export function isRoaster(catalog: PlantCatalog, code: string): boolean {
  return catalog.refOf(code, 'roasted-weight') !== undefined;
}

/**
 * The roaster a roasting workflow runs on: the first device of its steps that is a roaster.
 * Its batch size is the value the workflow writes to the roaster's batch-size command.
 */
export function roasterOf(
  catalog: PlantCatalog,
  steps: readonly WorkflowStep[],
): (DeviceChoice & { batch_lbs: number | null }) | undefined {
  const step = steps.find((s) => isRoaster(catalog, s.device_id));
  const device = step && catalog.device(step.device_id);
  if (!device) return undefined;
  const batch = steps.find(
    (s) =>
      s.device_id.toLowerCase() === device.device_id.toLowerCase() &&
      s.type === 'input' &&
      !s.dynamic &&
      catalog.roleOf('input', s.command_id) === 'batch-size',
  );
  return {
    device_id: device.device_id,
    device_name: device.device_name,
    batch_lbs: batch ? batch.command_value : null,
  };
}

const choice = (d: PlantDevice): DeviceChoice => ({
  device_id: d.device_id,
  device_name: d.device_name,
});

/**
 * Where roasted beans may land: the roasted-stage bins that carry a capacity (WRB bins), never
 * a virtual bin. A re-entry bin takes rework, not a batch, and has no capacity type.
 */
export function destinationBins(catalog: PlantCatalog): DeviceChoice[] {
  return catalog.definition.devices
    .filter(
      (d) =>
        d.device_stage === Stage.Roasted && CAPACITY_TYPE_IDS.includes(d.device_type) && !d.virtual,
    )
    .map(choice);
}

export function roasters(catalog: PlantCatalog): DeviceChoice[] {
  return catalog.definition.devices.filter((d) => isRoaster(catalog, d.device_id)).map(choice);
}

/** The choice among these whose code matches, ignoring case as device codes do. */
export function findChoice<T extends DeviceChoice>(choices: T[], code: string): T | undefined {
  return choices.find((c) => c.device_id.toLowerCase() === code.toLowerCase());
}
