import type { RunOwner, RunOwnerKind, RunState } from '@roastery/contract';
import type { EventHub } from '../hub/event-hub.ts';
import { ENDED_RUN_STATES } from '../hub/plant-events.ts';
import { databaseMessage } from '../../lib/db-errors.ts';

/** A workflow run that will do nothing more: finished, failed or stopped. */
export interface EndedRun {
  workflow_id: number;
  run_id: string;
  state: RunState;
  error: string | null;
  /**
   * The request the run was started for; null when none was (a person started it); undefined
   * when the run does not say (stored before runs carried their owner, or not known here).
   */
  owner?: RunOwner | null;
}

/**
 * The owner's half of settling a run: its open request a run was started for and what the run
 * means for it. The settlement around it is the same for every owner.
 */
export interface RunSettler<Request> {
  /** The open request `id`, if it still waits on the run `runId`. */
  request(id: number, runId: string): Promise<Request | undefined>;
  /**
   * The open request the run was started for, if this owner started it: asked only about runs
   * that do not name their owner, such as those stored before runs carried one.
   */
  requestOf(runId: string): Promise<Request | undefined>;
  /** Open requests with the run they wait on, to settle runs that ended while the server was down. */
  waiting(): Promise<{ workflowId: number | null; runId: string | null }[]>;
  /** Books what the run did and closes the request: completed if it finished, failed if not. */
  settle(request: Request, run: EndedRun): Promise<void>;
  /** Marks the request failed when what the run did could not be booked. */
  fail(request: Request, reason: string): Promise<void>;
  /** Names the request for people, e.g. 'Dump L-1 into Green Silo 1'. */
  describe(request: Request): string;
}

export interface RunSettlementDeps {
  hub: EventHub;
  /**
   * The engine's current run of a workflow with its owner: to find runs that ended while nobody
   * listened, and whose request a run that just ended was started for.
   */
  currentRun: (workflowId: number) => EndedRun | undefined;
  alarm: (text: string) => Promise<void>;
  logger: { error(obj: object, msg: string): void };
}

/**
 * One run settlement for everything that starts workflow runs: when a run ends, the owner whose
 * request started it books it on the ledger; a run that failed or was stopped, or whose booking
 * was refused, marks the request failed and raises an alarm.
 */
export class RunSettlement {
  readonly #d: RunSettlementDeps;
  readonly #settlers = new Map<RunOwnerKind, RunSettler<unknown>>();
  #unsubscribe: (() => void) | undefined;

  constructor(deps: RunSettlementDeps) {
    this.#d = deps;
  }

  register<Request>(owner: RunOwnerKind, settler: RunSettler<Request>): void {
    // The settlement hands each settler only the requests it found itself.
    this.#settlers.set(owner, settler as RunSettler<unknown>);
  }

  /** Follows run ends on the hub, after settling the runs that ended while it did not. */
  async start(): Promise<void> {
    this.#unsubscribe = this.#d.hub.subscribe('run', (event) => {
      if (event.change !== 'state' || !ENDED_RUN_STATES.includes(event.state)) return;
      // Read now, while the run that just ended is still its workflow's current run.
      const current = this.#d.currentRun(event.workflow_id);
      const owner = current?.run_id === event.run_id ? current.owner : undefined;
      this.settle({ ...event, owner }).catch((err: unknown) =>
        this.#d.logger.error({ err, run: event.run_id }, 'run could not be settled'),
      );
    });
    for (const settler of this.#settlers.values()) {
      for (const { workflowId, runId } of await settler.waiting()) {
        const run = workflowId === null ? undefined : this.#d.currentRun(workflowId);
        if (run && run.run_id === runId && ENDED_RUN_STATES.includes(run.state)) {
          await this.settle(run);
        }
      }
    }
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  /** Settles one ended run with the owner that started it; a run nobody owns is left alone. */
  async settle(run: EndedRun): Promise<void> {
    if (run.owner === null) return;
    if (run.owner === undefined) {
      await this.#settleUnowned(run);
      return;
    }
    const settler = this.#settlers.get(run.owner.kind);
    const request = await settler?.request(run.owner.id, run.run_id);
    if (settler && request !== undefined) await this.#settleWith(settler, request, run);
  }

  /**
   * A run that does not name its owner, stored before runs carried one (an upgrade with runs
   * under way), or reported by another instance: each owner is asked in turn whether it started it.
   */
  async #settleUnowned(run: EndedRun): Promise<void> {
    for (const settler of this.#settlers.values()) {
      const request = await settler.requestOf(run.run_id);
      if (request === undefined) continue;
      await this.#settleWith(settler, request, run);
      return;
    }
  }

  async #settleWith(settler: RunSettler<unknown>, request: unknown, run: EndedRun): Promise<void> {
    try {
      await settler.settle(request, run);
    } catch (err) {
      // The database's own words, not the driver's wrapping of the query: people read this.
      const message = err instanceof Error ? databaseMessage(err) : String(err);
      await settler.fail(request, message);
      await this.#d.alarm(`${settler.describe(request)} ran but could not be booked: ${message}`);
      return;
    }
    if (run.state !== 'finished') {
      await this.#d.alarm(
        `${settler.describe(request)} did not finish: its workflow ${run.state}${run.error ? ` (${run.error})` : ''}.`,
      );
    }
  }
}
