import { describe, expect, it } from 'vitest';
import type { TagArea, TagDataType } from '@roastery/contract';
import { planReads, splitAtGaps, type PlannableTag, type ReadRequest } from './read-planner.ts';
import { tagWidth } from './tag-codec.ts';
import { seededRandom } from './testing/seeded-random.ts';

let next = 0;
function tag(
  area: TagArea,
  address: number,
  data_type: TagDataType = area === 'coil' ? 'bool' : 'uint16',
): PlannableTag {
  next += 1;
  return { key: `t${next}`, area, address, data_type };
}

const ranges = (requests: ReadRequest[]) => requests.map((r) => [r.area, r.start, r.count]);

describe('planReads', () => {
  it('plans nothing for no tags', () => {
    expect(planReads([])).toEqual([]);
  });

  it('reads contiguous tags of each area in one request', () => {
    const tags = [
      tag('holding', 2),
      tag('holding', 0),
      tag('holding', 1, 'uint32'),
      tag('coil', 5),
      tag('coil', 4),
    ];
    // holding 0, 1-2 (uint32) and 2 overlap: one request of 3 registers.
    expect(ranges(planReads(tags))).toEqual([
      ['coil', 4, 2],
      ['holding', 0, 3],
    ]);
  });

  it('bridges a gap up to the maximum and no further', () => {
    const tags = [tag('holding', 0), tag('holding', 5), tag('holding', 20)];
    const plan = planReads(tags, { maxGapRegisters: 3 });
    expect(ranges(plan)).toEqual([
      ['holding', 0, 1],
      ['holding', 5, 1],
      ['holding', 20, 1],
    ]);
    const bridged = planReads(tags, { maxGapRegisters: 14 });
    expect(ranges(bridged)).toEqual([['holding', 0, 21]]);
    expect(bridged[0]?.unmapped).toBe(18);
  });

  it('never exceeds 125 registers or 2000 coils per request', () => {
    const registers = Array.from({ length: 300 }, (_, i) => tag('holding', i));
    const coils = Array.from({ length: 4500 }, (_, i) => tag('coil', i));
    const plan = planReads([...registers, ...coils]);
    expect(ranges(plan)).toEqual([
      ['coil', 0, 2000],
      ['coil', 2000, 2000],
      ['coil', 4000, 500],
      ['holding', 0, 125],
      ['holding', 125, 125],
      ['holding', 250, 50],
    ]);
  });

  it('never splits a 32-bit tag across two requests', () => {
    const tags = [
      ...Array.from({ length: 124 }, (_, i) => tag('holding', i)),
      tag('holding', 124, 'int32'),
    ];
    const plan = planReads(tags);
    expect(ranges(plan)).toEqual([
      ['holding', 0, 124],
      ['holding', 124, 2],
    ]);
  });

  it('places every tag at its offset in the request', () => {
    const weight = tag('holding', 12, 'uint32');
    const plan = planReads([tag('holding', 10), weight]);
    expect(plan[0]?.tags).toContainEqual({ key: weight.key, offset: 2, width: 2 });
  });

  it('refuses limits too small to hold a 32-bit tag', () => {
    expect(() => planReads([], { maxRegisters: 1 })).toThrow(RangeError);
  });
});

describe('splitAtGaps', () => {
  it('keeps a gap-free request as it is', () => {
    const [request] = planReads([tag('holding', 0), tag('holding', 1)]);
    expect(request && splitAtGaps(request)).toEqual([request]);
  });

  it('splits a bridged request into gap-free reads of the same tags', () => {
    const tags = [
      tag('holding', 0),
      tag('holding', 1, 'uint32'),
      tag('holding', 8),
      tag('holding', 30),
    ];
    const [request] = planReads(tags, { maxGapRegisters: 30 });
    expect(request?.count).toBe(31);
    const parts = request ? splitAtGaps(request) : [];
    expect(ranges(parts)).toEqual([
      ['holding', 0, 3],
      ['holding', 8, 1],
      ['holding', 30, 1],
    ]);
    expect(parts.every((part) => part.unmapped === 0)).toBe(true);
    expect(parts.flatMap((part) => part.tags.map((t) => t.key)).sort()).toEqual(
      tags.map((t) => t.key).sort(),
    );
  });
});

