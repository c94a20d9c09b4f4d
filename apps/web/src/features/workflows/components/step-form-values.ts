import type { StepFields, WaitConditionOperator, WorkflowStep } from '@roastery/contract';
import type { CommandKind } from '../lib/command-options.ts';

export interface WaitDeviceValues {
  device_id?: string;
  type: CommandKind;
  command_id?: number;
  condition?: WaitConditionOperator;
  command_value?: number;
  is_silo?: boolean;
}

export interface StepFormValues {
  device_id?: string;
  type: CommandKind;
  command_id?: number;
  command_value?: number | null;
  dynamic: boolean;
  wait_finish: boolean;
  wait_device: WaitDeviceValues[];
}

export const emptyStep: StepFormValues = {
  type: 'binary',
  dynamic: false,
  wait_finish: false,
  wait_device: [],
};

export const emptyWait: WaitDeviceValues = { type: 'binary', condition: '=' };

export function stepToValues(step: WorkflowStep): StepFormValues {
  return {
    device_id: step.device_id,
    type: step.type,
    command_id: step.command_id,
    command_value: step.dynamic ? null : step.command_value,
    dynamic: step.dynamic,
    wait_finish: step.wait_finish,
    wait_device: step.wait_device.map((wait) => ({ ...wait })),
  };
}

/**
 * The body of a create or update, from a validated form. A missing value is sent as 0 (spec);
 * binary waits compare with '=' (the spec asks for a condition on input waits only). Fields the
 * form does not edit (mode, colour, timeout) are kept from the step being edited.
 */
export function valuesToFields(values: StepFormValues, editing?: WorkflowStep): StepFields {
  return {
    device_id: values.device_id ?? '',
    type: values.type,
    command_id: values.command_id ?? 0,
    command_value: values.command_value ?? 0,
    dynamic: values.dynamic,
    wait_finish: values.wait_finish,
    wait_device: values.wait_device.map((wait) => ({
      device_id: wait.device_id ?? '',
      type: wait.type,
      command_id: wait.command_id ?? 0,
      condition: wait.type === 'input' ? (wait.condition ?? '=') : '=',
      command_value: wait.command_value ?? 0,
      is_silo: wait.is_silo ?? false,
    })),
    ...(editing
      ? { current_mode: editing.current_mode, color: editing.color, timeout_s: editing.timeout_s }
      : {}),
  };
}
