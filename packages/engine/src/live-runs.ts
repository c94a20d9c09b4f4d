import type { WorkflowRun } from '@roastery/contract';
import type { RunWait } from './engine-types.ts';

/** A run the engine holds in memory, with what only lives while the process does. */
export interface LiveRun {
  run: WorkflowRun;
  /** Saves are chained so they reach the store in transition order. */
  saving: Promise<void>;
  driving: Promise<void>;
  cancelPauseTimer: (() => void) | undefined;
  /** The wait the run is in, and since when; only while it waits on the plant. */
  wait: { kind: RunWait['kind']; since: string } | undefined;
  /** Waiting for something only the plant or a person at it ends: a condition or a write. */
  onPlant: boolean;
}

/** Every run not cleared, by id, and the run each workflow's run screen shows. */
export class LiveRuns {
  readonly #byId = new Map<string, LiveRun>();
  /** The run each workflow's run screen shows: the latest one not cleared. */
  readonly #current = new Map<number, string>();

  /** Holds the run in memory as its workflow's current run. */
  track(run: WorkflowRun): LiveRun {
    const live: LiveRun = {
      run,
      saving: Promise.resolve(),
      driving: Promise.resolve(),
      cancelPauseTimer: undefined,
      wait: undefined,
      onPlant: false,
    };
    this.#byId.set(run.id, live);
    this.#current.set(run.workflow_id, run.id);
    return live;
  }

  /** Drops a cleared run; its workflow has no current run unless a newer one took its place. */
  forget(live: LiveRun): void {
    this.#byId.delete(live.run.id);
    if (this.#current.get(live.run.workflow_id) === live.run.id) {
      this.#current.delete(live.run.workflow_id);
    }
  }

  get(runId: string): LiveRun | undefined {
    return this.#byId.get(runId);
  }

  has(runId: string): boolean {
    return this.#byId.has(runId);
  }

  currentOf(workflowId: number): LiveRun | undefined {
    const runId = this.#current.get(workflowId);
    return runId === undefined ? undefined : this.#byId.get(runId);
  }

  values(): IterableIterator<LiveRun> {
    return this.#byId.values();
  }
}

/** Awaits what only the plant or a person at it ends, the run marked as waiting on it. */
export async function whileOnPlant<T>(live: LiveRun, waited: Promise<T>): Promise<T> {
  live.onPlant = true;
  try {
    return await waited;
  } finally {
    live.onPlant = false;
  }
}

export function cancelPause(live: LiveRun): void {
  live.cancelPauseTimer?.();
  live.cancelPauseTimer = undefined;
}
