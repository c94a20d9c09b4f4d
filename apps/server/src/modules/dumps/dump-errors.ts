import type { Dump, DumpError } from '@roastery/contract';
import { conflict, notFound, unavailable } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import { formatCenti, fromCenti } from '../inventory/weights.ts';
import { acknowledgeDump } from './dump-acknowledgement.ts';
import { dumpChanged, type DumpServiceDeps } from './dump-context.ts';
import { getDump } from './dump-reads.ts';
import { presentDump } from './present-dump.ts';
import { movedInto } from './silo-level.ts';

/** Dumps whose run did not finish, with what the silo's level says reached it. */
export async function dumpErrors(d: DumpServiceDeps): Promise<DumpError[]> {
  const rows = await d.repo.list({ statuses: ['failed'] });
  return rows.map((r) => {
    const moved = movedInto(d.runtime, r);
    return {
      ...presentDump(r),
      moved_amount: moved === null ? null : fromCenti(moved),
      remaining: fromCenti(r.dump.centiLbs - (moved ?? 0)),
    };
  });
}

/**
 * The dump-error prompt's answer. N: book what went in and ask for a new dump of the rest;
 * B: book what went in and end the dump (the rest stays in its bags); C: run it again.
 */
export async function resolveDumpError(
  d: DumpServiceDeps,
  id: number,
  type: 'N' | 'B' | 'C',
  who: Principal,
): Promise<Dump> {
  const row = await d.repo.find(id);
  if (!row) throw notFound(`Dump request ${id} not found.`);
  if (row.dump.status !== 'failed')
    throw conflict(`Dump request ${id} is ${row.dump.status}, not failed.`);
  if (type === 'C') return acknowledgeDump(d, id, who);
  const moved = movedInto(d.runtime, row);
  if (moved === null)
    throw unavailable(
      `The PLC has not reported the level of ${row.deviceName}, so what went in cannot be booked now.`,
    );
  const dump = row.dump;
  if (moved > 0) {
    await d.ledger.receive({
      toDevice: dump.targetDevice,
      lotId: dump.lotId,
      lbs: fromCenti(moved),
      reason: 'dump',
      dumpId: dump.id,
      userId: who.id,
      note: `${formatCenti(moved)} of ${formatCenti(dump.centiLbs)} reached the silo; settled by ${who.fullName}.`,
    });
  }
  await d.repo.transition(id, ['failed'], {
    status: moved > 0 ? 'completed' : 'closed',
    bookedCenti: moved,
    completedAt: new Date(),
  });
  if (type === 'N' && dump.centiLbs - moved > 0) {
    await d.repo.insert({
      lotId: dump.lotId,
      beanId: dump.beanId,
      centiLbs: dump.centiLbs - moved,
      targetKind: dump.targetKind,
      targetDevice: dump.targetDevice,
      orderId: dump.orderId,
      status: 'pending',
      requestedBy: who.id,
    });
  }
  dumpChanged(d, id);
  return getDump(d, id);
}
