import type { Dump } from '@roastery/contract';
import { notFound } from '../../lib/http-errors.ts';
import type { DumpServiceDeps } from './dump-context.ts';
import type { DumpRow } from './dump-repository.ts';
import { presentDump } from './present-dump.ts';

export async function listDumps(
  d: DumpServiceDeps,
  status: 'all' | 'finished' | DumpRow['dump']['status'],
): Promise<Dump[]> {
  const statuses =
    status === 'all'
      ? undefined
      : status === 'finished'
        ? (['completed', 'closed'] as const)
        : ([status] as const);
  return (await d.repo.list(statuses ? { statuses: [...statuses] } : {})).map(presentDump);
}

export async function getDump(d: DumpServiceDeps, id: number): Promise<Dump> {
  const row = await d.repo.find(id);
  if (!row) throw notFound(`Dump request ${id} not found.`);
  return presentDump(row);
}
