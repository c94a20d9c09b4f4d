import { conflict } from '../../lib/http-errors.ts';
import { formatCenti } from '../inventory/weights.ts';
import type { EndedRun, RunSettler } from '../../plant/settlement/run-settlement.ts';
import { bookTransfer, measuredCenti } from './transfer-booking.ts';
import { announceTransfer, type TransferServiceDeps } from './transfer-context.ts';
import type { TransferRow } from './transfer-repository.ts';

/** Books what the conveyor weighed: all of it when the run finished, what moved when not. */
async function settle(d: TransferServiceDeps, row: TransferRow, run: EndedRun): Promise<void> {
  const t = row.transfer;
  const finished = run.state === 'finished';
  const measured = measuredCenti(d, row.conveyorCode);
  const moved = measured ?? (finished ? t.centiLbs : 0);
  const error = !finished
    ? `The moving workflow ${run.state} after ${formatCenti(moved)}.`
    : measured === null
      ? 'The PLC did not report the weight moved; the requested weight was booked.'
      : null;
  const patch = {
    status: finished ? ('completed' as const) : ('failed' as const),
    movedCenti: moved,
    stalledSince: null,
    completedAt: new Date(),
    error,
  };
  if (moved > 0) {
    // Booked and closed in one transaction, or a crash between the two books it twice.
    await bookTransfer(d, row, moved, t.acknowledgedBy, async (tx) => {
      if (!(await d.repo.update(t.id, ['processing'], patch, tx)))
        throw conflict(`Transfer ${t.id} was settled already.`);
    });
  } else {
    await d.repo.update(t.id, ['processing'], patch);
  }
  announceTransfer(d, t.id);
}

/** The transfer's half of run settlement: a transfer's run books what the conveyor weighed. */
export function transferSettler(d: TransferServiceDeps): RunSettler<TransferRow> {
  return {
    request: async (id, runId) => (await d.repo.list({ id, runId, statuses: ['processing'] }))[0],
    requestOf: async (runId) => (await d.repo.list({ runId, statuses: ['processing'] }))[0],
    waiting: async () =>
      (await d.repo.list({ statuses: ['processing'] })).map((r) => ({
        workflowId: r.transfer.workflowId,
        runId: r.transfer.runId,
      })),
    settle: (row, run) => settle(d, row, run),
    fail: async (row, reason) => {
      await d.repo.update(row.transfer.id, ['processing'], {
        status: 'failed',
        error: reason,
        stalledSince: null,
      });
      announceTransfer(d, row.transfer.id);
    },
    describe: (row) => `Transfer ${row.transfer.id} from ${row.sourceName} to ${row.targetName}`,
  };
}
