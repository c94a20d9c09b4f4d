import { inArray } from 'drizzle-orm';
import { qualityLotStatus, type Executor } from '@roastery/db';
import type { LotQualityStatus } from '@roastery/contract';

export interface HeldStatus {
  status: LotQualityStatus;
  reason: string;
}

/**
 * The quality status rows of some lots, green or roasted, by lot id; a lot without a row is
 * pending. Read after `QualityRepository.lockLot` to see what the other writers left.
 */
export async function statusesOf(tx: Executor, lotIds: number[]): Promise<Map<number, HeldStatus>> {
  if (!lotIds.length) return new Map();
  const rows = await tx
    .select({
      lotId: qualityLotStatus.lotId,
      status: qualityLotStatus.status,
      reason: qualityLotStatus.reason,
    })
    .from(qualityLotStatus)
    .where(inArray(qualityLotStatus.lotId, lotIds));
  return new Map(rows.map((r) => [r.lotId, { status: r.status, reason: r.reason }]));
}
