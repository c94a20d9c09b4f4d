import type { QualityResultKind } from '@roastery/contract';
import { conflict } from '../../lib/http-errors.ts';
import { specBody } from './present-quality.ts';
import type { QualityContext } from './quality-context.ts';
import { lotRow } from './read-lots.ts';
import { checkResult, specBounds } from './spec-rules.ts';

/** A result as it comes in, from the roast record or from a person. */
export interface IncomingResult {
  kind: QualityResultKind;
  value: number;
  notes?: string;
}

export interface ResultOrigin {
  source: 'roast_record' | 'entered';
  userId: number | null;
  userName: string;
  /** The batch the results are of; the lot's own batch when omitted. */
  batchId?: number | null;
}

const finalWord = { released: 'released', rejected: 'rejected' } as const;

/**
 * Adds results to a roasted lot, each checked against its product's specification as it stands
 * now. A result out of specification puts the lot on hold at once, with a reason naming each
 * such result, its value and the range, and rings the bell. A decided lot takes no more
 * results: its record was signed. A first release waiting for its second signature is void once
 * the lot's record changes, since the second signer would sign something else.
 */
export async function recordResults(
  ctx: QualityContext,
  lotId: number,
  results: IncomingResult[],
  origin: ResultOrigin,
): Promise<void> {
  const held = await ctx.repo.db.transaction(async (tx) => {
    await lotRow(ctx, lotId, tx);
    await ctx.repo.lockLot(tx, lotId);
    const lot = await lotRow(ctx, lotId, tx);
    if (lot.status === 'released' || lot.status === 'rejected') {
      throw conflict(
        `Lot ${lot.lotNumber} was already ${finalWord[lot.status]}: its record is signed and takes no more results.`,
      );
    }
    const bounds = specBounds(
      specBody(lot.productId === null ? undefined : await ctx.repo.spec(lot.productId, tx)),
    );
    const reasons: string[] = [];
    const at = ctx.now();
    for (const result of results) {
      const verdict = checkResult(result.kind, result.value, bounds[result.kind]);
      if (verdict.reason) reasons.push(verdict.reason);
      await ctx.repo.insertResult(tx, {
        lotId,
        batchId: origin.batchId === undefined ? lot.batchId : origin.batchId,
        kind: result.kind,
        value: result.value,
        source: origin.source,
        userId: origin.userId,
        userName: origin.userName,
        at,
        notes: result.notes ?? '',
        inSpec: verdict.inSpec,
        specText: verdict.spec,
      });
    }
    if (reasons.length === 0) {
      if (lot.firstRelease !== null) await ctx.repo.setStatus(tx, lotId, { firstRelease: null });
      return undefined;
    }
    const earlier = lot.status === 'on_hold' && lot.reason ? [lot.reason] : [];
    const reason = [...earlier, ...reasons].join(' ');
    await ctx.repo.setStatus(tx, lotId, {
      status: 'on_hold',
      reason,
      needsSecond: true,
      firstRelease: null,
    });
    return { lotNumber: lot.lotNumber, reasons };
  });
  if (held) {
    await ctx.notifications.raise({
      type: 'warning',
      text: `Lot ${held.lotNumber} is on hold: ${held.reasons.join(' ')}`,
      by: 'console',
    });
  }
}
