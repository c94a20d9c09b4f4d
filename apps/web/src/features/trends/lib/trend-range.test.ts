import { describe, expect, it } from 'vitest';
import {
  isLive,
  parseTags,
  resolveRange,
  selectionFromSearch,
  selectionToSearch,
  zoomedRange,
} from './trend-range.ts';

const NOW = Date.parse('2026-11-28T10:30:15.400Z');

describe('a trend in its address', () => {
  it('reads tags and a quick range, and writes them back the same', () => {
    const params = new URLSearchParams('tags=R1/input/5,R2/binary/3&range=8h');
    const selection = selectionFromSearch(params);
    expect(selection).toEqual({
      tags: ['R1/input/5', 'R2/binary/3'],
      range: { kind: 'quick', key: '8h' },
    });
    expect(selectionToSearch(selection)).toEqual({ tags: 'R1/input/5,R2/binary/3', range: '8h' });
  });

  it('reads a custom range by its ends, and falls back to the last hour when they are wrong', () => {
    const from = '2026-11-27T08:00:00.000Z';
    const to = '2026-11-27T09:00:00.000Z';
    const custom = selectionFromSearch(new URLSearchParams({ from, to }));
    expect(custom.range).toEqual({ kind: 'custom', from: Date.parse(from), to: Date.parse(to) });
    expect(selectionToSearch(custom)).toEqual({ from, to });
    const backwards = selectionFromSearch(new URLSearchParams({ from: to, to: from }));
    expect(backwards.range).toEqual({ kind: 'quick', key: '1h' });
    expect(selectionFromSearch(new URLSearchParams('range=3y')).range).toEqual({
      kind: 'quick',
      key: '1h',
    });
  });

  it('keeps well-formed tags, each once, at most sixteen', () => {
    expect(parseTags('R1/input/5, nonsense,R1/input/5,R1/output/2')).toEqual(['R1/input/5']);
    const many = Array.from({ length: 20 }, (_, i) => `R1/input/${i}`).join(',');
    expect(parseTags(many)).toHaveLength(16);
  });
});

describe('the times a trend shows', () => {
  it('ends a quick range now, on the second', () => {
    expect(resolveRange({ kind: 'quick', key: '15m' }, NOW)).toEqual({
      from: Date.parse('2026-11-28T10:15:15Z'),
      to: Date.parse('2026-11-28T10:30:15Z'),
    });
  });

  it('turns a zoom in percent into the times on screen', () => {
    const full = { from: 0, to: 8 * 3_600_000 };
    expect(zoomedRange(full, { start: 50, end: 62.5 })).toEqual({
      from: 4 * 3_600_000,
      to: 5 * 3_600_000,
    });
    expect(zoomedRange(full, { start: 10, end: 10 }).to).toBe(2_880_000 + 1000);
  });

  it('follows the clock only while the end of a quick range is on screen', () => {
    expect(isLive({ kind: 'quick', key: '1h' }, { start: 20, end: 100 })).toBe(true);
    expect(isLive({ kind: 'quick', key: '1h' }, { start: 20, end: 80 })).toBe(false);
    expect(isLive({ kind: 'custom', from: 0, to: 1000 }, { start: 0, end: 100 })).toBe(false);
  });
});
