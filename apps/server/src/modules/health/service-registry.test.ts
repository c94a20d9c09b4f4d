import { describe, expect, it } from 'vitest';
import type { HealthEntry } from '@roastery/contract';
import { ServiceRegistry } from './service-registry.ts';

function clock(start: number) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the service registry', () => {
  it('reports status, uptime since the last start, and the log newest first', async () => {
    const time = clock(Date.UTC(2026, 0, 1));
    const changes: [string, string, string][] = [];
    const registry = new ServiceRegistry({
      now: time.now,
      onChange: (s: HealthEntry, by) => changes.push([s.id, s.status, by]),
    });
    let running = true;
    const handle = registry.register({
      id: 'scheduler',
      name: 'Order scheduler',
      type: 'scheduler',
      running: () => running,
      start: async () => void (running = true),
      stop: async () => void (running = false),
    });
    handle.log('Picked order 12');
    time.advance(90_000);
    expect((await registry.list())[0]).toMatchObject({
      id: 'scheduler',
      status: 'running',
      uptime: 90,
      locked: null,
      health: 'Running',
    });
    const stopped = await registry.execute('scheduler', 'stop', 'Ada Admin');
    expect(stopped).toMatchObject({ status: 'stopped', uptime: null, health: 'Not Running' });
    expect(stopped.logs.map((l) => l.message)).toEqual([
      'Stopped',
      'Stop requested by Ada Admin',
      'Picked order 12',
    ]);
    expect(changes).toEqual([['scheduler', 'stopped', 'Ada Admin']]);
    await expect(registry.execute('scheduler', 'stop', 'Ada Admin')).rejects.toMatchObject({
      statusCode: 409,
      message: 'Order scheduler is not running.',
    });
    time.advance(5_000);
    running = true;
    handle.changed();
    expect(changes.at(-1)).toEqual(['scheduler', 'running', 'console']);
    time.advance(2_000);
    expect((await registry.get('scheduler')).uptime).toBe(2);
  });

  it('refuses to control a locked service and names why', async () => {
    const registry = new ServiceRegistry();
    registry.register({
      id: 'api',
      name: 'API',
      type: 'api',
      running: () => true,
      locked: 'It serves this page.',
    });
    expect((await registry.get('api')).locked).toBe('It serves this page.');
    await expect(registry.execute('api', 'stop', 'x')).rejects.toMatchObject({
      statusCode: 409,
      message: 'It serves this page.',
    });
    await expect(registry.get('nope')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('keeps only the newest log lines, and lets one start or stop run at a time', async () => {
    const registry = new ServiceRegistry({ logLines: 3 });
    let release: () => void = () => undefined;
    let running = true;
    const handle = registry.register({
      id: 'slow',
      name: 'Slow service',
      type: 'x',
      running: () => running,
      start: async () => void (running = true),
      stop: () =>
        new Promise<void>((resolve) => {
          release = () => {
            running = false;
            resolve();
          };
        }),
    });
    for (const n of [1, 2, 3, 4]) handle.log(`line ${n}`);
    expect((await registry.get('slow')).logs.map((l) => l.message)).toEqual([
      'line 4',
      'line 3',
      'line 2',
    ]);
    const first = registry.execute('slow', 'stop', 'a');
    await expect(registry.execute('slow', 'stop', 'b')).rejects.toMatchObject({
      statusCode: 409,
      message: 'Slow service is already being started or stopped.',
    });
    release();
    expect((await first).status).toBe('stopped');
  });
});
