import {
  GREEN_SILO_TYPE_ID,
  ROASTED_BIN_TYPE_ID,
  type CommandRef,
  type WorkflowStep,
} from '@roastery/contract';
import type { DeviceMode } from '@roastery/engine';
import type { CommandRole } from '../../plant/catalog/plant-catalog.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { BatchPlant } from './batch-steps.ts';
import { toCenti } from '../inventory/weights.ts';

/**
 * What order runs ask of the plant, by role and device type over the catalog: which steps
 * charge from silos or land in bins, what the PLC weighs, and each device's mode.
 */
export class PlantView implements BatchPlant {
  readonly #runtime: PlantRuntime;
  readonly #mode: (deviceId: string) => DeviceMode;

  constructor(runtime: PlantRuntime, mode: (deviceId: string) => DeviceMode) {
    this.#runtime = runtime;
    this.#mode = mode;
  }

  mode(deviceId: string): DeviceMode {
    return this.#mode(deviceId);
  }

  ref(deviceId: string, role: CommandRole): CommandRef | undefined {
    return this.#runtime.catalog()?.refOf(deviceId, role);
  }

  #writes(step: WorkflowStep, role: CommandRole): boolean {
    const ref = this.ref(step.device_id, role);
    return (
      ref !== undefined && ref.command_kind === step.type && ref.command_id === step.command_id
    );
  }

  #isType(deviceId: string, typeId: number): boolean {
    return this.#runtime.catalog()?.device(deviceId)?.device_type === typeId;
  }

  isGreenSilo(deviceId: string): boolean {
    return this.#isType(deviceId, GREEN_SILO_TYPE_ID);
  }

  isRoastedBin(deviceId: string): boolean {
    return this.#isType(deviceId, ROASTED_BIN_TYPE_ID);
  }

  /** A value the PLC reports for a standard command; null when it does not report it now. */
  reading(deviceId: string, role: CommandRole): number | null {
    return this.#runtime.reading(deviceId, role);
  }

  isSiloDischarge(step: WorkflowStep): boolean {
    return this.isGreenSilo(step.device_id) && this.#writes(step, 'discharge-gate');
  }

  isBinInlet(step: WorkflowStep): boolean {
    return this.#isType(step.device_id, ROASTED_BIN_TYPE_ID) && this.#writes(step, 'inlet-gate');
  }

  /** The step opens the discharge gate of any bin or silo (what a packing run draws from). */
  opensDischarge(step: WorkflowStep): boolean {
    return this.#writes(step, 'discharge-gate') && step.command_value === 1;
  }

  /** The device of the steps that reports green weight: the roaster of a roasting workflow. */
  roasterOf(steps: readonly WorkflowStep[]): string | undefined {
    return steps.find((s) => this.ref(s.device_id, 'green-weight'))?.device_id;
  }

  /** A weight the PLC reports, in hundredths; null when it does not report it now. */
  weighCenti(deviceId: string, role: CommandRole): number | null {
    const lbs = this.#runtime.reading(deviceId, role);
    return lbs === null ? null : toCenti(lbs);
  }

  /** The value a command holds in the PLC now (a set-point it keeps), when it reports one. */
  heldValue(step: WorkflowStep): number | undefined {
    const reading = this.#runtime.value({
      device_id: step.device_id,
      command_kind: step.type,
      command_id: step.command_id,
    });
    return reading && reading.quality !== 'offline' && reading.value !== null
      ? reading.value
      : undefined;
  }

  deviceName(deviceId: string): string {
    return this.#runtime.catalog()?.device(deviceId)?.device_name ?? deviceId;
  }

  commandLabel(step: WorkflowStep): string {
    return this.#runtime.catalog()?.labelOf(step.type, step.command_id) ?? `${step.command_id}`;
  }
}
