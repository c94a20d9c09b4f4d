import {
  lotQualityStatus,
  type LotQualityStatus,
  type QualityLot,
  type QualityResultKind,
  type SignatureMeaning,
} from '@roastery/contract';

export interface StatusLook {
  label: string;
  /** An antd preset colour; the theme darkens the presets' text to read on their tint. */
  color: 'default' | 'green' | 'orange' | 'red';
}

const statusLooks: Record<LotQualityStatus, StatusLook> = {
  pending: { label: 'Pending', color: 'default' },
  released: { label: 'Released', color: 'green' },
  on_hold: { label: 'On hold', color: 'orange' },
  rejected: { label: 'Rejected', color: 'red' },
};

export const statusLook = (status: LotQualityStatus): StatusLook => statusLooks[status];

/** The list's filter as the address holds it (?status=on_hold); every lot when absent or unknown. */
export function readStatusFilter(search: URLSearchParams): LotQualityStatus | undefined {
  const parsed = lotQualityStatus.safeParse(search.get('status'));
  return parsed.success ? parsed.data : undefined;
}

export function writeStatusFilter(status: LotQualityStatus | undefined): URLSearchParams {
  return new URLSearchParams(status ? { status } : {});
}

const kinds: Record<QualityResultKind, { label: string; unit: string }> = {
  colour: { label: 'Colour', unit: '' },
  moisture: { label: 'Moisture', unit: ' %' },
  loss: { label: 'Roast loss', unit: ' %' },
  development: { label: 'Development', unit: ' %' },
  cupping: { label: 'Cupping score', unit: '' },
};

export const kindLabel = (kind: QualityResultKind): string => kinds[kind].label;

/** A result's value with its unit, to two decimals at most: '58', '3.25 %'. */
export function formatResultValue(kind: QualityResultKind, value: number): string {
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}${kinds[kind].unit}`;
}

const meanings: Record<SignatureMeaning, string> = {
  released: 'Released',
  released_under_deviation: 'Released under deviation',
  rejected: 'Rejected',
};

export const meaningLabel = (meaning: SignatureMeaning): string => meanings[meaning];

/** Enough of a SHA-256 to tell two records apart at a glance; the whole one is in a tooltip. */
export const shortHash = (sha256: string): string => sha256.slice(0, 12);

/**
 * Who signed the release a second person must now confirm; undefined unless the lot waits for
 * one. The first release is the latest release signed, since a held lot's first release leaves
 * it on hold.
 */
export function firstReleaser(lot: QualityLot): string | undefined {
  if (!lot.awaiting_second_signature) return undefined;
  return lot.signatures.findLast((s) => s.meaning !== 'rejected')?.by;
}

/** A released or rejected lot is decided: no result or signature changes it any more. */
export const isDecided = (lot: QualityLot): boolean =>
  lot.status === 'released' || lot.status === 'rejected';
