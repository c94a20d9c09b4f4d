import type { Transfer } from '@roastery/contract';
import { conflict } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import { fromCenti } from '../inventory/weights.ts';
import type { CommandRole } from '../../plant/catalog/plant-catalog.ts';
import { movingWorkflow } from './moving-workflow.ts';
import { movementOf } from './transfer-booking.ts';
import { announceTransfer, type TransferServiceDeps } from './transfer-context.ts';
import { getTransfer, transferRow } from './transfer-queries.ts';

/** The conveyor's commands: the PLC selects routes by number and weighs what passes. */
const CONVEYOR_ROLES = {
  source: 'transfer-source',
  target: 'transfer-target',
  weight: 'transfer-weight',
} as const satisfies Record<string, CommandRole>;

/** Acknowledge: the conveyor's moving workflow runs with this transfer's route and weight. */
export async function acknowledgeTransfer(
  d: TransferServiceDeps,
  id: number,
  who: Principal,
): Promise<Transfer> {
  const row = await transferRow(d, id);
  const t = row.transfer;
  if (t.status !== 'pending')
    throw conflict(`Transfer ${id} is ${t.status}, not waiting to be acknowledged.`);
  await d.ledger.checkMove(movementOf(t, fromCenti(t.centiLbs)));
  const routes = (await d.repo.routes()).filter((r) => r.conveyorRef === t.conveyorDevice);
  const routeNo = (ref: number) => routes.find((r) => r.deviceRef === ref)?.routeNo;
  const sourceNo = routeNo(t.sourceDevice);
  const targetNo = routeNo(t.targetDevice);
  if (sourceNo === undefined || targetNo === undefined)
    throw conflict(`The route of transfer ${id} is no longer on its conveyor.`);
  const { workflowId, dynamic } = await movingWorkflow(d, row.conveyorCode, {
    [CONVEYOR_ROLES.source]: sourceNo,
    [CONVEYOR_ROLES.target]: targetNo,
    [CONVEYOR_ROLES.weight]: fromCenti(t.centiLbs),
  });
  const result = await d.engine.start(workflowId, {
    who: who.fullName,
    dynamic,
    owner: { kind: 'transfer', id },
  });
  if (!result.ok) throw conflict(result.message);
  await d.repo.update(id, ['pending'], {
    status: 'processing',
    workflowId,
    runId: result.run.id,
    error: null,
    acknowledgedBy: who.id,
    acknowledgedAt: new Date(),
  });
  announceTransfer(d, id);
  return getTransfer(d, id);
}
