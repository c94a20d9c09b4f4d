import type { DeviceSummary, FlowDeviceState } from '@roastery/contract';
import type { RunWait, WorkflowEngine } from '@roastery/engine';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';

/** What the dashboard needs of the engine: the runs under way, what they wait on, their records. */
export type RunsView = Pick<WorkflowEngine, 'activeRuns' | 'waiting' | 'currentRun'>;

/** The plant's activity at one moment: each device's state and what runs wait on. */
export interface PlantActivity {
  stateOf(device: DeviceSummary): FlowDeviceState;
  isRunning(code: string): boolean;
  waits: RunWait[];
  /** Devices some active run is waiting on. */
  waitedOn: ReadonlySet<string>;
}

/**
 * Reads the plant once for a dashboard reply. A device runs when its PLC says so (its Running
 * feedback is 1, or, for a roaster, its Phase is past Idle) or when the step a running run is
 * executing writes to it: the run is making it move even before the PLC reports. A device the
 * step only waits on is waiting, unless its PLC says it runs.
 */
export function readPlantActivity(runtime: PlantRuntime, runs: RunsView): PlantActivity {
  const waits = runs.waiting();
  const waitedOn = new Set(waits.map((w) => w.ref.device_id));
  const driven = new Set(
    runs
      .activeRuns()
      .filter((run) => run.state === 'running')
      .flatMap((run) => {
        const step = run.steps[run.current_step];
        return step ? [step.device_id] : [];
      }),
  );
  const isRunning = (code: string): boolean => {
    if (driven.has(code)) return true;
    if (runtime.reading(code, 'running') === 1) return true;
    const phase = runtime.reading(code, 'roaster-phase');
    return phase !== null && phase > 0;
  };
  return {
    waits,
    waitedOn,
    isRunning,
    stateOf(device) {
      if (device.quality !== 'good') return 'offline';
      if (device.alarm) return 'alarm';
      if (device.manual) return 'manual';
      if (isRunning(device.device_id)) return 'running';
      if (waitedOn.has(device.device_id)) return 'waiting';
      return 'idle';
    },
  };
}
