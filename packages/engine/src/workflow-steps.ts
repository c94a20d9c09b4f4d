import type { CommandRef, WaitDevice, WorkflowDefinition, WorkflowStep } from '@roastery/contract';

export function stepRef(step: WorkflowStep): CommandRef {
  return { device_id: step.device_id, command_kind: step.type, command_id: step.command_id };
}

export function waitRef(wait: WaitDevice): CommandRef {
  return { device_id: wait.device_id, command_kind: wait.type, command_id: wait.command_id };
}

export function sameRef(a: CommandRef, b: CommandRef): boolean {
  return (
    a.device_id === b.device_id &&
    a.command_kind === b.command_kind &&
    a.command_id === b.command_id
  );
}

/** Steps in the order a run executes them. */
export function sortedSteps(workflow: Pick<WorkflowDefinition, 'steps'>): WorkflowStep[] {
  return [...workflow.steps].sort((a, b) => a.sort_no - b.sort_no || a.id - b.id);
}

/** The devices a run writes to: the ones it holds a lock on. */
export function drivenDevices(steps: readonly WorkflowStep[]): string[] {
  return [...new Set(steps.map((step) => step.device_id))];
}

/** Every device the workflow writes or waits on: none may be in manual mode at start. */
export function workflowDevices(steps: readonly WorkflowStep[]): string[] {
  return [
    ...new Set(
      steps.flatMap((step) => [step.device_id, ...step.wait_device.map((w) => w.device_id)]),
    ),
  ];
}
