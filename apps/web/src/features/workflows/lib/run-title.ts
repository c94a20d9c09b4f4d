import type { PlantEventType, RunOrigin } from '@roastery/contract';
import { formatOrderNumber } from '../../../lib/order-number.ts';

const startedBy: Record<PlantEventType, string> = {
  order_started: 'Started when an order started',
  dump_acknowledged: 'Started when a dump request was acknowledged',
  batch_finished: 'Started when a batch finished',
};

/**
 * The run screen's title: the spec's 'Test' screen for a run started there (or none yet), and
 * the workflow with its order for a production run, so nobody takes one for a test.
 */
export function runTitle(workflowName: string, origin: RunOrigin | null): string {
  if (origin === null || origin.kind === 'person') return `Test ${workflowName}`;
  if (origin.kind !== 'order') return workflowName;
  const batch = origin.batch === null ? '' : `, batch ${origin.batch}`;
  return `${workflowName} — Order ${formatOrderNumber(origin.order_id)}${batch}`;
}

/** What started a run no person started on this screen nor an order: said under the title. */
export function runStartedBy(origin: RunOrigin | null): string | undefined {
  switch (origin?.kind) {
    case 'parent':
      return 'Started when its parent workflow finished';
    case 'event':
      return startedBy[origin.event];
    default:
      return undefined;
  }
}
