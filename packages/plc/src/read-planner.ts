import type { PlantTag, TagArea } from '@roastery/contract';
import { tagWidth } from './tag-codec.ts';

/** What the planner needs of a tag: where it is, how wide it is, and a key to find it again. */
export type PlannableTag = Pick<PlantTag, 'area' | 'address' | 'data_type'> & { key: string };

/** A tag inside a read request: its first slot is at `start + offset`. */
export interface PlannedTag {
  key: string;
  offset: number;
  width: number;
}

/** One batched read: `count` consecutive coils or registers from `start`. */
export interface ReadRequest {
  area: TagArea;
  start: number;
  count: number;
  tags: PlannedTag[];
  /** Slots read that belong to no tag (bridged gaps). */
  unmapped: number;
}

export interface ReadPlanOptions {
  /** Registers per read request; Modbus allows 125 (FC3). */
  maxRegisters?: number;
  /** Coils per read request; Modbus allows 2000 (FC1). */
  maxCoils?: number;
  /** Longest run of unmapped registers bridged to save a request. */
  maxGapRegisters?: number;
  /** Longest run of unmapped coils bridged to save a request. */
  maxGapCoils?: number;
}

export const READ_PLAN_DEFAULTS: Required<ReadPlanOptions> = {
  maxRegisters: 125,
  maxCoils: 2000,
  // 32 unmapped registers cost 64 bytes on the wire, far less than one more request round trip
  // (milliseconds on a real PLC). A PLC that refuses to read a hole gets gap-free reads instead.
  maxGapRegisters: 32,
  // 256 coils are 32 bytes too.
  maxGapCoils: 256,
};

const AREAS: readonly TagArea[] = ['coil', 'holding'];

interface Span {
  key: string;
  start: number;
  end: number;
}

interface OpenRequest {
  start: number;
  end: number;
  coveredEnd: number;
  covered: number;
  tags: PlannedTag[];
}

function close(area: TagArea, open: OpenRequest): ReadRequest {
  const count = open.end - open.start;
  return { area, start: open.start, count, tags: open.tags, unmapped: count - open.covered };
}

function planArea(spans: Span[], area: TagArea, max: number, maxGap: number): ReadRequest[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const requests: ReadRequest[] = [];
  let open: OpenRequest | undefined;
  for (const span of sorted) {
    const fits =
      open !== undefined && span.end - open.start <= max && span.start - open.end <= maxGap;
    if (!open || !fits) {
      if (open) requests.push(close(area, open));
      open = { start: span.start, end: span.start, coveredEnd: span.start, covered: 0, tags: [] };
    }
    open.tags.push({
      key: span.key,
      offset: span.start - open.start,
      width: span.end - span.start,
    });
    // Overlapping tags (two commands reading one register) must not count a slot twice.
    open.covered += Math.max(0, span.end - Math.max(span.start, open.coveredEnd));
    open.coveredEnd = Math.max(open.coveredEnd, span.end);
    open.end = Math.max(open.end, span.end);
  }
  if (open) requests.push(close(area, open));
  return requests;
}

/**
 * Plans the fewest batched reads that cover every tag. Per area, tags are taken in address
 * order and a request is extended while it stays within the protocol's limit and the hole
 * before the next tag is at most the allowed gap. This greedy rule is optimal: each request
 * reaches as far as any request starting at the same address could, so no plan has fewer.
 * A 32-bit tag is never split across two requests.
 */
export function planReads(
  tags: readonly PlannableTag[],
  options: ReadPlanOptions = {},
): ReadRequest[] {
  const settings = { ...READ_PLAN_DEFAULTS, ...options };
  const limits: Record<TagArea, { max: number; maxGap: number }> = {
    coil: { max: settings.maxCoils, maxGap: settings.maxGapCoils },
    holding: { max: settings.maxRegisters, maxGap: settings.maxGapRegisters },
  };
  for (const area of AREAS) {
    if (limits[area].max < 2) throw new RangeError(`A ${area} read must allow at least 2 slots`);
  }
  return AREAS.flatMap((area) => {
    const spans = tags
      .filter((tag) => tag.area === area)
      .map((tag) => ({ key: tag.key, start: tag.address, end: tag.address + tagWidth(tag) }));
    return planArea(spans, area, limits[area].max, Math.max(0, limits[area].maxGap));
  });
}

/**
 * Splits a request where it bridges unmapped slots, so that only mapped addresses are read.
 * Used when a PLC refuses a bridged read with "illegal data address": its map has holes.
 */
export function splitAtGaps(request: ReadRequest): ReadRequest[] {
  if (request.unmapped === 0) return [request];
  const spans = request.tags.map((tag) => ({
    key: tag.key,
    start: request.start + tag.offset,
    end: request.start + tag.offset + tag.width,
  }));
  return planArea(spans, request.area, request.count, 0);
}
