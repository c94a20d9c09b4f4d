import { describe, expect, it, vi } from 'vitest';
import type { RunOwner } from '@roastery/contract';
import { EventHub } from '../hub/event-hub.ts';
import type { PlantEvent } from '../hub/plant-events.ts';
import { RunSettlement, type EndedRun, type RunSettler } from './run-settlement.ts';

interface Request {
  id: number;
}

/** A settler whose every method is a spy; its one open request waits on `runId`. */
function fakeSettler(open: { id: number; runId: string } | undefined) {
  const request = (id: number, runId: string) =>
    Promise.resolve(open && open.id === id && open.runId === runId ? { id } : undefined);
  return {
    request: vi.fn(request),
    requestOf: vi.fn((runId: string) =>
      Promise.resolve(open?.runId === runId ? { id: open.id } : undefined),
    ),
    waiting: vi.fn(() => Promise.resolve(open ? [{ workflowId: 1, runId: open.runId }] : [])),
    settle: vi.fn((_request: Request, _run: EndedRun) => Promise.resolve()),
    fail: vi.fn(() => Promise.resolve()),
    describe: vi.fn((r: Request) => `Request ${r.id}`),
  } satisfies RunSettler<Request>;
}

function setup(current: EndedRun | undefined) {
  const hub = new EventHub();
  const alarms: string[] = [];
  const settlement = new RunSettlement({
    hub,
    currentRun: () => current,
    alarm: (text) => {
      alarms.push(text);
      return Promise.resolve();
    },
    logger: { error: () => undefined },
  });
  return { hub, settlement, alarms };
}

const ended = (owner: RunOwner | null | undefined): EndedRun => ({
  workflow_id: 1,
  run_id: 'run-1',
  state: 'stopped',
  error: null,
  owner,
});

/** The hub's event for a run's end, which does not name the owner: the engine's run does. */
const endOf = ({ workflow_id, run_id, state, error }: EndedRun): PlantEvent => ({
  type: 'run',
  change: 'state',
  workflow_id,
  run_id,
  state,
  error,
});

describe('run settlement hand-over', () => {
  it('hands an ended run straight to its owner, never asking another', async () => {
    const run = ended({ kind: 'transfer', id: 7 });
    const t = setup(run);
    const dumps = fakeSettler(undefined);
    const transfers = fakeSettler({ id: 7, runId: 'run-1' });
    t.settlement.register('dump', dumps);
    t.settlement.register('transfer', transfers);
    await t.settlement.start();

    t.hub.publish(endOf(run));
    await vi.waitFor(() =>
      expect(t.alarms).toEqual(['Request 7 did not finish: its workflow stopped.']),
    );
    expect(transfers.request).toHaveBeenCalledWith(7, 'run-1');
    expect(transfers.settle).toHaveBeenCalledWith({ id: 7 }, expect.objectContaining(run));
    expect(transfers.requestOf).not.toHaveBeenCalled();
    expect(dumps.request).not.toHaveBeenCalled();
    expect(dumps.requestOf).not.toHaveBeenCalled();
    t.settlement.stop();
  });

  it('settles a run that ended while nobody listened with its owner', async () => {
    const run = ended({ kind: 'transfer', id: 7 });
    const t = setup(run);
    const dumps = fakeSettler(undefined);
    const transfers = fakeSettler({ id: 7, runId: 'run-1' });
    t.settlement.register('dump', dumps);
    t.settlement.register('transfer', transfers);
    await t.settlement.start();

    expect(transfers.settle).toHaveBeenCalledOnce();
    expect(dumps.request).not.toHaveBeenCalled();
    expect(dumps.requestOf).not.toHaveBeenCalled();
    t.settlement.stop();
  });

  it('leaves alone a run a person started', async () => {
    const run = ended(null);
    const t = setup(run);
    const dumps = fakeSettler({ id: 3, runId: 'run-1' });
    t.settlement.register('dump', dumps);

    await t.settlement.settle(run);
    expect(dumps.request).not.toHaveBeenCalled();
    expect(dumps.requestOf).not.toHaveBeenCalled();
    expect(dumps.settle).not.toHaveBeenCalled();
  });

  it('leaves alone a run whose owner has no such open request', async () => {
    const t = setup(undefined);
    const dumps = fakeSettler({ id: 3, runId: 'run-2' });
    t.settlement.register('dump', dumps);

    await t.settlement.settle(ended({ kind: 'dump', id: 3 }));
    expect(dumps.settle).not.toHaveBeenCalled();
    expect(t.alarms).toEqual([]);
  });

  it('asks each owner in turn about a run stored before runs named their owner', async () => {
    const t = setup(undefined);
    const dumps = fakeSettler(undefined);
    const transfers = fakeSettler({ id: 7, runId: 'run-1' });
    t.settlement.register('dump', dumps);
    t.settlement.register('transfer', transfers);

    await t.settlement.settle(ended(undefined));
    expect(dumps.requestOf).toHaveBeenCalledWith('run-1');
    expect(transfers.settle).toHaveBeenCalledWith({ id: 7 }, expect.anything());
  });
});
