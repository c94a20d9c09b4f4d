/**
 * Live-stream fan-out: many clients of /api/live at once, each timing every device event from
 * the moment the server published it on its live stream (the bus numbering it) to the moment
 * that client parsed it. The clients run in a worker thread, so the server's event loop is alone
 * on its thread; both threads read the same clock (time origin plus performance.now()).
 *
 *   node bench/live-fanout.ts [--clients 500] [--rate 10] [--events 100] [--users 4] [--interval 20]
 *
 * Each event is a change of one simulator register (DS1's Scale Weight), made --rate times a
 * second and read by the real gateway at the given scan interval (shorter than the gap between
 * changes, so every change becomes an event). Then the password of one user is reset by an
 * administrator, which ends that user's sessions, and the bench times until each of that
 * user's streams is closed by the server. Prints one JSON document on stdout: per event and
 * overall p50/p99/max in ms, the receipts missing of the events published (dropped), the
 * changes the scan did not see (not an event, so not a drop), the server's own share (from
 * publication until its writes to every stream were handed to the operating system), and the
 * close time of the revoked user's streams. Targets: p99 <= 50 ms, nothing dropped, the revoked
 * streams closed within 1 s.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import { openLiveStream, type LiveStreamClient } from './live-stream-reader.ts';
import { atMost, reported, type MetricRecord } from './metric.ts';

/** Scale Weight values the bench writes: the i-th event carries FIRST_VALUE + i. */
const FIRST_VALUE = 1000;

/** How long the revoked user's streams are given to close before they count as left open. */
const REVOKED_WAIT_MS = 3000;

/** What the client worker needs. */
interface ClientPlan {
  url: string;
  tokens: string[];
  clients: number;
}

/** Receipt times per client: value written -> time it was parsed. */
type Receipts = Record<number, number>[];

/** What the worker reports: receipts, and when each client's stream was ended by the server. */
interface Report {
  type: string;
  receipts?: Receipts;
  endedAt?: (number | null)[];
}

const now = () => performance.timeOrigin + performance.now();

