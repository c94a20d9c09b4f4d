import { TransferState } from '@roastery/contract';
import { formatCenti } from '../inventory/weights.ts';
import { measuredCenti } from './transfer-booking.ts';
import { announceTransfer, type TransferServiceDeps } from './transfer-context.ts';

/** Marks the conveyor's transfer stalled when its source runs empty, and not when it flows again. */
async function onConveyorState(
  d: TransferServiceDeps,
  conveyorCode: string,
  state: number | null,
): Promise<void> {
  const [row] = (await d.repo.list({ statuses: ['processing'] })).filter(
    (r) => r.conveyorCode === conveyorCode,
  );
  if (!row) return;
  const t = row.transfer;
  if (state === TransferState.NoFlow && t.stalledSince === null) {
    await d.repo.update(t.id, ['processing'], {
      stalledSince: new Date(),
      stallAnswered: false,
    });
    const moved = measuredCenti(d, conveyorCode) ?? 0;
    await d.notifications.raise({
      type: 'warning',
      text: `Transfer ${t.id}: ${row.sourceName} ran empty after ${formatCenti(moved)} of ${formatCenti(t.centiLbs)} into ${row.targetName}.`,
      by: 'console',
    });
    announceTransfer(d, t.id);
  } else if (state === TransferState.Running && t.stalledSince !== null) {
    await d.repo.update(t.id, ['processing'], { stalledSince: null, stallAnswered: false });
    announceTransfer(d, t.id);
  }
}

/**
 * Follows the conveyors' transfer state, for the dashboard's empty-source prompt; returns the
 * function that stops following.
 */
export function followConveyorStates(d: TransferServiceDeps): () => void {
  return d.hub.subscribe('value', (value) => {
    if (value.role !== 'transfer-state') return;
    onConveyorState(d, value.device_id, value.value).catch((err: unknown) =>
      d.logger.error({ err }, 'transfer stall could not be recorded'),
    );
  });
}
