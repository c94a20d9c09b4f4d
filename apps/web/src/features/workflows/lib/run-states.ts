import type { RunState } from '@roastery/contract';

/** A run under way: the engine holds its devices and the screen polls every second. */
export const activeRunStates: ReadonlySet<RunState> = new Set(['running', 'paused', 'interrupted']);
/** A run that ended and waits for Clear or Clear & Reset. */
export const endedRunStates: ReadonlySet<RunState> = new Set(['finished', 'stopped', 'failed']);

export const runStateLabels: Record<RunState, string> = {
  idle: 'Idle',
  running: 'Running',
  paused: 'Paused',
  interrupted: 'Interrupted',
  finished: 'Finished',
  stopped: 'Stopped',
  failed: 'Failed',
};

export const runStateColors: Record<RunState, string> = {
  idle: 'default',
  running: 'processing',
  paused: 'warning',
  interrupted: 'orange',
  finished: 'success',
  stopped: 'default',
  failed: 'error',
};
