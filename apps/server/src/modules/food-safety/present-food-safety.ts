import { createHash } from 'node:crypto';
import type {
  CorrectiveAction,
  Deviation,
  MonitoringRecord,
  PackingCheck,
} from '@roastery/contract';
import type {
  ActionRow,
  DayRows,
  DeviationRow,
  MonitoringRow,
  PackingCheckRow,
} from './food-safety-repository.ts';

export function presentMonitoring(row: MonitoringRow): MonitoringRecord {
  return {
    id: row.id,
    day: row.day,
    recorded_at: row.recordedAt.toISOString(),
    batch_id: row.batchId,
    batch_seq: row.batchSeq,
    order_id: row.orderId,
    roast_record_id: row.roastRecordId,
    lot_id: row.lotId,
    lot_number: row.lotNumber,
    product_id: row.productId,
    product_name: row.productName,
    roaster: row.roaster,
    dropped_at: row.droppedAt.toISOString(),
    person: row.person,
    source: 'plc',
    kill_step: row.killStep,
    min_bt_f: row.minBtF,
    seconds_at_or_above: row.secondsAtOrAbove,
    max_bt_f: row.maxBtF,
    end_bt_f: row.endBtF,
    total_s: row.totalS,
    colour: row.colour,
    checks: row.checks,
    met: row.met,
    corrects: row.corrects,
    correction_reason: row.correctionReason,
  };
}

export function presentAction(row: ActionRow): CorrectiveAction {
  return {
    id: row.id,
    deviation_id: row.deviationId,
    who: row.who,
    what: row.what,
    when: row.doneAt.toISOString(),
    entered_by: row.enteredBy,
    entered_at: row.enteredAt.toISOString(),
    day: row.day,
  };
}

export function presentDeviation(row: DeviationRow, actions: readonly ActionRow[]): Deviation {
  const action = actions.find((a) => a.deviationId === row.id);
  return {
    id: row.id,
    day: row.day,
    opened_at: row.openedAt.toISOString(),
    source: row.source,
    monitoring_id: row.monitoringId,
    packing_check_id: row.packingCheckId,
    lot_id: row.lotId,
    subject: row.subject,
    description: row.description,
    corrective_action: action ? presentAction(action) : null,
  };
}

export function presentPackingCheck(row: PackingCheckRow): PackingCheck {
  return {
    id: row.id,
    day: row.day,
    at: row.at.toISOString(),
    packing_order_id: row.packingOrderId,
    order_number: row.orderNumber,
    product_name: row.productName,
    metal_fe: row.metalFe,
    metal_non_fe: row.metalNonFe,
    metal_stainless: row.metalStainless,
    check_weigher: row.checkWeigher,
    check_weigher_lbs: row.checkWeigherLbs,
    notes: row.notes,
    by: row.byName,
    passed: [row.metalFe, row.metalNonFe, row.metalStainless, row.checkWeigher].every(
      (r) => r === 'pass',
    ),
    corrects: row.corrects,
    correction_reason: row.correctionReason,
  };
}

const writtenBy = (at: Date, until: Date) => at.getTime() <= until.getTime();

/** The day's records written up to a time: what a signature made then covers. */
export function recordsUntil(rows: DayRows, until: Date): DayRows {
  return {
    monitoring: rows.monitoring.filter((r) => writtenBy(r.recordedAt, until)),
    deviations: rows.deviations.filter((r) => writtenBy(r.openedAt, until)),
    actions: rows.actions.filter((r) => writtenBy(r.enteredAt, until)),
    packingChecks: rows.packingChecks.filter((r) => writtenBy(r.at, until)),
  };
}

/**
 * SHA-256 of a day's records as stored (every column of every row, in the order written): what
 * a day's signature says the supervisor reviewed. A row changed afterwards changes the hash.
 */
export function daySha256(day: string, rows: DayRows): string {
  const text = JSON.stringify({ day, ...rows });
  return createHash('sha256').update(text).digest('hex');
}
