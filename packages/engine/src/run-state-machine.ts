import type {
  RunOrigin,
  RunOwner,
  RunState,
  WorkflowDefinition,
  WorkflowRun,
  TimelineEntry,
} from '@roastery/contract';
import { sortedSteps } from './workflow-steps.ts';

/** Which state may follow which. Anything else is a bug in the engine, so it throws. */
const NEXT: Record<RunState, readonly RunState[]> = {
  idle: ['running'],
  running: ['paused', 'finished', 'stopped', 'failed', 'interrupted'],
  paused: ['running', 'stopped', 'failed', 'interrupted'],
  interrupted: ['running', 'stopped'],
  finished: [],
  stopped: [],
  failed: [],
};

const ACTIVE: readonly RunState[] = ['running', 'paused', 'interrupted'];
const TERMINAL: readonly RunState[] = ['finished', 'stopped', 'failed'];

/** Holds its devices: running, paused, or interrupted and waiting for a person. */
export function isActive(state: RunState): boolean {
  return ACTIVE.includes(state);
}

export function isTerminal(state: RunState): boolean {
  return TERMINAL.includes(state);
}

export function canTransition(from: RunState, to: RunState): boolean {
  return NEXT[from].includes(to);
}

export class IllegalTransitionError extends Error {
  constructor(run: WorkflowRun, to: RunState) {
    super(`Run ${run.id} cannot go from ${run.state} to ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

export interface NewRun {
  id: string;
  workflow: WorkflowDefinition;
  dynamic_values: Record<string, number>;
  who: string;
  origin: RunOrigin;
  owner: RunOwner | null;
  at: string;
}

/** A run in state idle, its steps frozen in sort order. */
export function createRun(input: NewRun): WorkflowRun {
  const steps = sortedSteps(input.workflow);
  return {
    id: input.id,
    workflow_id: input.workflow.id,
    workflow_name: input.workflow.name,
    workflow_type: input.workflow.type,
    steps,
    settings: input.workflow.settings,
    state: 'idle',
    current_step: 0,
    phases: steps.map(() => 'pending'),
    dynamic_values: input.dynamic_values,
    who: input.who,
    origin: input.origin,
    owner: input.owner,
    started_at: input.at,
    ended_at: null,
    error: null,
    paused_by: [],
    timeline: [],
    status: [],
    touched: [],
    cleared_at: null,
  };
}

/** Moves the run to `to`, stamping the end of a terminal state. Mutates and returns the run. */
export function transition(
  run: WorkflowRun,
  to: RunState,
  at: string,
  error: string | null = null,
): WorkflowRun {
  if (!canTransition(run.state, to)) throw new IllegalTransitionError(run, to);
  run.state = to;
  if (error !== null) run.error = error;
  if (isTerminal(to)) {
    run.ended_at = at;
    run.paused_by = [];
  }
  return run;
}

/** Appends a timeline entry and returns it. */
export function addTimeline(
  run: WorkflowRun,
  message: string,
  at: string,
  deviceId: string | null = null,
): TimelineEntry {
  const entry: TimelineEntry = { id: run.timeline.length + 1, device_id: deviceId, message, at };
  run.timeline.push(entry);
  return entry;
}
