import type { BatchFoodSafetyRecord, FoodSafetyDay } from '@roastery/contract';
import type { Executor } from '@roastery/db';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import { lockDay } from './day-lock.ts';
import { dayOf, type Actor, type FoodSafetyContext } from './food-safety-context.ts';
import type { DayRows, SignatureRow } from './food-safety-repository.ts';
import {
  daySha256,
  presentAction,
  presentDeviation,
  presentMonitoring,
  presentPackingCheck,
  recordsUntil,
} from './present-food-safety.ts';

const count = (rows: DayRows) =>
  rows.monitoring.length + rows.deviations.length + rows.actions.length + rows.packingChecks.length;

/** A day's records, every open deviation, and the day's signatures, each checked again. */
export async function readDay(ctx: FoodSafetyContext, day: string): Promise<FoodSafetyDay> {
  const [rows, signatures, open] = await Promise.all([
    ctx.repo.day(day),
    ctx.repo.signatures(day),
    ctx.repo.openDeviations(),
  ]);
  const actions = await ctx.repo.actionsOf(rows.deviations.map((d) => d.id));
  const last = signatures.at(-1);
  return {
    day,
    monitoring: rows.monitoring.map(presentMonitoring),
    deviations: rows.deviations.map((d) => presentDeviation(d, actions)),
    corrective_actions: rows.actions.map(presentAction),
    packing_checks: rows.packingChecks.map(presentPackingCheck),
    open_deviations: open.map((d) => presentDeviation(d, [])),
    signatures: signatures.map((s) => ({
      id: s.id,
      by: s.userName,
      at: s.at.toISOString(),
      record_sha256: s.recordSha256,
      intact: daySha256(day, recordsUntil(rows, s.at)) === s.recordSha256,
    })),
    unsigned_records: count(rows) - (last ? count(recordsUntil(rows, last.at)) : 0),
  };
}

/** A batch's monitoring records (a correction after the record it corrects) and deviations. */
export async function readBatch(
  ctx: FoodSafetyContext,
  batchId: number,
): Promise<BatchFoodSafetyRecord> {
  const monitoring = await ctx.repo.monitoringOfBatch(batchId);
  if (monitoring.length === 0) throw notFound(`Batch ${batchId} has no food-safety record.`);
  const deviations = await ctx.repo.deviationsOfMonitoring(monitoring.map((m) => m.id));
  const actions = await ctx.repo.actionsOf(deviations.map((d) => d.id));
  return {
    batch_id: batchId,
    monitoring: monitoring.map(presentMonitoring),
    deviations: deviations.map((d) => presentDeviation(d, actions)),
  };
}

function signable(ctx: FoodSafetyContext, day: string): void {
  if (day > dayOf(ctx.now())) throw unprocessable(`The day ${day} has not begun yet.`);
}

/** Why the day cannot be signed as it stands; undefined when it can. */
async function refusal(
  ctx: FoodSafetyContext,
  day: string,
  rows: DayRows,
  last: SignatureRow | undefined,
  tx?: Executor,
): Promise<string | undefined> {
  const actions = await ctx.repo.actionsOf(
    rows.deviations.map((d) => d.id),
    tx,
  );
  const open = rows.deviations.filter((d) => !actions.some((a) => a.deviationId === d.id));
  if (open.length > 0)
    return `The day's deviation ${open.map((d) => d.id).join(', ')} is open: record its corrective action before signing the day.`;
  if (last && count(recordsUntil(rows, last.at)) === count(rows))
    return `The records of ${day} were already signed by ${last.userName} at ${last.at.toISOString()}; nothing was written since.`;
  return undefined;
}

/**
 * The supervisor's daily verification: with their password entered again, signs the day's
 * records as they stand (the SHA-256 of every row), which joins the audit chain. A day with an
 * open deviation waits for its corrective action; records written to a day after its signature
 * wait for another signature, which covers them too.
 */
export async function signDay(
  ctx: FoodSafetyContext,
  day: string,
  password: string,
  actor: Actor,
): Promise<FoodSafetyDay> {
  signable(ctx, day);
  const before = await ctx.repo.day(day);
  const why = await refusal(ctx, day, before, (await ctx.repo.signatures(day)).at(-1));
  if (why) throw conflict(why);
  await ctx.passwords.confirm(actor.id, password, actor.address);
  const signed = await ctx.repo.db.transaction(async (tx) => {
    await lockDay(tx, day);
    const rows = await ctx.repo.day(day, tx);
    const again = await refusal(ctx, day, rows, (await ctx.repo.signatures(day, tx)).at(-1), tx);
    if (again) throw conflict(again);
    const at = ctx.now();
    const hash = daySha256(day, rows);
    const id = await ctx.repo.insertSignature(tx, {
      day,
      userId: actor.id,
      userName: actor.fullName,
      at,
      recordSha256: hash,
    });
    return { id, at, hash, records: count(rows) };
  });
  ctx.audit.record({
    at: signed.at,
    userId: actor.id,
    userName: actor.username,
    address: actor.address,
    category: 'food-safety',
    action: 'day verification',
    target: `day ${day}, signature ${signed.id}`,
    result: `${signed.records} records verified; records sha256 ${signed.hash}`,
  });
  return readDay(ctx, day);
}
