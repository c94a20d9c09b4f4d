import { conflict } from '../../lib/http-errors.ts';
import { fromCenti } from '../inventory/weights.ts';
import type { EndedRun, RunSettler } from '../../plant/settlement/run-settlement.ts';
import { dumpChanged, type DumpServiceDeps } from './dump-context.ts';
import type { DumpRow } from './dump-repository.ts';

/** The dump's half of run settlement: a dump's run posts its lot into the target. */
export function dumpSettler(d: DumpServiceDeps): RunSettler<DumpRow> {
  return {
    request: async (id, runId) => (await d.repo.list({ id, runId, statuses: ['acknowledged'] }))[0],
    requestOf: async (runId) => (await d.repo.list({ runId, statuses: ['acknowledged'] }))[0],
    waiting: async () =>
      (await d.repo.list({ statuses: ['acknowledged'] })).map((r) => ({
        workflowId: r.dump.workflowId,
        runId: r.dump.runId,
      })),
    settle: (row, run) => settle(d, row, run),
    fail: async (row, reason) => {
      await d.repo.transition(row.dump.id, ['acknowledged'], {
        status: 'failed',
        error: reason,
      });
      dumpChanged(d, row.dump.id);
    },
    describe: (row) => `Dump ${row.lotNumber} into ${row.deviceName}`,
  };
}

async function settle(d: DumpServiceDeps, row: DumpRow, run: EndedRun): Promise<void> {
  const dump = row.dump;
  if (run.state !== 'finished') {
    await d.repo.transition(dump.id, ['acknowledged'], {
      status: 'failed',
      error: `The dumping workflow ${run.state}.`,
    });
    dumpChanged(d, dump.id);
    return;
  }
  // Booked and completed in one transaction: a crash between the two would leave the dump
  // waiting with its beans booked, and settling it after the restart would book them again.
  await d.ledger.receive(
    {
      toDevice: dump.targetDevice,
      lotId: dump.lotId,
      lbs: fromCenti(dump.centiLbs),
      reason: 'dump',
      dumpId: dump.id,
      ...(dump.acknowledgedBy ? { userId: dump.acknowledgedBy } : {}),
    },
    async (tx) => {
      const completed = await d.repo.transition(
        dump.id,
        ['acknowledged'],
        { status: 'completed', completedAt: new Date() },
        tx,
      );
      if (!completed) throw conflict(`Dump request ${dump.id} was settled already.`);
    },
  );
  dumpChanged(d, dump.id);
}