/** The fewest requests any plan can have, by dynamic programming over the sorted tags. */
function optimalCount(tags: PlannableTag[], area: TagArea, max: number, maxGap: number): number {
  const spans = tags
    .filter((t) => t.area === area)
    .map((t) => ({ start: t.address, end: t.address + tagWidth(t) }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const best: number[] = new Array<number>(spans.length + 1).fill(Number.POSITIVE_INFINITY);
  best[spans.length] = 0;
  for (let i = spans.length - 1; i >= 0; i -= 1) {
    let end = -Infinity;
    for (let j = i; j < spans.length; j += 1) {
      const span = spans[j]!;
      if (j > i && span.start - end > maxGap) break;
      end = Math.max(end, span.end);
      if (end - spans[i]!.start > max) break;
      best[i] = Math.min(best[i]!, 1 + best[j + 1]!);
    }
  }
  return best[0]!;
}

describe('planReads properties', () => {
  const types: TagDataType[] = ['uint16', 'int16', 'uint32', 'int32', 'bool'];

  it('covers every tag exactly once, within the limits, with the fewest requests', () => {
    const random = seededRandom(2024);
    for (let round = 0; round < 300; round += 1) {
      const maxRegisters = 2 + Math.floor(random() * 124);
      const maxCoils = 2 + Math.floor(random() * 200);
      const maxGapRegisters = Math.floor(random() * 12);
      const maxGapCoils = Math.floor(random() * 40);
      const used = { coil: new Set<number>(), holding: new Set<number>() };
      const tags: PlannableTag[] = [];
      const count = Math.floor(random() * 120);
      for (let i = 0; i < count; i += 1) {
        const area: TagArea = random() < 0.5 ? 'coil' : 'holding';
        const data_type = area === 'coil' ? 'bool' : types[Math.floor(random() * types.length)]!;
        const address = Math.floor(random() * 600);
        const width = tagWidth({ data_type });
        // Real maps do not overlap (the tag map refuses it); keep the generated ones apart too.
        if (used[area].has(address) || used[area].has(address + width - 1)) continue;
        for (let w = 0; w < width; w += 1) used[area].add(address + w);
        tags.push({ key: `k${round}-${i}`, area, address, data_type });
      }
      const options = { maxRegisters, maxCoils, maxGapRegisters, maxGapCoils };
      const plan = planReads(tags, options);

      const seen = new Map<string, number>();
      for (const request of plan) {
        const limit = request.area === 'coil' ? maxCoils : maxRegisters;
        expect(request.count).toBeLessThanOrEqual(limit);
        expect(request.count).toBeGreaterThan(0);
        for (const planned of request.tags) {
          seen.set(planned.key, (seen.get(planned.key) ?? 0) + 1);
          const original = tags.find((t) => t.key === planned.key)!;
          expect(original.area).toBe(request.area);
          expect(request.start + planned.offset).toBe(original.address);
          expect(planned.offset + planned.width).toBeLessThanOrEqual(request.count);
        }
        const covered = new Set(
          request.tags.flatMap((t) => Array.from({ length: t.width }, (_, w) => t.offset + w)),
        );
        expect(request.unmapped).toBe(request.count - covered.size);
        // No hole inside a request is longer than the allowed gap.
        let run = 0;
        for (let offset = 0; offset < request.count; offset += 1) {
          run = covered.has(offset) ? 0 : run + 1;
          expect(run).toBeLessThanOrEqual(request.area === 'coil' ? maxGapCoils : maxGapRegisters);
        }
      }
      expect([...seen.values()].every((n) => n === 1)).toBe(true);
      expect(seen.size).toBe(tags.length);

      for (const area of ['coil', 'holding'] as const) {
        const max = area === 'coil' ? maxCoils : maxRegisters;
        const gap = area === 'coil' ? maxGapCoils : maxGapRegisters;
        expect(plan.filter((r) => r.area === area)).toHaveLength(
          optimalCount(tags, area, max, gap),
        );
      }
    }
  });
});
