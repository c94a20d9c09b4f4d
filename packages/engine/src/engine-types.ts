import type {
  CommandRef,
  RunOrigin,
  RunOwner,
  WaitConditionOperator,
  WorkflowProblem,
  WorkflowRun,
  WorkflowStep,
} from '@roastery/contract';
import type {
  Clock,
  DevicePort,
  EventSink,
  Notifier,
  RunStore,
  WorkflowSource,
  WriteLog,
  WriteOutcome,
} from './ports.ts';

export interface WorkflowEngineOptions {
  devices: DevicePort;
  store: RunStore;
  workflows: WorkflowSource;
  clock: Clock;
  events: EventSink;
  notifier: Notifier;
  /** Run ids; random UUIDs by default. */
  newRunId?: () => string;
  /** Told of every step's PLC write and its outcome. */
  writes?: WriteLog;
}

/** Why a call was refused; the server maps `reason` to a status (404, 409, 422). */
export interface Refusal {
  ok: false;
  reason:
    | 'not_found'
    | 'invalid'
    | 'busy'
    | 'manual'
    | 'unknown_mode'
    | 'locked'
    | 'not_active'
    | 'not_ended';
  message: string;
  problems?: WorkflowProblem[];
  /** The devices behind a 'manual', 'unknown_mode' or 'locked' refusal. */
  devices?: string[];
}

/**
 * One condition an active run is waiting on: the feedback of its current step's write
 * (wait_finish) or one of its wait_device conditions that does not hold yet.
 */
export interface RunWait {
  run_id: string;
  workflow_id: number;
  workflow_name: string;
  /** Index of the step in the run's steps. */
  step_index: number;
  kind: 'wait_finish' | 'wait_device';
  /** The command whose reading must satisfy the condition. */
  ref: CommandRef;
  condition: WaitConditionOperator;
  value: number;
  /** Its reading now; null when the PLC does not report it. */
  current: number | null;
  /** 'R1 Charge Gate Opened = 1'. */
  text: string;
  /** When the run began this wait. */
  since: string;
}

export type StartResult = { ok: true; run: WorkflowRun } | Refusal;
export type RunResult = { ok: true; run: WorkflowRun } | Refusal;

export interface ResetWrite {
  ref: CommandRef;
  result: WriteOutcome['result'] | 'skipped';
  error?: string;
}
export type ResetResult = { ok: true; run: WorkflowRun; writes: ResetWrite[] } | Refusal;

export interface StartRequest {
  who: string;
  /** Values of dynamic steps by step id. */
  dynamic?: Record<string, number>;
  origin?: RunOrigin;
  /** The request the run is started for, which settles it when it ends. */
  owner?: RunOwner;
  /**
   * The run's own steps in place of the workflow's (a roasting batch charges from the silos its
   * plan chose). They are validated, checked for modes and locked exactly as the workflow's
   * would be, and the run keeps them; the workflow itself is not changed.
   */
  steps?: WorkflowStep[];
  /**
   * The run's id, for a caller that must record it before the run can end (a batch settled
   * when its run ends); a new one when omitted.
   */
  runId?: string;
}
