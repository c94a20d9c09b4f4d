import type { DynamicValueForm, RunningWorkflowState } from '@roastery/contract';
import type { Refusal, WorkflowEngine } from '@roastery/engine';
import type { HttpError } from '../../lib/http-errors.ts';
import { conflict, notFound, unavailable, unprocessable } from '../../lib/http-errors.ts';

function refused(r: Refusal): HttpError {
  if (r.reason === 'not_found') return notFound(r.message);
  if (r.reason === 'unknown_mode') return unavailable(r.message);
  if (r.reason === 'invalid') {
    const problems = r.problems?.map((p) => p.message).join('; ');
    return unprocessable(problems ? `${r.message} ${problems}` : r.message);
  }
  return conflict(r.message);
}

/** Run control for the test-flow screen; the engine decides, this maps its refusals to HTTP. */
export class WorkflowRunService {
  readonly #engine: WorkflowEngine;

  constructor(engine: WorkflowEngine) {
    this.#engine = engine;
  }

  async check(workflowId: number): Promise<DynamicValueForm> {
    const form = await this.#engine.checkStart(workflowId);
    if (!form) throw notFound(`Workflow ${workflowId} not found.`);
    return form;
  }

  async status(workflowId: number): Promise<RunningWorkflowState> {
    const state = await this.#engine.status(workflowId);
    if (!state) throw notFound(`Workflow ${workflowId} not found.`);
    return state;
  }

  async start(workflowId: number, who: string, dynamic: Record<string, number> | undefined) {
    const result = await this.#engine.start(workflowId, { who, ...(dynamic ? { dynamic } : {}) });
    if (!result.ok) throw refused(result);
    return this.status(workflowId);
  }

  async stop(workflowId: number, who: string) {
    const result = await this.#engine.stop(workflowId, who);
    if (!result.ok) throw refused(result);
    return this.status(workflowId);
  }

  async resume(workflowId: number, who: string) {
    const result = await this.#engine.resume(workflowId, who);
    if (!result.ok) throw refused(result);
    return this.status(workflowId);
  }

  async clear(workflowId: number) {
    const result = await this.#engine.clear(workflowId);
    if (!result.ok) throw refused(result);
    return this.status(workflowId);
  }

  async clearAndReset(workflowId: number, who: string) {
    const result = await this.#engine.clearAndReset(workflowId, who);
    if (!result.ok) throw refused(result);
    return this.status(workflowId);
  }
}
