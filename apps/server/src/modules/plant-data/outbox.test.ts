import { describe, expect, it } from 'vitest';
import { Outbox } from './outbox.ts';

const message = (n: number) => ({ topic: `t/${n}`, payload: String(n), retain: false });

describe('outbox', () => {
  it('gives messages back oldest first', () => {
    const outbox = new Outbox(10);
    for (const n of [1, 2, 3]) outbox.push(message(n));
    expect([outbox.shift(), outbox.shift(), outbox.shift()].map((m) => m?.payload)).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(outbox.shift()).toBeUndefined();
    expect(outbox.size).toBe(0);
  });

  it('drops the oldest when full and counts what it dropped', () => {
    const outbox = new Outbox(100);
    for (let n = 1; n <= 250; n += 1) outbox.push(message(n));
    expect(outbox.size).toBe(100);
    expect(outbox.dropped).toBe(150);
    const kept: string[] = [];
    for (let m = outbox.shift(); m; m = outbox.shift()) kept.push(String(m.payload));
    expect(kept).toEqual(Array.from({ length: 100 }, (_, i) => String(151 + i)));
  });

  it('keeps its order while taken from and added to in turn', () => {
    const outbox = new Outbox(1000);
    const taken: number[] = [];
    for (let n = 1; n <= 600; n += 1) {
      outbox.push(message(n));
      if (n % 3 === 0) taken.push(Number(outbox.shift()?.payload));
    }
    for (let m = outbox.shift(); m; m = outbox.shift()) taken.push(Number(m.payload));
    expect(taken).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
  });

  it('refuses a bound below one', () => {
    expect(() => new Outbox(0)).toThrow('outbox limit 0');
  });
});
