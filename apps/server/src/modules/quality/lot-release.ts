import type { LotQualityStatus } from '@roastery/contract';
import type { QualityRepository } from './quality-repository.ts';

/** A roasted lot's quality status as other areas read it. */
export interface LotRelease {
  lotId: number;
  lotNumber: string;
  status: LotQualityStatus;
  /** Why the lot is on hold or rejected; empty when nothing was said. */
  reason: string;
}

/**
 * The quality area's narrow port for the areas that move roasted beans on: whether each lot is
 * released, and why not, without reaching into the quality tables.
 */
export interface LotReleaseReader {
  /** The status of each of these lots that is a roasted lot, in the order asked. */
  releaseOf(lotIds: readonly number[]): Promise<LotRelease[]>;
}

export function lotReleaseReader(repo: Pick<QualityRepository, 'statusOf'>): LotReleaseReader {
  return {
    async releaseOf(lotIds) {
      if (lotIds.length === 0) return [];
      const rows = new Map((await repo.statusOf(lotIds)).map((r) => [r.lotId, r]));
      return lotIds.flatMap((id) => {
        const row = rows.get(id);
        if (!row) return [];
        // A roasted lot without a status row has had no result yet: it is pending.
        return [
          {
            lotId: id,
            lotNumber: row.lotNumber,
            status: row.status ?? 'pending',
            reason: row.reason ?? '',
          },
        ];
      });
    },
  };
}
