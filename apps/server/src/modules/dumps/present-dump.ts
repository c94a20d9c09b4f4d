import type { Dump, DumpTargetType } from '@roastery/contract';
import { fromCenti } from '../inventory/weights.ts';
import type { DumpRow } from './dump-repository.ts';

/** How each dump target type is stored. */
export const TARGET_KIND: Record<DumpTargetType, 'silo' | 'roaster' | 'bagging'> = {
  'Silo Bin': 'silo',
  Roaster: 'roaster',
  'Manual Bagging Station': 'bagging',
};

export function presentDump(r: DumpRow): Dump {
  const d = r.dump;
  return {
    id: d.id,
    lot_number: r.lotNumber,
    bean_id: d.beanId,
    bean_name: r.beanName,
    order_id: d.orderId,
    device_id: r.deviceCode,
    device_name: r.deviceName,
    type:
      (Object.keys(TARGET_KIND) as DumpTargetType[]).find((k) => TARGET_KIND[k] === d.targetKind) ??
      'Silo Bin',
    amount: fromCenti(d.bookedCenti ?? d.centiLbs),
    status: d.status,
    acknowledged: d.status !== 'pending',
    workflow_id: d.workflowId,
    error: d.error,
    created_at: d.createdAt.toISOString(),
    acknowledged_at: d.acknowledgedAt?.toISOString() ?? null,
    completed_at: d.completedAt?.toISOString() ?? null,
    moisture_pct: r.moisturePct,
    density_g_per_l: r.densityGPerL,
    supplier: r.supplier,
    supplier_lot: r.supplierLot,
  };
}
