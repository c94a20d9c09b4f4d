import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import {
  SettingRef,
  dumpMessages,
  greenLotProblem,
  type CreateDumpBody,
  type Dump,
} from '@roastery/contract';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import { toCenti } from '../inventory/weights.ts';
import { dumpChanged, type DumpServiceDeps } from './dump-context.ts';
import { getDump } from './dump-reads.ts';
import { chooseSilo, dumpTargets } from './dump-targets.ts';
import { TARGET_KIND } from './present-dump.ts';

dayjs.extend(utc);

/** A dump request for a target the operator chose, or the console in auto dump mode. */
export async function createDump(
  d: DumpServiceDeps,
  body: CreateDumpBody,
  who: Principal,
): Promise<Dump> {
  const mode = await d.settings.value(SettingRef.DumpMode);
  if (mode === 'manual' && !body.type) throw unprocessable(dumpMessages.type);
  if (mode === 'manual' && !body.device_id) throw unprocessable(dumpMessages.device);
  const type = body.type ?? 'Silo Bin';
  if (type === 'Roaster') throw unprocessable(dumpMessages.roaster);
  const problem = greenLotProblem(body);
  // An out-of-range number is a 400 with the form's words, as every number field's (ADR 0039).
  if (problem) throw badRequest(problem);
  const bean = await d.beans.find(body.bean_id);
  if (!bean) throw notFound(`Bean ${body.bean_id} not found.`);
  const code = body.device_id ?? (await chooseSilo(d, body.bean_id, body.amount));
  const target = (await dumpTargets(d, body.bean_id, body.amount, type)).find(
    (t) => t.device_id.toLowerCase() === code.toLowerCase(),
  );
  if (!target) throw unprocessable(`${code} is not a ${type}.`);
  if (!target.fits)
    throw conflict(`The dump cannot go to ${target.device_name}: ${target.reason}.`);
  const device = (await d.repo.devicesOfType(type)).find((t) => t.code === target.device_id);
  if (!device) throw notFound(`Device ${code} not found.`);
  const lotNumber = body.lot_number ?? (await newLotNumber(d));
  const lotId = await d.ledger.createLot({
    lotNumber,
    beanId: bean.id,
    kind: 'green',
    moisturePct: body.moisture_pct ?? null,
    densityGPerL: body.density_g_per_l ?? null,
    // An empty field is no supplier, not a supplier named ''.
    supplier: body.supplier || null,
    supplierLot: body.supplier_lot || null,
  });
  const id = await d.repo.insert({
    lotId,
    beanId: bean.id,
    centiLbs: toCenti(body.amount),
    targetKind: TARGET_KIND[type],
    targetDevice: device.id,
    orderId: body.order_id ?? null,
    status: 'pending',
    requestedBy: who.id,
  });
  return getDump(d, id);
}

/** 'DMP-' + MMDDYYYYHHmmss; two dumps in one second get '-2', '-3'. */
async function newLotNumber(d: DumpServiceDeps): Promise<string> {
  const base = `DMP-${dayjs.utc().format('MMDDYYYYHHmmss')}`;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await d.ledger.lotExists(candidate))) return candidate;
  }
}

/** The roaster dump-request popup's Ok: the request is closed without beans moving here. */
export async function closeDump(d: DumpServiceDeps, id: number): Promise<Dump> {
  const dump = await getDump(d, id);
  if (!(await d.repo.transition(id, ['pending', 'failed'], { status: 'closed' }))) {
    throw conflict(`Dump request ${id} is ${dump.status} and cannot be closed.`);
  }
  return getDump(d, id);
}

/** Deletes a pending request, and its lot when nothing else names it (a new dump's own lot). */
export async function deleteDump(d: DumpServiceDeps, id: number): Promise<void> {
  const row = await d.repo.find(id);
  if (!row) throw notFound(`Dump request ${id} not found.`);
  if (!(await d.repo.delete(id))) {
    throw conflict(
      `Dump request ${id} is ${row.dump.status}: only a pending request can be deleted.`,
    );
  }
  await d.ledger.deleteUnusedLot(row.dump.lotId);
  dumpChanged(d, id);
}
