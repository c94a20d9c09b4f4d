import { describe, expect, it } from 'vitest';
import { TypedEmitter } from './typed-emitter.ts';

interface Events {
  tick: { n: number };
}

class Ticker extends TypedEmitter<Events> {
  tick(n: number): void {
    this.emit('tick', { n });
  }
}

describe('TypedEmitter', () => {
  it('delivers payloads and unsubscribes', () => {
    const ticker = new Ticker();
    const seen: number[] = [];
    const off = ticker.on('tick', ({ n }) => seen.push(n));
    ticker.tick(1);
    off();
    ticker.tick(2);
    expect(seen).toEqual([1]);
    expect(ticker.listenerCount('tick')).toBe(0);
  });

  it('isolates a throwing or rejecting listener from the emitter and the other listeners', async () => {
    const errors: unknown[] = [];
    const ticker = new (class extends TypedEmitter<Events> {
      constructor() {
        super((error) => errors.push(error));
      }
      tick(n: number): void {
        this.emit('tick', { n });
      }
    })();
    const seen: number[] = [];
    ticker.on('tick', () => {
      throw new Error('sync bug');
    });
    ticker.on('tick', async () => {
      throw new Error('async bug');
    });
    ticker.on('tick', ({ n }) => seen.push(n));
    expect(() => ticker.tick(7)).not.toThrow();
    await Promise.resolve();
    expect(seen).toEqual([7]);
    expect(errors.map((e) => (e instanceof Error ? e.message : e))).toEqual([
      'sync bug',
      'async bug',
    ]);
  });
});
