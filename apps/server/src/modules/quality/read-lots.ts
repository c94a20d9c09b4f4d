import type { QualityLot, QualityLotQuery } from '@roastery/contract';
import type { Executor } from '@roastery/db';
import { notFound } from '../../lib/http-errors.ts';
import { presentLot } from './present-quality.ts';
import type { QualityContext } from './quality-context.ts';
import type { LotRow } from './quality-repository.ts';

export async function listLots(ctx: QualityContext, query: QualityLotQuery): Promise<QualityLot[]> {
  const rows = await ctx.repo.listLots(query.status);
  const ids = rows.map((r) => r.lotId);
  const [results, signatures] = await Promise.all([
    ctx.repo.results(ids),
    ctx.repo.signatures(ids),
  ]);
  return rows.map((r) => presentLot(r, results, signatures));
}

/** A roasted lot's row; 404 for any other id. */
export async function lotRow(ctx: QualityContext, lotId: number, tx?: Executor): Promise<LotRow> {
  const row = await ctx.repo.lot(lotId, tx);
  if (!row) throw notFound(`Roasted lot ${lotId} not found.`);
  return row;
}

/** One roasted lot's quality record, read inside the caller's transaction when given one. */
export async function readLot(
  ctx: QualityContext,
  lotId: number,
  tx?: Executor,
): Promise<QualityLot> {
  const row = await lotRow(ctx, lotId, tx);
  const [results, signatures] = await Promise.all([
    ctx.repo.results([lotId], tx),
    ctx.repo.signatures([lotId], tx),
  ]);
  return presentLot(row, results, signatures);
}
