import { createHash } from 'node:crypto';
import type { QualityLot, QualitySpec, QualitySpecBody } from '@roastery/contract';
import type { LotRow, ResultRow, SignatureRow, SpecRow } from './quality-repository.ts';

/** A stored specification's bounds in the contract's terms; every bound empty without a row. */
export function specBody(row: SpecRow | undefined): QualitySpecBody {
  return {
    colour_min: row?.colourMin ?? null,
    colour_max: row?.colourMax ?? null,
    moisture_min: row?.moistureMin ?? null,
    moisture_max: row?.moistureMax ?? null,
    loss_min: row?.lossMin ?? null,
    loss_max: row?.lossMax ?? null,
    development_min: row?.developmentMin ?? null,
    development_max: row?.developmentMax ?? null,
    cupping_min: row?.cuppingMin ?? null,
  };
}

export function presentSpec(
  productId: number,
  productName: string,
  row: SpecRow | undefined,
): QualitySpec {
  return {
    product_id: productId,
    product_name: productName,
    ...specBody(row),
    updated_at: row ? row.updatedAt.toISOString() : null,
    updated_by: row?.updatedBy ?? null,
  };
}

export function presentLot(
  lot: LotRow,
  results: ResultRow[],
  signatures: SignatureRow[],
): QualityLot {
  return {
    lot_id: lot.lotId,
    lot_number: lot.lotNumber,
    product_id: lot.productId,
    product_name: lot.productName,
    batch_id: lot.batchId,
    batch_seq: lot.batchSeq,
    order_id: lot.orderId,
    status: lot.status ?? 'pending',
    reason: lot.reason ?? '',
    awaiting_second_signature: lot.firstRelease !== null,
    results: results
      .filter((r) => r.lotId === lot.lotId)
      .map((r) => ({
        id: r.id,
        batch_id: r.batchId,
        kind: r.kind,
        value: r.value,
        source: r.source,
        by: r.userName,
        at: r.at.toISOString(),
        notes: r.notes,
        in_spec: r.inSpec,
        spec: r.specText,
      })),
    signatures: signatures
      .filter((s) => s.lotId === lot.lotId)
      .map((s) => ({
        id: s.id,
        by: s.userName,
        at: s.at.toISOString(),
        meaning: s.meaning,
        reason: s.reason,
        record_sha256: s.recordSha256,
      })),
  };
}

/**
 * SHA-256 of a lot's quality record as presented (lot, product, batch, status, results and the
 * signatures before this one): what a signature says the signer saw.
 */
export function recordSha256(lot: QualityLot): string {
  return createHash('sha256').update(JSON.stringify(lot)).digest('hex');
}
