import type { PlantEventType, WorkflowRun } from '@roastery/contract';
import type { EngineContext } from './engine-context.ts';
import type { Refusal, StartResult, StartRun } from './engine-types.ts';

/** Starts every workflow whose trigger is this run's workflow finishing, for the same person. */
export async function startChildren(
  ctx: EngineContext,
  parent: WorkflowRun,
  start: StartRun,
): Promise<void> {
  const triggers = (await ctx.workflows.triggers()).filter(
    (t) => t.when === 'parent_finished' && t.parent === parent.workflow_id,
  );
  for (const trigger of triggers) {
    const result = await start(trigger.workflow, {
      who: parent.who,
      origin: { kind: 'parent', parent_run_id: parent.id },
    });
    if (!result.ok) {
      triggerRefused(ctx, trigger.workflow, `'${parent.workflow_name}' finishing`, result);
    }
  }
}

/** Starts every workflow bound to a plant event (order started, dump acknowledged, ...). */
export async function startForPlantEvent(
  ctx: EngineContext,
  event: PlantEventType,
  who: string,
  start: StartRun,
): Promise<{ workflow_id: number; result: StartResult }[]> {
  const triggers = (await ctx.workflows.triggers()).filter((t) => t.when === event);
  const results: { workflow_id: number; result: StartResult }[] = [];
  for (const trigger of triggers) {
    const result = await start(trigger.workflow, { who, origin: { kind: 'event', event } });
    if (!result.ok) triggerRefused(ctx, trigger.workflow, `plant event ${event}`, result);
    results.push({ workflow_id: trigger.workflow, result });
  }
  return results;
}

function triggerRefused(
  ctx: EngineContext,
  workflowId: number,
  cause: string,
  refusal: Refusal,
): void {
  ctx.notifier.notify({
    type: 'warning',
    device_id: refusal.devices?.[0] ?? null,
    text: `Workflow ${workflowId} was not started by ${cause}: ${refusal.message}`,
  });
}
