import type { LotDecisionBody, QualityLot, SignatureMeaning } from '@roastery/contract';
import type { Transaction } from '@roastery/db';
import { conflict } from '../../lib/http-errors.ts';
import { recordSha256 } from './present-quality.ts';
import type { QualityContext, Signer } from './quality-context.ts';
import type { LotRow, StatusFields } from './quality-repository.ts';
import { lotRow, readLot } from './read-lots.ts';

const meaningText: Record<SignatureMeaning, string> = {
  released: 'released',
  rejected: 'rejected',
  released_under_deviation: 'released under deviation',
};

/** What a decision does to the lot's status, or why it cannot be signed. */
async function nextStatus(
  ctx: QualityContext,
  tx: Transaction,
  lot: LotRow,
  meaning: SignatureMeaning,
  reason: string,
  signer: Signer,
): Promise<StatusFields> {
  if (lot.status === 'released' || lot.status === 'rejected') {
    throw conflict(`Lot ${lot.lotNumber} was already ${lot.status}: a decision on it is final.`);
  }
  if (meaning === 'rejected') return { status: 'rejected', reason, firstRelease: null };
  const blocker = await ctx.releaseBlocker.blockerOf(lot.lotId, lot.lotNumber, tx);
  if (blocker) throw conflict(blocker);
  const released: StatusFields = { status: 'released', reason, firstRelease: null };
  if (lot.status !== 'on_hold' || !lot.needsSecond) return released;
  if (lot.firstRelease === null) return { status: 'on_hold', reason: lot.reason ?? '' };
  const first = await ctx.repo.signature(tx, lot.firstRelease);
  if (first?.userId === signer.id) {
    throw conflict(
      `You signed the first release of lot ${lot.lotNumber}, which is on hold for a result out of its specification: a different person must sign the second.`,
    );
  }
  return released;
}

/**
 * Signs a decision on a roasted lot: the signer's password is checked again (a wrong one
 * changes nothing and counts in the sign-in throttle), then the signature (who, when, meaning,
 * reason, the SHA-256 of the lot's record as it stood) is stored and the lot's status follows.
 * A lot on hold for a result out of its specification is released by two different people: the
 * first release waits for the second. The signature joins the audit chain once committed.
 */
export async function signDecision(
  ctx: QualityContext,
  lotId: number,
  body: LotDecisionBody,
  signer: Signer,
): Promise<QualityLot> {
  await lotRow(ctx, lotId);
  await ctx.passwords.confirm(signer.id, body.password, signer.address);
  const signed = await ctx.repo.db.transaction(async (tx) => {
    await ctx.repo.lockLot(tx, lotId);
    const lot = await lotRow(ctx, lotId, tx);
    const status = await nextStatus(ctx, tx, lot, body.meaning, body.reason, signer);
    const hash = recordSha256(await readLot(ctx, lotId, tx));
    const at = ctx.now();
    const id = await ctx.repo.insertSignature(tx, {
      lotId,
      userId: signer.id,
      userName: signer.fullName,
      at,
      meaning: body.meaning,
      reason: body.reason,
      recordSha256: hash,
    });
    const awaitsSecond = status.status === 'on_hold';
    await ctx.repo.setStatus(tx, lotId, awaitsSecond ? { ...status, firstRelease: id } : status);
    return { lotNumber: lot.lotNumber, at, hash, id, awaitsSecond };
  });
  const why = body.reason ? `: ${body.reason}` : '';
  ctx.audit.record({
    at: signed.at,
    userId: signer.id,
    userName: signer.username,
    address: signer.address,
    category: 'quality',
    action: signed.awaitsSecond ? 'signature (first of two)' : 'signature',
    target: `lot ${signed.lotNumber}, signature ${signed.id}`,
    result: `${meaningText[body.meaning]}${why}; record sha256 ${signed.hash}`,
  });
  return readLot(ctx, lotId);
}
