import type { SiloPrompt, Transfer } from '@roastery/contract';
import { conflict, unprocessable } from '../../lib/http-errors.ts';
import { fromCenti } from '../inventory/weights.ts';
import { isReEntry } from './re-entry-bin.ts';
import { measuredCenti } from './transfer-booking.ts';
import { announceTransfer, type TransferServiceDeps } from './transfer-context.ts';
import { getTransfer, transferRow } from './transfer-queries.ts';
import type { TransferRow } from './transfer-repository.ts';

/** Bins on the same conveyor that hold the transfer's bean, fullest first. */
export async function substitutesFor(d: TransferServiceDeps, r: TransferRow) {
  const t = r.transfer;
  if (t.beanId === null) return [];
  const routes = (await d.repo.routes()).filter(
    (route) =>
      route.conveyorRef === t.conveyorDevice &&
      route.deviceRef !== t.sourceDevice &&
      route.deviceRef !== t.targetDevice &&
      !isReEntry(route.typeName),
  );
  const contents = await d.ledger.contentsOf(routes.map((route) => route.deviceRef));
  return contents
    .map((c) => ({
      ref: routes.find((route) => route.deviceCode === c.device_id)?.deviceRef ?? 0,
      device_id: c.device_id,
      device_name: c.device_name,
      lbs: c.beans.find((b) => b.bean_id === t.beanId)?.lbs ?? 0,
    }))
    .filter((c) => c.lbs > 0)
    .sort((a, b) => b.lbs - a.lbs);
}

async function promptOf(d: TransferServiceDeps, r: TransferRow): Promise<SiloPrompt> {
  const t = r.transfer;
  const moved = measuredCenti(d, r.conveyorCode) ?? 0;
  const substitutes = await substitutesFor(d, r);
  const chosen = substitutes.find((s) => s.ref === t.substituteDevice);
  return {
    transfer_id: t.id,
    source_device_id: r.sourceCode,
    source_device_name: r.sourceName,
    target_device_name: r.targetName,
    bean_id: t.beanId,
    bean_name: t.beanName,
    target_amount: fromCenti(t.centiLbs),
    moved_amount: fromCenti(moved),
    remaining: fromCenti(Math.max(0, t.centiLbs - moved)),
    since: (t.stalledSince ?? new Date()).toISOString(),
    substitutes: substitutes.map(({ ref: _ref, ...s }) => s),
    substitute_device_id: chosen?.device_id ?? null,
  };
}

/** Processing transfers whose source ran empty and nobody has answered yet. */
export async function emptySourcePrompts(d: TransferServiceDeps): Promise<SiloPrompt[]> {
  const rows = (await d.repo.list({ statuses: ['processing'], stalled: true })).filter(
    (r) => !r.transfer.stallAnswered,
  );
  return Promise.all(rows.map((r) => promptOf(d, r)));
}

/** A transfer whose source ran empty; refuses any other, which has no prompt to answer. */
export async function stalledTransfer(d: TransferServiceDeps, id: number): Promise<TransferRow> {
  const row = await transferRow(d, id);
  if (row.transfer.status !== 'processing' || row.transfer.stalledSince === null)
    throw conflict(
      `Transfer ${id} is not waiting for beans: only a transfer whose source ran empty can be answered.`,
    );
  return row;
}

/** Continue: keep the run waiting (someone refills the source); the prompt goes away. */
export async function keepWaiting(d: TransferServiceDeps, id: number): Promise<Transfer> {
  await stalledTransfer(d, id);
  await d.repo.update(id, ['processing'], { stallAnswered: true });
  announceTransfer(d, id);
  return getTransfer(d, id);
}

/** The substitute-silo prompt's choice: a bin on the same conveyor holding the same bean. */
export async function chooseSubstitute(
  d: TransferServiceDeps,
  id: number,
  deviceCode: string,
): Promise<SiloPrompt> {
  const row = await stalledTransfer(d, id);
  const chosen = (await substitutesFor(d, row)).find(
    (s) => s.device_id.toLowerCase() === deviceCode.toLowerCase(),
  );
  if (!chosen)
    throw unprocessable(
      `${deviceCode} cannot stand in for ${row.sourceName}: it must be on the same conveyor and hold ${row.transfer.beanName}.`,
    );
  await d.repo.update(id, ['processing'], { substituteDevice: chosen.ref });
  announceTransfer(d, id);
  return promptOf(d, await transferRow(d, id));
}
