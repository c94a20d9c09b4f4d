import { describe, expect, it } from 'vitest';
import { outranks, type LeaderRank } from './live-share-protocol.ts';

const leader = (id: string, since: number, live: boolean): LeaderRank => ({
  id,
  since,
  connection: live ? 'live' : 'reconnecting',
});

describe('outranks', () => {
  it('prefers a live leader, however new', () => {
    expect(outranks(leader('b', 200, true), leader('a', 100, false))).toBe(true);
    expect(outranks(leader('a', 100, false), leader('b', 200, true))).toBe(false);
  });

  it('then the leader that has led longer, whatever its id', () => {
    expect(outranks(leader('b', 100, true), leader('a', 200, true))).toBe(true);
    expect(outranks(leader('a', 200, true), leader('b', 100, true))).toBe(false);
  });

  it('then the smaller id, so that exactly one of two goes on', () => {
    expect(outranks(leader('a', 100, false), leader('b', 100, false))).toBe(true);
    expect(outranks(leader('b', 100, false), leader('a', 100, false))).toBe(false);
  });
});
