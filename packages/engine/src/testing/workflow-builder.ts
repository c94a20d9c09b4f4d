import type {
  WaitDevice,
  WorkflowDefinition,
  WorkflowStep,
  WorkflowTrigger,
} from '@roastery/contract';
import { WORKFLOW_SETTING_DEFAULTS } from '@roastery/contract';

/** A step with the spec's defaults; tests name only what matters to them. */
export function step(
  fields: Pick<WorkflowStep, 'device_id' | 'command_id'> & Partial<WorkflowStep>,
): WorkflowStep {
  return {
    id: 0,
    sort_no: 0,
    type: 'binary',
    command_value: 1,
    dynamic: false,
    wait_finish: false,
    wait_device: [],
    current_mode: null,
    color: null,
    timeout_s: null,
    ...fields,
  };
}

export function waitOn(
  fields: Pick<WaitDevice, 'device_id' | 'command_id' | 'command_value'> & Partial<WaitDevice>,
): WaitDevice {
  return { type: 'binary', condition: '=', is_silo: false, ...fields };
}

/** A workflow whose steps get ids and sort numbers in the order given. */
export function workflowOf(
  id: number,
  name: string,
  steps: WorkflowStep[],
  settings: Partial<WorkflowDefinition['settings']> = {},
): WorkflowDefinition {
  return {
    id,
    name,
    type: 'moving',
    steps: steps.map((s, i) => ({ ...s, id: id * 100 + i + 1, sort_no: i + 1 })),
    settings: { ...WORKFLOW_SETTING_DEFAULTS, ...settings },
  };
}

export function trigger(
  id: number,
  workflow: number,
  when: WorkflowTrigger['when'],
  parent: number | null = null,
): WorkflowTrigger {
  return { id, workflow, when, parent };
}
