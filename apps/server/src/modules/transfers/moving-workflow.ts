import { conflict } from '../../lib/http-errors.ts';
import type { CommandRole } from '../../plant/catalog/plant-catalog.ts';
import type { TransferServiceDeps } from './transfer-context.ts';

/**
 * The moving workflow of a conveyor: the one whose dynamic steps set the conveyor's source,
 * target and weight. Its dynamic values are these, by step.
 */
export async function movingWorkflow(
  d: TransferServiceDeps,
  conveyorCode: string,
  values: Partial<Record<CommandRole, number>>,
): Promise<{ workflowId: number; dynamic: Record<string, number> }> {
  const catalog = d.runtime.catalog();
  const roleOf = (commandId: number) => catalog?.roleOf('input', commandId) ?? '';
  for (const entry of await d.workflows.list('moving')) {
    const workflow = await d.workflows.get(entry.id);
    const dynamicSteps = workflow.steps.filter(
      (s) =>
        s.dynamic &&
        s.type === 'input' &&
        s.device_id.toLowerCase() === conveyorCode.toLowerCase() &&
        roleOf(s.command_id) in values,
    );
    const roles = new Set<string>(dynamicSteps.map((s) => roleOf(s.command_id)));
    if (Object.keys(values).every((role) => roles.has(role))) {
      return {
        workflowId: workflow.id,
        dynamic: Object.fromEntries(
          dynamicSteps.map((s) => {
            const role = catalog?.roleOf('input', s.command_id);
            return [String(s.id), (role && values[role]) ?? 0];
          }),
        ),
      };
    }
  }
  throw conflict(
    `No moving workflow sets the source, target and weight of ${conveyorCode}. Add one under Workflows.`,
  );
}
