import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createTestDatabase } from '@roastery/db/testing';
import type { DatabaseHandle } from '@roastery/db';
import { conflict } from '../../lib/http-errors.ts';
import { EventHub } from '../hub/event-hub.ts';
import { LeaderRequestRepository } from './leader-request-repository.ts';
import { LeaderRequests } from './leader-requests.ts';

let database: DatabaseHandle;
let repo: LeaderRequestRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  repo = new LeaderRequestRepository(database.db);
});
afterAll(() => database.close());

/**
 * Two instances on one database: a hub each would need PostgreSQL, so they share one here,
 * which delivers as the transport between instances does (every event to every subscriber).
 */
function pair(options: { timeoutMs?: number } = {}) {
  const hub = new EventHub();
  const state = { aLeads: true };
  const logger = pino({ level: 'silent' });
  const timeoutMs = options.timeoutMs ?? 10_000;
  const a = new LeaderRequests({
    repo,
    hub,
    leadership: { isLeader: () => state.aLeads, instance: 'alpha' },
    timeoutMs,
    logger,
    pollMs: 50,
  });
  const b = new LeaderRequests({
    repo,
    hub,
    leadership: { isLeader: () => false, instance: 'beta' },
    timeoutMs,
    logger,
    pollMs: 50,
  });
  return { a, b, state };
}

describe('LeaderRequests', () => {
  it('runs an operation where it is called on the leader, and through the leader elsewhere', async () => {
    const { a, b } = pair();
    const ranOn: string[] = [];
    const opA = a.operation('test.add', async (args: { x: number }) => {
      ranOn.push('alpha');
      return { sum: args.x + 1 };
    });
    const opB = b.operation('test.add', async (args: { x: number }) => {
      ranOn.push('beta');
      return { sum: args.x + 1 };
    });
    expect(await opA({ x: 1 })).toEqual({ sum: 2 });
    expect(await opB({ x: 41 })).toEqual({ sum: 42 });
    expect(ranOn).toEqual(['alpha', 'alpha']);
  });

  it("answers with the leader's refusal, status and message", async () => {
    const { a, b } = pair();
    a.operation('test.refuse', async () => {
      throw conflict('GS3 is in Auto mode.');
    });
    const ask = b.operation('test.refuse', async () => 'never here');
    await expect(ask({})).rejects.toMatchObject({
      statusCode: 409,
      message: 'GS3 is in Auto mode.',
    });
  });

  it('gives a request up with 503 when no instance leads, and no later leader runs it', async () => {
    const { a, b, state } = pair({ timeoutMs: 300 });
    state.aLeads = false;
    let ran = 0;
    a.operation('test.late', async () => {
      ran += 1;
      return 'done';
    });
    const ask = b.operation('test.late', async () => 'never here');
    await expect(ask({})).rejects.toMatchObject({
      statusCode: 503,
      message:
        'No console instance is driving the plant at the moment: nothing was sent. Try again in a few seconds.',
    });
    state.aLeads = true;
    await a.takeOver();
    await a.settled();
    expect(ran).toBe(0);
  });

  it('fails what a leader that went away had claimed, never running it again', async () => {
    const { a, b, state } = pair();
    state.aLeads = false;
    let ran = 0;
    a.operation('test.once', async () => {
      ran += 1;
      return 'done';
    });
    // Settled as soon as it answers, which may be before anyone looks.
    const asked = b
      .operation(
        'test.once',
        async () => 'never here',
      )({})
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    // A leader claims the request and dies before answering.
    const claimed = await (async () => {
      for (;;) {
        const row = await repo.claimNext('gone');
        if (row) return row;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    expect(claimed.operation).toBe('test.once');
    state.aLeads = true;
    await a.takeOver();
    expect(await asked).toMatchObject({
      statusCode: 503,
      message:
        'The console instance driving the plant stopped before it finished this request; it was not sent again. Check the device and try again.',
    });
    await a.settled();
    expect(ran).toBe(0);
  });

  it('runs a request given twice under one idempotency key once, and answers both', async () => {
    const { a, b } = pair();
    let ran = 0;
    a.operation('test.key', async () => {
      ran += 1;
      return { ran };
    });
    const ask = b.operation('test.key', async () => 'never here');
    const first = await ask({}, 'retry-1');
    const again = await ask({}, 'retry-1');
    expect(first).toEqual({ ran: 1 });
    expect(again).toEqual({ ran: 1 });
    expect(ran).toBe(1);
  });
});
