import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
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
function pair(options: { timeoutMs?: number; retentionMs?: number; now?: () => Date } = {}) {
  const hub = new EventHub();
  const state = { aLeads: true };
  const logger = pino({ level: 'silent' });
  const shared = {
    repo,
    hub,
    timeoutMs: options.timeoutMs ?? 10_000,
    logger,
    pollMs: 50,
    ...(options.retentionMs ? { retentionMs: options.retentionMs } : {}),
    ...(options.now ? { now: options.now } : {}),
  };
  const a = new LeaderRequests({
    ...shared,
    leadership: { isLeader: () => state.aLeads, instance: 'alpha' },
  });
  const b = new LeaderRequests({
    ...shared,
    leadership: { isLeader: () => false, instance: 'beta' },
  });
  return { a, b, state };
}

/** The rows an operation left in `leader_requests`. */
async function rowsOf(operation: string): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from leader_requests where operation = ${operation}`,
  )) as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
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

  it('refuses a key used again for a different request with 422, and sends nothing', async () => {
    const { a, b } = pair();
    const sent: number[] = [];
    a.operation('test.toggle', async (args: { x: number }) => {
      sent.push(args.x);
      return { x: args.x };
    });
    const ask = b.operation('test.toggle', async () => 'never here');
    expect(await ask({ x: 1 }, 'reused-1')).toEqual({ x: 1 });
    await expect(ask({ x: 2 }, 'reused-1')).rejects.toMatchObject({
      statusCode: 422,
      message:
        'This Idempotency-Key was already used for a different request. Send a new request with a new key.',
    });
    expect(await ask({ x: 1 }, 'reused-1')).toEqual({ x: 1 });
    expect(sent).toEqual([1]);
  });

  it('honours a key on the leader itself, and across instances', async () => {
    const { a, b } = pair();
    let ran = 0;
    const here = a.operation('test.leader-key', async (args: { x: number }) => {
      ran += 1;
      return { x: args.x, ran };
    });
    const there = b.operation('test.leader-key', async () => 'never here');
    expect(await here({ x: 1 }, 'leader-1')).toEqual({ x: 1, ran: 1 });
    expect(await here({ x: 1 }, 'leader-1')).toEqual({ x: 1, ran: 1 });
    expect(await there({ x: 1 }, 'leader-1')).toEqual({ x: 1, ran: 1 });
    await expect(here({ x: 2 }, 'leader-1')).rejects.toMatchObject({ statusCode: 422 });
    await expect(there({ x: 2 }, 'leader-1')).rejects.toMatchObject({ statusCode: 422 });
    expect(ran).toBe(1);
    // Without a key the leader stores nothing: every call is a new request.
    const before = await rowsOf('test.leader-key');
    await here({ x: 3 });
    expect(await rowsOf('test.leader-key')).toBe(before);
  });

  it("asks the leader for a read without storing it, and passes the leader's refusal on", async () => {
    const { a, b } = pair();
    a.read('test.look', async (args: { x: number }) => {
      if (args.x < 0) throw conflict('No such level.');
      return { seen: args.x, on: 'alpha' };
    });
    const look = b.read('test.look', async () => ({ seen: 0, on: 'beta' }));
    expect(await look({ x: 3 })).toEqual({ seen: 3, on: 'alpha' });
    await expect(look({ x: -1 })).rejects.toMatchObject({
      statusCode: 409,
      message: 'No such level.',
    });
    expect(await rowsOf('test.look')).toBe(0);
  });

  it('answers a read 503 when no instance leads', async () => {
    const { a, b, state } = pair({ timeoutMs: 300 });
    state.aLeads = false;
    a.read('test.unled', async () => 'alpha');
    const look = b.read('test.unled', async () => 'beta');
    await expect(look({})).rejects.toMatchObject({
      statusCode: 503,
      message:
        'No console instance is driving the plant at the moment. Try again in a few seconds.',
    });
  });

  it('keeps the table bounded through an hour of polling and commands', async () => {
    let now = Date.now();
    const { a, b } = pair({ retentionMs: 15 * 60_000, now: () => new Date(now) });
    a.read('test.poll', async () => ({ level: 40 }));
    a.operation('test.command', async () => ({ sent: true }));
    const poll = b.read('test.poll', async () => ({ level: 0 }));
    const command = b.operation('test.command', async () => ({ sent: false }));
    // A dashboard polled every 5 s for an hour, and a command every five minutes.
    for (let second = 0; second < 3600; second += 5) {
      expect(await poll({})).toEqual({ level: 40 });
      if (second % 300 === 0) expect(await command({})).toEqual({ sent: true });
      now += 5000;
    }
    await a.settled();
    expect(await rowsOf('test.poll')).toBe(0);
    // Those answered within the retention before the last one's answer: minutes 40 to 55.
    expect(await rowsOf('test.command')).toBeLessThanOrEqual(4);
  });
});
