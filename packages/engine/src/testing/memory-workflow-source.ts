import type { WorkflowDefinition, WorkflowTrigger } from '@roastery/contract';
import type { WorkflowSource } from '../ports.ts';

export class MemoryWorkflowSource implements WorkflowSource {
  readonly workflows = new Map<number, WorkflowDefinition>();
  readonly triggerList: WorkflowTrigger[] = [];

  constructor(workflows: WorkflowDefinition[] = [], triggers: WorkflowTrigger[] = []) {
    for (const workflow of workflows) this.workflows.set(workflow.id, workflow);
    this.triggerList.push(...triggers);
  }

  async workflow(id: number): Promise<WorkflowDefinition | undefined> {
    return this.workflows.get(id);
  }

  async triggers(): Promise<WorkflowTrigger[]> {
    return [...this.triggerList];
  }
}