/** In the worker: opens the streams, records each benchmark event's arrival, reports on request. */
async function runClients(plan: ClientPlan): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('not a worker');
  const receipts: Receipts = [];
  const endedAt: (number | null)[] = [];
  const streams: LiveStreamClient[] = [];
  const open = async (index: number) => {
    const mine: Record<number, number> = {};
    receipts[index] = mine;
    endedAt[index] = null;
    const token = plan.tokens[index % plan.tokens.length]!;
    const stream = await openLiveStream(
      plan.url,
      token,
      (event) => {
        if (event.type === 'device' && event.device_id === 'DS1' && event.change === 'value') {
          if (typeof event.value === 'number' && event.value >= FIRST_VALUE)
            mine[event.value] ??= now();
        }
      },
      () => (endedAt[index] = now()),
    );
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
    port.postMessage({ type: 'receipts', receipts, endedAt });
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

/** Starts the clients' worker; `next(type)` waits for its next message of that type. */
function startClientWorker(plan: ClientPlan) {
  const worker = new Worker(new URL(import.meta.url), { workerData: plan });
  const next = (type: string) =>
    new Promise<Report>((resolve, reject) => {
      const onMessage = (m: Report) => {
        if (m.type !== type) return;
        worker.off('message', onMessage);
        resolve(m);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  return { worker, next };
}

/**
 * The baseline: a bare Server-Sent Events stream (node:http, nothing else in the process)
 * writing the same frames to as many clients at the same rate, timed the same way.
 */
async function bareStreamBaseline(clients: number, rate: number, events: number) {
  const streams = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': connected\n\n');
    streams.add(res);
    req.on('close', () => streams.delete(res));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const { worker, next } = startClientWorker({
    url: `http://127.0.0.1:${port}`,
    tokens: ['none'],
    clients,
  });
  const opened = next('open');
  await opened;
  const published = new Map<number, number>();
  const firstAt = performance.now();
  for (let i = 0; i < events; i += 1) {
    const due = firstAt + (i * 1000) / rate;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    const value = FIRST_VALUE + i;
    const event = { type: 'device', device_id: 'DS1', change: 'value', value, seq: i + 1 };
    const frame = Buffer.from(`data: ${JSON.stringify(event)}\n\n`);
    published.set(value, now());
    for (const stream of streams) stream.write(frame);
  }
  await new Promise((r) => setTimeout(r, 500));
  const collected = next('receipts');
  worker.postMessage({ type: 'collect' });
  const receipts = (await collected).receipts ?? [];
  await worker.terminate();
  for (const stream of streams) stream.destroy();
  server.close();
  const delays: number[] = [];
  let dropped = 0;
  for (const [value, at] of published) {
    for (const mine of receipts) {
      const got = mine[value];
      if (got === undefined) dropped += 1;
      else delays.push(got - at);
    }
  }
  return { ms: summary(delays), dropped };
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      clients: { type: 'string', default: '500' },
      rate: { type: 'string', default: '10' },
      events: { type: 'string', default: '100' },
      users: { type: 'string', default: '4' },
      interval: { type: 'string', default: '20' },
    },
  });
  const clients = Number(args.clients);
  const rate = Number(args.rate);
  const events = Number(args.events);
  const users = Math.max(2, Number(args.users));
  const intervalMs = Number(args.interval);

  const { Role } = await import('@roastery/contract');
  const { prepareTemplate } = await import('@roastery/db/testing');
  const { buildTestApp } = await import('@roastery/server/testing');

  process.stderr.write(`bare stream baseline: ${clients} clients, ${rate} events/s...\n`);
  const bare = await bareStreamBaseline(clients, rate, events);
  process.stderr.write(`console: ${clients} clients, ${rate} events/s...\n`);

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
    // The last user is always one of the bench's own: its sessions are ended at the end.
    for (let i = 0; i < Math.min(users - 1, roles.length); i += 1) {
      tokens.push(await t.tokenFor(roles[i]!));
    }
    let revokedUserId = 0;
    if (tokens.length < users) {
      for (let i = tokens.length; i < users; i += 1) {
        const username = `fanout.${i}`;
        revokedUserId = (
          await t.services.users.create(
            {
              username,
              full_name: `Fan-out ${i}`,
              user_role: Role.Supervisor,
              password: 'fan-out-pass-123',
            },
            'Bench setup',
          )
        ).id;
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

    const clientWorker = startClientWorker({ url, tokens, clients });
    worker = clientWorker.worker;
    const next = clientWorker.next;
    await next('open');
    while (!t.services.runtime.connected()) await new Promise((r) => setTimeout(r, 50));
    const streams = t.services.live.subscribers - 1;

    // Changes at a fixed rate, each at its own time whatever the previous one cost.
    const gapMs = 1000 / rate;
    const firstAt = performance.now();
    for (let i = 0; i < events; i += 1) {
      const due = firstAt + i * gapMs;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      sim.model.setValue('DS1', 'Scale Weight', FIRST_VALUE + i);
    }
    // Everything published has had a quiet half second to arrive.
    await new Promise((r) => setTimeout(r, 500));

    // An administrator resets the last user's password: that ends the user's sessions.
    const adminToken = await t.tokenFor(Role.Administrator);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/user/admin-reset-password',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { user_id: revokedUserId, newPassword: 'fan-out-reset-456' },
    });
    if (reset.statusCode !== 200) throw new Error(`reset answered ${reset.statusCode}`);
    const revokedAt = now();
    const revokedClients = Array.from({ length: clients }, (_, i) => i).filter(
      (i) => i % tokens.length === tokens.length - 1,
    );
    await new Promise((r) => setTimeout(r, REVOKED_WAIT_MS));

    const receiptsSent = next('receipts');
    worker.postMessage({ type: 'collect' });
    const report = await receiptsSent;
    const receipts = report.receipts ?? [];
    const endedAt = report.endedAt ?? [];

    const all: number[] = [];
    let dropped = 0;
    let unpublished = 0;
    const perEvent = [];
    for (let i = 0; i < events; i += 1) {
      const value = FIRST_VALUE + i;
      const at = published.get(value);
      // A change the scan did not see as a value of its own was never an event.
      if (at === undefined) {
        unpublished += 1;
        continue;
      }
      const delays: number[] = [];
      for (const mine of receipts) {
        const got = mine[value];
        if (got === undefined) dropped += 1;
        else delays.push(got - at);
      }
      all.push(...delays);
      perEvent.push({ event: i + 1, ...summary(delays) });
    }
    const closeMs = revokedClients.map((i) => {
      const ended = endedAt[i];
      return ended === null || ended === undefined ? Number.NaN : ended - revokedAt;
    });
    const stillOpen = closeMs.filter((ms) => Number.isNaN(ms)).length;
    const overall = summary(all);
    const revokedCloseMs = stillOpen > 0 ? Number.NaN : Math.max(0, ...closeMs);
    const metrics: MetricRecord[] = [
      atMost(`live.delivery.p99@${clients}x${rate}per-s`, overall.p99, 'ms', 50, {
        baseline: { name: 'bare SSE stream p99', value: bare.ms.p99, unit: 'ms' },
      }),
      atMost(`live.dropped@${clients}x${rate}per-s`, dropped, 'events', 0),
      atMost('live.revoked-stream-closed', revokedCloseMs, 'ms', 1000),
      reported('live.server-writes.p99', summary(written).p99, 'ms'),
    ];
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
          eventsPerSecond: rate,
          changes: events,
          eventsPublished: events - unpublished,
          changesNotSeenByTheScan: unpublished,
          scanIntervalMs: intervalMs,
          expectedReceipts: clients * (events - unpublished),
          dropped,
          ms: overall,
          serverWritesMs: summary(written),
          bareStream: bare,
          revoked: {
            streams: revokedClients.length,
            stillOpenAfterMs: stillOpen > 0 ? REVOKED_WAIT_MS : null,
            stillOpen,
            closeMs: summary(closeMs.filter((ms) => !Number.isNaN(ms))),
          },
          perEvent,
          metrics,
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
