import type { Transfer } from '@roastery/contract';
import type { Executor } from '@roastery/db';
import { conflict, unavailable } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import { formatCenti } from '../inventory/weights.ts';
import { acknowledgeTransfer } from './acknowledge-transfer.ts';
import { stalledTransfer, substitutesFor } from './empty-source-prompts.ts';
import { bookTransfer, measuredCenti } from './transfer-booking.ts';
import { announceTransfer, type TransferServiceDeps } from './transfer-context.ts';
import { getTransfer } from './transfer-queries.ts';
import type { TransferRow } from './transfer-repository.ts';

/** Books what the conveyor weighed, completes the transfer, then stops and resets the run. */
async function endWithWhatMoved(
  d: TransferServiceDeps,
  row: TransferRow,
  who: Principal,
  why: string,
): Promise<number> {
  const t = row.transfer;
  const moved = measuredCenti(d, row.conveyorCode);
  if (moved === null)
    throw unavailable(
      `The PLC has not reported what ${row.conveyorCode} moved, so the transfer cannot be booked now.`,
    );
  const end = async (tx?: Executor) => {
    const ended = await d.repo.update(
      t.id,
      ['processing'],
      {
        status: 'completed',
        movedCenti: moved,
        stalledSince: null,
        completedAt: new Date(),
        error: moved < t.centiLbs ? `${why} after ${formatCenti(moved)}.` : null,
      },
      tx,
    );
    if (!ended) throw conflict(`Transfer ${t.id} ended meanwhile.`);
  };
  // Booked and ended together: a transfer that ended meanwhile books nothing more.
  if (moved > 0) await bookTransfer(d, row, moved, who.id, end);
  else await end();
  if (t.workflowId !== null) {
    await d.engine.stop(t.workflowId, who.fullName);
    await d.engine.settled(t.runId ?? '');
    await d.engine.clearAndReset(t.workflowId, who.fullName);
  }
  announceTransfer(d, t.id);
  return moved;
}

/** Bag off: end the transfer with what the conveyor moved; the run stops and is reset. */
export async function bagOff(
  d: TransferServiceDeps,
  id: number,
  who: Principal,
): Promise<Transfer> {
  await endWithWhatMoved(d, await stalledTransfer(d, id), who, `Bagged off by ${who.fullName}`);
  return getTransfer(d, id);
}

/**
 * Carry on from the chosen substitute: this transfer ends with what moved, and a new one takes
 * the rest from the substitute to the same target at once.
 */
export async function continueFromSubstitute(
  d: TransferServiceDeps,
  id: number,
  who: Principal,
): Promise<Transfer> {
  const row = await stalledTransfer(d, id);
  const t = row.transfer;
  if (t.substituteDevice === null)
    throw conflict(`Choose a substitute silo bin for transfer ${id} first.`);
  const substitute = (await substitutesFor(d, row)).find((s) => s.ref === t.substituteDevice);
  const moved = await endWithWhatMoved(
    d,
    row,
    who,
    `Continued from ${substitute?.device_name ?? 'a substitute'} by ${who.fullName}`,
  );
  const remaining = t.centiLbs - moved;
  if (remaining <= 0) return getTransfer(d, id);
  const next = await d.repo.insert({
    sourceDevice: t.substituteDevice,
    targetDevice: t.targetDevice,
    conveyorDevice: t.conveyorDevice,
    beanId: t.beanId,
    beanName: t.beanName,
    centiLbs: remaining,
    status: 'pending',
    segregationOverride: t.segregationOverride,
    continues: t.id,
    requestedBy: who.id,
  });
  announceTransfer(d, next);
  return acknowledgeTransfer(d, next, who);
}
