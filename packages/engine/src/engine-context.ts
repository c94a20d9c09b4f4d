import { randomUUID } from 'node:crypto';
import type { WorkflowRun } from '@roastery/contract';
import { Conditions } from './conditions.ts';
import { DeviceLocks } from './device-locks.ts';
import type { WorkflowEngineOptions } from './engine-types.ts';
import { LiveRuns } from './live-runs.ts';
import type {
  Clock,
  DevicePort,
  EventSink,
  Notifier,
  RunStore,
  WorkflowSource,
  WriteLog,
} from './ports.ts';

/** The ports and the in-memory state every use case of the engine works on. */
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
  readonly runs: LiveRuns;
  /** Set by close(): from then on no run is driven any further. */
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
    runs: new LiveRuns(),
    closed: false,
  };
}

/** The clock's now, as stored on runs and timeline entries. */
export function timestamp(ctx: EngineContext): string {
  return new Date(ctx.clock.now()).toISOString();
}

export function stillDriving(ctx: EngineContext, run: WorkflowRun): boolean {
  return !ctx.closed && (run.state === 'running' || run.state === 'paused');
}
