import type { WaitingDump } from '@roastery/contract';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import { dumpChanged, type DumpServiceDeps } from './dump-context.ts';
import { getDump } from './dump-reads.ts';
import { presentDump } from './present-dump.ts';

/** A person tells the operators about a dump, in their words or the request's own. */
export async function notifyDump(
  d: DumpServiceDeps,
  id: number,
  message: string | undefined,
  who: Principal,
): Promise<void> {
  const dump = await getDump(d, id);
  await d.notifications.raise({
    type: 'other',
    text:
      message ??
      `Dump ${dump.lot_number}: ${dump.amount} lbs of ${dump.bean_name} for ${dump.device_name}`,
    by: who.fullName,
  });
}

/** Pending requests nobody has reminded the operators of yet, oldest first. */
export async function waitingDumps(d: DumpServiceDeps, now: number): Promise<WaitingDump[]> {
  const rows = await d.repo.list({ statuses: ['pending'] });
  return rows
    .filter((r) => r.dump.remindedAt === null)
    .reverse()
    .map((r) => ({
      ...presentDump(r),
      waiting_seconds: Math.max(0, Math.floor((now - r.dump.createdAt.getTime()) / 1000)),
    }));
}

/** A supervisor asks the operators to see to a waiting request. */
export async function remindOfDump(d: DumpServiceDeps, id: number, who: Principal): Promise<void> {
  const row = await d.repo.find(id);
  if (!row) throw notFound(`Dump request ${id} not found.`);
  if (row.dump.remindedAt !== null)
    throw conflict(`The operators were already reminded of dump request ${id}.`);
  const reminded = await d.repo.transition(id, ['pending'], {
    status: 'pending',
    remindedAt: new Date(),
    remindedBy: who.id,
  });
  if (!reminded)
    throw conflict(
      `Dump request ${id} is ${row.dump.status}: only a waiting request can be reminded of.`,
    );
  const dump = presentDump(row);
  await d.notifications.raise({
    type: 'warning',
    text: `Dump ${dump.lot_number} (${dump.amount} lbs of ${dump.bean_name} for ${dump.device_name}) is waiting at the dump station: please acknowledge it.`,
    by: who.fullName,
  });
  dumpChanged(d, id);
}
