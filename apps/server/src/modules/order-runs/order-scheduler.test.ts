import { describe, expect, it } from 'vitest';
import { OrderStatus, SettingRef } from '@roastery/contract';
import { conflict } from '../../lib/http-errors.ts';
import { EventHub } from '../../plant/hub/event-hub.ts';
import type { OrderOfRun } from './order-run-repository.ts';
import { OrderScheduler, SCHEDULER_INTERVAL_MS } from './order-scheduler.ts';

const order = (id: number, roaster: string | null, workflowId: number | null = null) =>
  ({
    order: { id, workflowId, status: OrderStatus.NotStarted },
    productName: 'House Blend',
    roasterCode: roaster,
    destinationCode: null,
  }) as unknown as OrderOfRun;

/** A scheduler over an in-memory plant: waiting orders, orders under way, settings, a timer. */
function setup(waiting: OrderOfRun[], active: OrderOfRun[] = []) {
  const settings = new Map<string, string>([
    [SettingRef.OrderMode, 'auto'],
    [SettingRef.AutoExecution, 'start'],
  ]);
  const started: number[] = [];
  const refuse = new Map<number, string>();
  const warnings: string[] = [];
  const timers: (() => void)[] = [];
  const hub = new EventHub();
  const scheduler = new OrderScheduler({
    repo: {
      waitingRoastingOrders: () =>
        Promise.resolve(waiting.filter((o) => !started.includes(o.order.id))),
      activeRoastingOrders: () =>
        Promise.resolve([...active, ...waiting.filter((o) => started.includes(o.order.id))]),
    },
    runs: {
      startOrder: (id) => {
        const reason = refuse.get(id);
        if (reason) return Promise.reject(conflict(reason));
        started.push(id);
        return Promise.resolve({ workflowId: 1, message: '' });
      },
    },
    workflows: {
      workflow: (id) =>
        Promise.resolve({
          id,
          name: 'Roast',
          type: 'roasting' as const,
          steps: [],
          settings: { wait_timeout_s: 600, manual_timeout_s: 600 },
        }),
    },
    plant: { roasterOf: () => 'R2' },
    settings: { value: (ref) => Promise.resolve(settings.get(ref) ?? '') },
    hub,
    warn: (text) => {
      warnings.push(text);
      return Promise.resolve();
    },
    logger: { error: () => undefined },
    every: (ms, fn) => {
      expect(ms).toBe(SCHEDULER_INTERVAL_MS);
      timers.push(fn);
      return () => timers.splice(timers.indexOf(fn), 1);
    },
  });
  return { scheduler, settings, started, refuse, warnings, timers, hub };
}

describe('automatic order processing', () => {
  it('starts one order per roaster, first in the order given, and none on a busy roaster', async () => {
    const t = setup(
      [order(1, 'R1'), order(2, 'R1'), order(3, 'R2'), order(4, null, 9), order(5, 'R3')],
      [order(90, 'R3')],
    );
    // Order 4 names no roaster: its workflow roasts on R2, which order 3 takes first.
    expect(await t.scheduler.tick()).toEqual([1, 3]);
    expect(await t.scheduler.tick()).toEqual([]);
  });

  it('does nothing unless r-order is auto and r-is-auto is start', async () => {
    const t = setup([order(1, 'R1')]);
    t.settings.set(SettingRef.AutoExecution, 'stop');
    expect(await t.scheduler.tick()).toEqual([]);
    t.settings.set(SettingRef.AutoExecution, 'start');
    t.settings.set(SettingRef.OrderMode, 'manual');
    expect(await t.scheduler.tick()).toEqual([]);
    t.settings.set(SettingRef.OrderMode, 'auto');
    expect(await t.scheduler.tick()).toEqual([1]);
  });

  it('lets the next order take a roaster an order cannot start on, and says why once', async () => {
    const t = setup([order(1, 'R1'), order(2, 'R1')]);
    t.refuse.set(1, 'Not enough beans');
    expect(await t.scheduler.tick()).toEqual([2]);
    expect(await t.scheduler.tick()).toEqual([]);
    expect(t.warnings).toEqual([
      'Automatic order processing could not start order 000001: Not enough beans',
    ]);
  });

  it('looks on order changes, run ends and its timer, and one look at a time', async () => {
    const t = setup([order(1, 'R1')]);
    t.settings.set(SettingRef.AutoExecution, 'stop');
    t.scheduler.start();
    expect(t.timers).toHaveLength(1);
    t.settings.set(SettingRef.AutoExecution, 'start');
    const first = t.scheduler.tick();
    // Told while a look is under way: the same look goes round once more.
    t.hub.publish({ type: 'order', id: 1, change: 'saved' });
    expect(t.scheduler.tick()).toBe(first);
    expect(await first).toEqual([1]);
    t.scheduler.stop();
    expect(t.timers).toHaveLength(0);
  });
});
