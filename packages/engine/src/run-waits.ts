import type { EngineContext } from './engine-context.ts';
import type { RunWait } from './engine-types.ts';
import { isActive } from './run-state-machine.ts';
import { commandName, waitText } from './step-labels.ts';
import { goodValue, stepValue } from './step-readings.ts';
import { feedbackShows, waitHolds } from './wait-conditions.ts';
import { stepRef, waitRef } from './workflow-steps.ts';

/**
 * What every active run is waiting on now: the conditions of its current step that do not
 * hold yet (a held one is no longer waited on, even before the run moves on), and since when.
 */
export function listWaits(ctx: EngineContext): RunWait[] {
  const waits: RunWait[] = [];
  for (const { run, wait } of ctx.runs.values()) {
    const step = run.steps[run.current_step];
    if (!wait || !step || !isActive(run.state)) continue;
    const base = {
      run_id: run.id,
      workflow_id: run.workflow_id,
      workflow_name: run.workflow_name,
      step_index: run.current_step,
      since: wait.since,
    };
    if (wait.kind === 'wait_finish') {
      const value = stepValue(run, step);
      const ref = ctx.devices.feedbackOf(stepRef(step));
      if (feedbackShows(ctx.devices, stepRef(step), value)) continue;
      waits.push({
        ...base,
        kind: 'wait_finish',
        ref,
        condition: '=',
        value,
        current: goodValue(ctx.devices, ref),
        text: `${commandName(ctx.devices, ref)} = ${value}`,
      });
      continue;
    }
    for (const condition of step.wait_device) {
      if (waitHolds(ctx.devices, condition)) continue;
      const ref = waitRef(condition);
      waits.push({
        ...base,
        kind: 'wait_device',
        ref,
        condition: condition.condition,
        value: condition.command_value,
        current: goodValue(ctx.devices, ref),
        text: waitText(ctx.devices, condition),
      });
    }
  }
  return waits;
}
