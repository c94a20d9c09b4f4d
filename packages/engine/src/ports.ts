import type {
  CommandKind,
  CommandOwner,
  CommandRef,
  NotificationType,
  RunState,
  StatusRow,
  TimelineEntry,
  WorkflowDefinition,
  WorkflowRun,
  WorkflowTrigger,
} from '@roastery/contract';

/** The outcome of a write, as the PLC gateway reports it (WriteRecord.result). */
export interface WriteOutcome {
  result: 'ok' | 'failed' | 'unconfirmed' | 'superseded';
  error?: string;
}

export interface DeviceReading {
  value: number | null;
  quality: 'good' | 'stale' | 'offline';
}

/**
 * A device's mode as its PLC reports it; 'unknown' while the PLC does not report it (the link
 * is down), which is never taken for auto.
 */
export type DeviceMode = 'auto' | 'manual' | 'unknown';

export interface DeviceInfo {
  device_id: string;
  device_name: string;
}

/** What validation needs to know of a device's command. */
export interface CommandInfo {
  kind: CommandKind;
  label: string;
  owner: CommandOwner;
  /** The values the PLC tag can hold, in engineering units. */
  min: number;
  max: number;
}

/**
 * The plant as the engine sees it. The server implements it over the PLC gateway and the
 * device service; tests implement it over a fake or over the gateway on the simulator.
 */
export interface DevicePort {
  /**
   * Writes an app command. Resolves once the result is final: 'ok' when the PLC feedback showed
   * the value, 'unconfirmed' when the PLC acknowledged it but the feedback did not show it in the
   * gateway's own confirm time. Never rejects. `context` says what the write is for (a run's
   * step), for the log entry of the write.
   */
  write(ref: CommandRef, value: number, who: string, context?: string): Promise<WriteOutcome>;
  /** The latest scanned value; undefined when the command has no tag. */
  read(ref: CommandRef): DeviceReading | undefined;
  /** The command whose reading confirms a write of `ref` (the command itself without one). */
  feedbackOf(ref: CommandRef): CommandRef;
  /** Called on every scanned change of any command, a device's mode included. */
  subscribe(listener: (ref: CommandRef, value: number | null) => void): () => void;
  /** 'auto' for a device without a mode feedback. */
  mode(deviceId: string): DeviceMode;
  /** Undefined when no such device exists. */
  device(deviceId: string): DeviceInfo | undefined;
  /** Undefined when the command is not one of the device's type (or the device has no tags). */
  command(ref: CommandRef): CommandInfo | undefined;
}

/** Where runs live. The engine saves a run after every transition and awaits the save. */
export interface RunStore {
  save(run: WorkflowRun): Promise<void>;
  load(runId: string): Promise<WorkflowRun | undefined>;
  /** Every run not yet cleared, in any state: the engine's memory after a restart. */
  listUncleared(): Promise<WorkflowRun[]>;
}

/** Workflow definitions and triggers, as saved by the administrators. */
export interface WorkflowSource {
  workflow(id: number): Promise<WorkflowDefinition | undefined>;
  triggers(): Promise<WorkflowTrigger[]>;
}

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Calls fn once after ms; returns a function that cancels it. */
  setTimer(ms: number, fn: () => void): () => void;
}

/** What the engine reports as it happens; the server streams it on /api/live. */
export type RunEvent =
  | { type: 'state'; run_id: string; workflow_id: number; state: RunState; error: string | null }
  | {
      type: 'timeline';
      run_id: string;
      workflow_id: number;
      entry: TimelineEntry;
      /** The entry reports a PLC write, which the device port's own log already records. */
      reportsWrite?: true;
    }
  | { type: 'status'; run_id: string; workflow_id: number; index: number; row: StatusRow }
  | { type: 'cleared'; run_id: string; workflow_id: number };

export interface EventSink {
  emit(event: RunEvent): void;
}

/** An alarm or warning for the notifications page (timeouts, interruptions, manual mode). */
export interface EngineNotice {
  type: Exclude<NotificationType, 'other'>;
  device_id: string | null;
  text: string;
}

export interface Notifier {
  notify(notice: EngineNotice): void;
}

/** A PLC write made by a run's step, once its outcome is known. */
export interface StepWrite {
  run: WorkflowRun;
  /** The step's position in the run, from 0. */
  index: number;
  /** 'Step 3 (GS1 Inlet Gate)'. */
  step: string;
  ref: CommandRef;
  value: number;
  outcome: WriteOutcome;
}

/**
 * Where the engine reports its step writes (the server's audit log). Called in the step's own
 * course, so it must queue and return, and must not throw.
 */
export interface WriteLog {
  written(write: StepWrite): void;
}
