/**
 * Live-stream fan-out: many clients of /api/live at once, each timing every device event from
 * the moment the server published it on its live stream (the bus numbering it) to the moment
 * that client parsed it. The clients run in a worker thread, so the server's event loop is alone
 * on its thread; both threads read the same clock (time origin plus performance.now()).
 *
 *   node bench/live-fanout.ts [--clients 200] [--events 40] [--users 4] [--interval 100]
 *
 * Each event is a change of one simulator register (DS1's Scale Weight), read by the real
 * gateway at the given scan interval. Prints one JSON document on stdout: per event and overall
 * p50/p99/max in ms, how many events each client missed, and the server's own share: the time
 * from publication until its writes to every stream were handed to the operating system.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { openLiveStream, type LiveStreamClient } from './live-stream-reader.ts';

/** Scale Weight values the bench writes: the i-th event carries FIRST_VALUE + i. */
const FIRST_VALUE = 1000;

/** What the client worker needs. */
interface ClientPlan {
  url: string;
  tokens: string[];
  clients: number;
}

/** Receipt times per client: value written -> time it was parsed. */
type Receipts = Record<number, number>[];

const now = () => performance.timeOrigin + performance.now();

/** In the worker: opens the streams, records each benchmark event's arrival, reports on request. */
async function runClients(plan: ClientPlan): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('not a worker');
  const receipts: Receipts = [];
  const streams: LiveStreamClient[] = [];
  const open = async (index: number) => {
    const mine: Record<number, number> = {};
    receipts[index] = mine;
    const token = plan.tokens[index % plan.tokens.length]!;
    const stream = await openLiveStream(plan.url, token, (event) => {
      if (event.type === 'device' && event.device_id === 'DS1' && event.change === 'value') {
        if (typeof event.value === 'number' && event.value >= FIRST_VALUE)
          mine[event.value] ??= now();
      }
    });
    streams.push(stream);
  };
  // Opened a few at a time, as tabs would be, not all in one burst.
  for (let i = 0; i < plan.clients; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, plan.clients - i) }, (_, k) => open(i + k)),
    );
  }
  port.postMessage({ type: 'open' });
  port.on('message', (message: { type: 'collect' }) => {
    if (message.type !== 'collect') return;
    port.postMessage({ type: 'receipts', receipts });
    for (const stream of streams) stream.close();
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, at)]!;
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      clients: { type: 'string', default: '200' },
      events: { type: 'string', default: '40' },
      users: { type: 'string', default: '4' },
      interval: { type: 'string', default: '100' },
    },
  });
  const clients = Number(args.clients);
  const events = Number(args.events);
  const users = Number(args.users);
  const intervalMs = Number(args.interval);

  const { Role } = await import('@roastery/contract');
  const { prepareTemplate } = await import('@roastery/db/testing');
  const { buildTestApp } = await import('@roastery/server/testing');

  const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
  const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
  const t = await buildTestApp(
    {
      PLC_SCAN_INTERVAL: `${intervalMs}ms`,
      LIVE_MAX_STREAMS: String(clients + 10),
      LIVE_MAX_STREAMS_PER_USER: String(Math.ceil(clients / users) + 1),
    },
    { plant: true },
  );
  let worker: Worker | undefined;
  try {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sim = t.services.runtime.simulator.running;
    if (!sim) throw new Error('the simulator is not running');
    const roles = [Role.Administrator, Role.Supervisor, Role.Operator] as const;
    const tokens: string[] = [];
    for (let i = 0; i < Math.min(users, roles.length); i += 1) {
      tokens.push(await t.tokenFor(roles[i]!));
    }
    if (tokens.length < users) {
      for (let i = tokens.length; i < users; i += 1) {
        const username = `fanout.${i}`;
        await t.services.users.create({
          username,
          full_name: `Fan-out ${i}`,
          user_role: Role.Supervisor,
          password: 'fan-out-pass-123',
        });
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { username, password: 'fan-out-pass-123' },
        });
        tokens.push((res.json() as { token: string }).token);
      }
    }

    // When the server published each benchmark event on its live stream (this listener comes
    // before every stream's), and how long until its writes were all done: the streams write
    // in this turn of the event loop and the ticks after it, all before the next check phase.
    const published = new Map<number, number>();
    const written: number[] = [];
    t.services.live.subscribe((event) => {
      if (event.type === 'device' && event.device_id === 'DS1' && event.change === 'value') {
        if (typeof event.value === 'number' && event.value >= FIRST_VALUE) {
          const at = now();
          published.set(event.value, at);
          setImmediate(() => written.push(now() - at));
        }
      }
    });

    worker = new Worker(new URL(import.meta.url), {
      workerData: { url, tokens, clients } satisfies ClientPlan,
    });
    const messages: { type: string; receipts?: Receipts }[] = [];
    const next = (type: string) =>
      new Promise<{ type: string; receipts?: Receipts }>((resolve, reject) => {
        const found = messages.find((m) => m.type === type);
        if (found) return resolve(found);
        const onMessage = (m: { type: string; receipts?: Receipts }) => {
          if (m.type !== type) return;
          worker?.off('message', onMessage);
          resolve(m);
        };
        worker?.on('message', onMessage);
        worker?.once('error', reject);
      });
    await next('open');
    while (!t.services.runtime.connected()) await new Promise((r) => setTimeout(r, 50));
    const streams = t.services.live.subscribers - 1;

    for (let i = 0; i < events; i += 1) {
      const value = FIRST_VALUE + i;
      sim.model.setValue('DS1', 'Scale Weight', value);
      while (!published.has(value)) await new Promise((r) => setTimeout(r, 5));
      // The next change at a random point of the next scan cycle.
      await new Promise((r) => setTimeout(r, intervalMs + Math.random() * intervalMs));
    }
    // Everything published has had a quiet scan interval to arrive; then the clients report.
    await new Promise((r) => setTimeout(r, 500));
    worker.postMessage({ type: 'collect' });
    const receipts = (await next('receipts')).receipts ?? [];

    const all: number[] = [];
    let missing = 0;
    const perEvent = [];
    for (let i = 0; i < events; i += 1) {
      const value = FIRST_VALUE + i;
      const at = published.get(value)!;
      const delays: number[] = [];
      for (const mine of receipts) {
        const got = mine[value];
        if (got === undefined) missing += 1;
        else delays.push(got - at);
      }
      all.push(...delays);
      perEvent.push({ event: i + 1, ...summary(delays) });
    }
    console.log(
      JSON.stringify(
        {
          benchmark: 'live-fanout',
          description:
            'server publishes a device event on /api/live -> each of N clients has parsed it',
          measuredFrom: 'publication on the live stream (the server numbering the event)',
          clients,
          streamsOpen: streams,
          users: tokens.length,
          events,
          scanIntervalMs: intervalMs,
          expectedReceipts: clients * events,
          missing,
          ms: summary(all),
          serverWritesMs: summary(written),
          perEvent,
        },
        null,
        2,
      ),
    );
  } finally {
    await worker?.terminate();
    await t.close();
    await removeTemplate();
    await rm(dir, { recursive: true, force: true });
  }
}

if (isMainThread) await main();
else await runClients(workerData as ClientPlan);
