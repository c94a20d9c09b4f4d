import type { Transfer } from '@roastery/contract';
import { notFound } from '../../lib/http-errors.ts';
import { fromCenti } from '../inventory/weights.ts';
import type { TransferServiceDeps } from './transfer-context.ts';
import type { TransferRow, TransferStatus } from './transfer-repository.ts';

function present(r: TransferRow): Transfer {
  const t = r.transfer;
  return {
    id: t.id,
    source_device_id: r.sourceCode,
    source_device_name: r.sourceName,
    target_device_id: r.targetCode,
    target_device_name: r.targetName,
    target_amount: fromCenti(t.centiLbs),
    moved_amount: t.movedCenti === null ? null : fromCenti(t.movedCenti),
    bean_id: t.beanId,
    bean_name: t.beanName,
    status: t.status,
    is_processing: t.status === 'processing',
    segregation_override: t.segregationOverride,
    conveyor_id: r.conveyorCode,
    workflow_id: t.workflowId,
    run_id: t.runId,
    error: t.error,
    created_by: r.requestedBy,
    created_at: t.createdAt.toISOString(),
    acknowledged_at: t.acknowledgedAt?.toISOString() ?? null,
    completed_at: t.completedAt?.toISOString() ?? null,
  };
}

export async function listTransfers(
  d: TransferServiceDeps,
  status: 'pending' | 'completed' | 'all',
): Promise<Transfer[]> {
  const statuses: TransferStatus[] | undefined =
    status === 'pending'
      ? ['pending', 'processing']
      : status === 'completed'
        ? ['completed', 'failed']
        : undefined;
  return (await d.repo.list(statuses ? { statuses } : {})).map(present);
}

/** A transfer's stored row; refuses an unknown id. */
export async function transferRow(d: TransferServiceDeps, id: number): Promise<TransferRow> {
  const row = await d.repo.find(id);
  if (!row) throw notFound(`Transfer ${id} not found.`);
  return row;
}

export async function getTransfer(d: TransferServiceDeps, id: number): Promise<Transfer> {
  return present(await transferRow(d, id));
}
