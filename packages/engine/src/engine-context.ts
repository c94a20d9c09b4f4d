import { randomUUID } from 'node:crypto';
import type { WorkflowRun } from '@roastery/contract';
import { Conditions } from './conditions.ts';
import { DeviceLocks } from './device-locks.ts';
import type { RunWait, WorkflowEngineOptions } from './engine-types.ts';
import type {
  Clock,
  DevicePort,
  EventSink,
  Notifier,
  RunStore,
  WorkflowSource,
  WriteLog,
} from './ports.ts';
import { drivenDevices } from './workflow-steps.ts';

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

/** The ports and the in-memory state that every part of the engine works on. */
export interface EngineContext {
  readonly devices: DevicePort;
  readonly store: RunStore;
  readonly workflows: WorkflowSource;
  readonly clock: Clock;
  readonly events: EventSink;
  readonly notifier: Notifier;
  readonly newRunId: () => string;
  readonly writes: WriteLog | undefined;
  readonly conditions: Conditions;
  readonly locks: DeviceLocks;
  readonly runs: Map<string, LiveRun>;
  /** The run each workflow's run screen shows: the latest one not cleared. */
  readonly current: Map<number, string>;
  unsubscribe: (() => void) | undefined;
  closed: boolean;
}

export function createEngineContext(options: WorkflowEngineOptions): EngineContext {
  return {
    devices: options.devices,
    store: options.store,
    workflows: options.workflows,
    clock: options.clock,
    events: options.events,
    notifier: options.notifier,
    newRunId: options.newRunId ?? randomUUID,
    writes: options.writes,
    conditions: new Conditions(options.clock),
    locks: new DeviceLocks(),
    runs: new Map(),
    current: new Map(),
    unsubscribe: undefined,
    closed: false,
  };
}

export function track(ctx: EngineContext, run: WorkflowRun): LiveRun {
  const live: LiveRun = {
    run,
    saving: Promise.resolve(),
    driving: Promise.resolve(),
    cancelPauseTimer: undefined,
    wait: undefined,
    onPlant: false,
  };
  ctx.runs.set(run.id, live);
  ctx.current.set(run.workflow_id, run.id);
  return live;
}

export function lock(ctx: EngineContext, run: WorkflowRun): void {
  ctx.locks.acquire(drivenDevices(run.steps), {
    run_id: run.id,
    workflow_name: run.workflow_name,
  });
}

export function cancelPause(live: LiveRun): void {
  live.cancelPauseTimer?.();
  live.cancelPauseTimer = undefined;
}

export function currentLive(ctx: EngineContext, workflowId: number): LiveRun | undefined {
  const runId = ctx.current.get(workflowId);
  return runId === undefined ? undefined : ctx.runs.get(runId);
}

export function stillDriving(ctx: EngineContext, run: WorkflowRun): boolean {
  return !ctx.closed && (run.state === 'running' || run.state === 'paused');
}

export function at(ctx: EngineContext): string {
  return new Date(ctx.clock.now()).toISOString();
}
