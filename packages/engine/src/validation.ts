import type {
  DynamicValueForm,
  WaitDevice,
  WorkflowDefinition,
  WorkflowProblem,
  WorkflowStep,
} from '@roastery/contract';
import type { CommandInfo, DevicePort } from './ports.ts';
import { stepName } from './step-labels.ts';
import { sortedSteps, stepRef, waitRef } from './workflow-steps.ts';

function rangeProblem(info: CommandInfo, value: number): string | undefined {
  if (!Number.isFinite(value)) return `${value} is not a number`;
  if (info.kind === 'binary' && value !== 0 && value !== 1) {
    return `value ${value} is not 0 or 1`;
  }
  if (value < info.min || value > info.max) {
    return `value ${value} is outside ${info.min}..${info.max}`;
  }
  return undefined;
}

function waitProblems(devices: DevicePort, wait: WaitDevice, n: number): string[] {
  const where = `wait condition ${n}`;
  if (!devices.device(wait.device_id)) return [`${where}: device ${wait.device_id} does not exist`];
  const info = devices.command(waitRef(wait));
  if (!info) {
    return [
      `${where}: ${wait.type} command ${wait.command_id} is not a command of ${wait.device_id}`,
    ];
  }
  const problems: string[] = [];
  if (info.kind === 'binary' && wait.condition !== '=' && wait.condition !== '!=') {
    problems.push(`${where}: a binary command can only be compared with = or !=`);
  }
  const range = rangeProblem(info, wait.command_value);
  if (range) problems.push(`${where} (${wait.device_id} ${info.label}): ${range}`);
  return problems;
}

function stepProblems(devices: DevicePort, step: WorkflowStep): string[] {
  if (!devices.device(step.device_id)) return [`device ${step.device_id} does not exist`];
  const problems: string[] = [];
  const info = devices.command(stepRef(step));
  if (!info) {
    problems.push(`${step.type} command ${step.command_id} is not a command of this device's type`);
  } else if (info.owner !== 'app') {
    problems.push(`${info.label} is reported by the PLC and cannot be written`);
  } else if (!step.dynamic) {
    const range = rangeProblem(info, step.command_value);
    if (range) problems.push(range);
  }
  step.wait_device.forEach((wait, i) => problems.push(...waitProblems(devices, wait, i + 1)));
  return problems;
}

/**
 * Static validation, on save and before every start: each message names its step, as in
 * 'Step 3 (GS1 Inlet Gate): value 2 is not 0 or 1'.
 */
export function validateWorkflow(
  devices: DevicePort,
  workflow: Pick<WorkflowDefinition, 'steps'>,
): WorkflowProblem[] {
  const steps = sortedSteps(workflow);
  if (steps.length === 0) return [{ step_id: null, message: 'The workflow has no steps.' }];
  return steps.flatMap((step, index) =>
    stepProblems(devices, step).map((problem) => ({
      step_id: step.id,
      message: `${stepName(devices, step, index)}: ${problem}`,
    })),
  );
}

/** The values a person must give at start, one per dynamic step, with the spec's wording. */
export function validateDynamicValues(
  devices: DevicePort,
  workflow: Pick<WorkflowDefinition, 'steps'>,
  values: Record<string, number>,
): WorkflowProblem[] {
  return sortedSteps(workflow).flatMap((step, index) => {
    if (!step.dynamic) return [];
    const info = devices.command(stepRef(step));
    const value = values[String(step.id)];
    if (value === undefined) {
      const device = devices.device(step.device_id)?.device_name ?? step.device_id;
      const name = info?.label ?? `command ${step.command_id}`;
      return [{ step_id: step.id, message: `Please set ${name} for ${device}` }];
    }
    const range = info && rangeProblem(info, value);
    return range
      ? [{ step_id: step.id, message: `${stepName(devices, step, index)}: ${range}` }]
      : [];
  });
}

/** The spec's "check before start": which dynamic values the start dialog asks for. */
export function dynamicValueForm(
  devices: DevicePort,
  workflow: Pick<WorkflowDefinition, 'name' | 'steps'>,
): DynamicValueForm {
  const form = sortedSteps(workflow)
    .filter((step) => step.dynamic)
    .map((step) => ({
      step_id: step.id,
      name: devices.command(stepRef(step))?.label ?? `command ${step.command_id}`,
      device_name: devices.device(step.device_id)?.device_name ?? step.device_id,
    }));
  return { show: form.length > 0, data: form.length > 0 ? [{ name: workflow.name, form }] : [] };
}
