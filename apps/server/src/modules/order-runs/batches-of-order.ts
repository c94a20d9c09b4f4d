import type { BatchOfOrder } from '@roastery/contract';
import { notFound } from '../../lib/http-errors.ts';
import { fromCenti } from '../inventory/weights.ts';
import { roastedLotNumber } from './order-labels.ts';
import type { OrderRunServiceDeps } from './order-run-context.ts';

/** An order's batches with what the PLC weighed and the roasted lot each made. */
export async function batchesOf(d: OrderRunServiceDeps, orderId: number): Promise<BatchOfOrder[]> {
  const order = await d.repo.order(orderId);
  if (!order) throw notFound(`Order ${orderId} not found.`);
  const lbs = (centi: number | null) => (centi === null ? null : fromCenti(centi));
  const batches = await d.repo.batches(orderId);
  const names = await d.profiles.namesOf([
    ...new Set(batches.flatMap((b) => (b.roastProfileId === null ? [] : [b.roastProfileId]))),
  ]);
  return batches.map((b) => ({
    id: b.id,
    seq: b.seq,
    status: b.status,
    planned: lbs(b.plannedCenti),
    green: lbs(b.greenCenti),
    roasted: lbs(b.roastedCenti),
    roast_loss:
      b.greenCenti === null || b.roastedCenti === null || order.order.kind !== 'roasting'
        ? null
        : fromCenti(b.greenCenti - b.roastedCenti),
    lot_number: b.roastedLotId === null ? null : roastedLotNumber(orderId, b.seq),
    run_id: b.runId,
    error: b.error,
    started_at: b.startedAt?.toISOString() ?? null,
    finished_at: b.finishedAt?.toISOString() ?? null,
    roast_profile:
      b.roastProfileId === null || b.roastProfileVersion === null
        ? null
        : {
            id: b.roastProfileId,
            name: names.get(b.roastProfileId) ?? '',
            version: b.roastProfileVersion,
          },
  }));
}
