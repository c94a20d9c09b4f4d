import type { WorkflowRun } from '@roastery/contract';
import type { RunStore } from '../ports.ts';

/** A run store in memory that keeps every saved version, as a database would keep the last. */
export class MemoryRunStore implements RunStore {
  readonly #runs = new Map<string, WorkflowRun>();
  /** Every save in order, to check that each transition was stored. */
  readonly saves: WorkflowRun[] = [];

  async save(run: WorkflowRun): Promise<void> {
    const copy = structuredClone(run);
    this.#runs.set(run.id, copy);
    this.saves.push(copy);
  }

  async load(runId: string): Promise<WorkflowRun | undefined> {
    const run = this.#runs.get(runId);
    return run && structuredClone(run);
  }

  async listUncleared(): Promise<WorkflowRun[]> {
    return [...this.#runs.values()]
      .filter((run) => run.cleared_at === null)
      .map((run) => structuredClone(run));
  }

  /** The stored version, synchronously, for assertions. */
  get(runId: string): WorkflowRun | undefined {
    return this.#runs.get(runId);
  }
}
