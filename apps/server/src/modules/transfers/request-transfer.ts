import {
  transferLimitMessage,
  transferMessages,
  type CreateTransferBody,
  type SiloContents,
  type Transfer,
} from '@roastery/contract';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import { nameHolding } from '../inventory/holding-name.ts';
import { formatCenti, toCenti } from '../inventory/weights.ts';
import { isReEntry } from './re-entry-bin.ts';
import { movementOf } from './transfer-booking.ts';
import { announceTransfer, type TransferServiceDeps } from './transfer-context.ts';
import { getTransfer, transferRow } from './transfer-queries.ts';
import type { RouteRow } from './transfer-repository.ts';

/** The spec's weight rule: more than 0, at most what the source holds and the target takes. */
async function checkWeight(
  d: TransferServiceDeps,
  source: RouteRow,
  target: RouteRow,
  lbs: number,
  held: SiloContents['beans'],
  beanId: number | null,
) {
  const targetContents = await d.ledger.contentsOf([target.deviceRef]);
  const available = held
    .filter((b) => beanId === null || b.bean_id === beanId)
    .reduce((sum, b) => sum + toCenti(b.lbs), 0);
  const room =
    target.capacity === null
      ? Number.POSITIVE_INFINITY
      : toCenti(target.capacity) - toCenti(targetContents[0]?.occupancy ?? 0);
  const most = Math.max(0, Math.min(available, room));
  if (toCenti(lbs) > most) {
    throw unprocessable(
      transferLimitMessage({
        most: formatCenti(most),
        source: source.deviceName,
        holds: formatCenti(available),
        ...(Number.isFinite(room)
          ? { room: { target: target.deviceName, lbs: formatCenti(room) } }
          : {}),
      }),
    );
  }
}

/** Asks for a transfer between two bins on one conveyor, checked against the ledger. */
export async function requestTransfer(
  d: TransferServiceDeps,
  body: CreateTransferBody,
  who: Principal,
): Promise<Transfer> {
  const routes = await d.repo.routes();
  const routeOf = (code: string, message: string) => {
    const route = routes.find((r) => r.deviceCode.toLowerCase() === code.toLowerCase());
    if (!route) throw unprocessable(`${message}: ${code} is not on a transfer conveyor.`);
    return route;
  };
  const source = routeOf(body.sourceBinId, transferMessages.source);
  const target = routes.find(
    (r) =>
      r.conveyorRef === source.conveyorRef &&
      r.deviceCode.toLowerCase() === body.targetBinId.toLowerCase(),
  );
  if (!target) {
    const other = routeOf(body.targetBinId, transferMessages.target);
    throw unprocessable(
      `${source.deviceName} and ${other.deviceName} are not on the same transfer conveyor.`,
    );
  }
  if (target.deviceRef === source.deviceRef)
    throw unprocessable('Choose a different target bin than the source bin.');
  if (isReEntry(target.typeName))
    throw unprocessable(`${target.deviceName} is a re-entry bin and cannot take a transfer.`);
  const contents = (await d.ledger.contentsOf([source.deviceRef]))[0];
  const held = contents?.beans ?? [];
  let beanId = body.bean_id ?? null;
  if (isReEntry(source.typeName) && beanId === null) throw unprocessable(transferMessages.bean);
  if (beanId !== null && !held.some((b) => b.bean_id === beanId)) {
    const bean = await d.beans.find(beanId);
    if (!bean) throw notFound(`Bean ${beanId} not found.`);
    throw unprocessable(`${source.deviceName} holds no ${bean.bean_name}.`);
  }
  if (beanId === null && held.length === 1) beanId = held[0]?.bean_id ?? null;
  await checkWeight(d, source, target, body.targetWeight, held, beanId);
  const transfer = {
    sourceDevice: source.deviceRef,
    targetDevice: target.deviceRef,
    beanId,
    segregationOverride: body.segregation_override ?? false,
  };
  await d.ledger.checkMove(movementOf(transfer, body.targetWeight));
  const beanName =
    nameHolding(
      (contents?.lots ?? []).filter((lot) => beanId === null || lot.bean_id === beanId),
    ) || 'Empty';
  const id = await d.repo.insert({
    ...transfer,
    conveyorDevice: source.conveyorRef,
    beanName,
    centiLbs: toCenti(body.targetWeight),
    status: 'pending',
    requestedBy: who.id,
  });
  announceTransfer(d, id);
  return getTransfer(d, id);
}

/** Withdraws a request nobody has acknowledged yet. */
export async function deleteTransfer(d: TransferServiceDeps, id: number): Promise<void> {
  const row = await transferRow(d, id);
  if (!(await d.repo.delete(id)))
    throw conflict(`Transfer ${id} is ${row.transfer.status}: only a pending one can be deleted.`);
  announceTransfer(d, id);
}
