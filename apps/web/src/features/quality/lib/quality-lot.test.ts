import { describe, expect, it } from 'vitest';
import type { QualityLot, QualitySignature } from '@roastery/contract';
import {
  firstReleaser,
  formatResultValue,
  isDecided,
  readStatusFilter,
  shortHash,
  statusLook,
  writeStatusFilter,
} from './quality-lot.ts';

const signature = (by: string, meaning: QualitySignature['meaning']): QualitySignature => ({
  id: 1,
  by,
  at: '2026-03-10T10:00:00.000Z',
  meaning,
  reason: '',
  record_sha256: 'a'.repeat(64),
});

const lot = (fields: Partial<QualityLot>): QualityLot => ({
  lot_id: 1,
  lot_number: 'R-1',
  product_id: 1,
  product_name: 'House Blend',
  batch_id: 1,
  batch_seq: 1,
  order_id: 1,
  status: 'pending',
  reason: '',
  awaiting_second_signature: false,
  results: [],
  signatures: [],
  ...fields,
});

describe('the status filter in the address', () => {
  it('reads a known status and ignores anything else', () => {
    expect(readStatusFilter(new URLSearchParams('status=on_hold'))).toBe('on_hold');
    expect(readStatusFilter(new URLSearchParams('status=held'))).toBeUndefined();
    expect(readStatusFilter(new URLSearchParams(''))).toBeUndefined();
  });

  it('writes the status back, and nothing for every lot', () => {
    expect(writeStatusFilter('rejected').toString()).toBe('status=rejected');
    expect(writeStatusFilter(undefined).toString()).toBe('');
  });
});

describe('how a lot and its results read', () => {
  it('names each status with its colour', () => {
    expect(statusLook('on_hold')).toEqual({ label: 'On hold', color: 'orange' });
    expect(statusLook('released')).toEqual({ label: 'Released', color: 'green' });
  });

  it('shows percentages with their unit and scores without one', () => {
    expect(formatResultValue('moisture', 3.256)).toBe('3.26 %');
    expect(formatResultValue('colour', 58)).toBe('58');
    expect(formatResultValue('cupping', 84.5)).toBe('84.5');
  });

  it('shortens a hash to twelve characters', () => {
    expect(shortHash('0123456789abcdef'.repeat(4))).toBe('0123456789ab');
  });

  it('a decided lot is released or rejected', () => {
    expect(isDecided(lot({ status: 'released' }))).toBe(true);
    expect(isDecided(lot({ status: 'on_hold' }))).toBe(false);
  });
});

describe('the first releaser of a held lot', () => {
  it('is the latest release signed while the lot waits for a second person', () => {
    const waiting = lot({
      status: 'on_hold',
      awaiting_second_signature: true,
      signatures: [signature('Sam Supervisor', 'released_under_deviation')],
    });
    expect(firstReleaser(waiting)).toBe('Sam Supervisor');
  });

  it('is nobody once the lot waits for no one', () => {
    const released = lot({
      status: 'released',
      signatures: [signature('Sam Supervisor', 'released'), signature('Ada Admin', 'released')],
    });
    expect(firstReleaser(released)).toBeUndefined();
  });
});
