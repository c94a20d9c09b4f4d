import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '@roastery/plc/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Bean, Dump, RunningWorkflowState, SiloContents, Transfer } from '@roastery/contract';

/**
 * The real server process on an embedded data folder, killed with SIGKILL at random points while
 * beans, dumps and transfers are being requested and their workflows run, then started again.
 * `npm run test:soak` raises the number of kills.
 */
const KILLS = Number(process.env.CRASH_KILLS ?? 4);
const SEED = Number(process.env.CRASH_SEED ?? 20261124);

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const checker = fileURLToPath(new URL('./check-data-dir.ts', import.meta.url));
const ADMIN_PASSWORD = 'crash-admin-123';

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(check: () => Promise<T | undefined>, what: string, ms = 120_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

function runNode(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(err || out))));
  });
}

class ConsoleProcess {
  #child: ChildProcess | undefined;
  #token: string | undefined;
  readonly url: string;
  readonly #env: Record<string, string>;

  constructor(port: number, dataDir: string) {
    this.url = `http://127.0.0.1:${port}`;
    this.#env = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      JWT_SECRET: 'crash-test-secret-crash-test-secret-0123',
      LOG_LEVEL: 'error',
      PLC_SCAN_INTERVAL: '50ms',
      // The simulated plant five times faster than life: a dump or a transfer books in about two
      // seconds instead of nine, so the soak's 200 kills fit in well under an hour.
      SIMULATOR_TIME_SCALE: '5',
    };
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [main], { env: this.#env, stdio: 'ignore' });
    this.#child = child;
    // A first start migrates and seeds the folder: minutes on a loaded machine.
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        const res = await fetch(`${this.url}/api/health/ready`);
        return res.ok ? true : undefined;
      },
      'the server to be ready',
      300_000,
    );
    this.#token = undefined;
  }

  /** SIGKILL: no shutdown hook runs, whatever was in flight stops where it was. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async call<T>(method: string, path: string, body?: object): Promise<{ status: number; body: T }> {
    this.#token ??= await this.#signIn();
    const res = await fetch(`${this.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.#token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async #signIn(): Promise<string> {
    const res = await fetch(`${this.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  }
}

interface Acknowledged {
  beans: string[];
  dumps: number[];
  transfers: number[];
}

/** A dump or transfer as the checker found it in the data folder. */
interface Booking {
  kind: 'dump' | 'transfer';
  id: number;
  status: string;
  movements: number;
}

type Kind = Booking['kind'];
const key = (kind: Kind, id: number) => `${kind} ${id}`;

/**
 * Follows the dumps and transfers the writers had acknowledged, as a client would: a booking is
 * acknowledged to it once the list shows it completed.
 */
class BookingWatch {
  /** Completed, as shown to the client: each must be booked exactly once from then on. */
  readonly booked = new Set<string>();
  /** When each was seen under way and, once completed, how long its run took. */
  readonly #since = new Map<string, number>();
  readonly durations: number[] = [];
  underWay = 0;

  async poll(server: ConsoleProcess, acknowledged: Acknowledged): Promise<void> {
    const mine = {
      dump: new Set(acknowledged.dumps),
      transfer: new Set(acknowledged.transfers),
    };
    const [dumps, transfers] = await Promise.all([
      server.call<Dump[]>('GET', '/dump'),
      server.call<Transfer[]>('GET', '/transfer'),
    ]);
    const seen: [Kind, number, string][] = [
      ...dumps.body.map((d): [Kind, number, string] => ['dump', d.id, d.status]),
      ...transfers.body.map((t): [Kind, number, string] => ['transfer', t.id, t.status]),
    ];
    let underWay = 0;
    for (const [kind, id, status] of seen) {
      if (!mine[kind].has(id)) continue;
      const k = key(kind, id);
      if (status === 'acknowledged' || status === 'processing') {
        underWay += 1;
        if (!this.#since.has(k)) this.#since.set(k, Date.now());
      } else if (status === 'completed' && !this.booked.has(k)) {
        this.booked.add(k);
        const since = this.#since.get(k);
        if (since !== undefined) this.durations.push(Date.now() - since);
      }
    }
    this.underWay = underWay;
  }

  /** The median time a booking took from under way to completed; a guess before any. */
  typicalMs(): number {
    if (this.durations.length === 0) return 15_000;
    const sorted = [...this.durations].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] as number;
  }
}

const ACTIVE = new Set(['running', 'paused']);

describe('kill -9 of the server while work is in flight', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(
    `keeps every acknowledged change and a balanced ledger across ${KILLS} kills`,
    async () => {
      const random = seeded(SEED);
      const dataDir = await mkdtemp(join(tmpdir(), 'roastery-crash-'));
      const server = new ConsoleProcess(await freePort(), dataDir);
      cleanups.push(async () => {
        await server.kill();
        await rm(dataDir, { recursive: true, force: true });
      });
      await server.start();
      const beans = (await server.call<Bean[]>('GET', '/bean')).body;
      const demoBeans = beans.map((b) => b.id);
      const acknowledged: Acknowledged = { beans: [], dumps: [], transfers: [] };
      const figures = {
        kills: 0,
        killsAfterBooking: 0,
        killsDuringBooking: 0,
        booked: 0,
        typicalBookingMs: 0,
        strayAfterCrash: 0,
        interrupted: 0,
        ledgerEntries: 0,
        beans: 0,
        dumps: 0,
        dumpRuns: 0,
        transfers: 0,
        transferRuns: 0,
      };
      let n = 0;
      // A request created but not started yet (the PLC's modes not read yet after a restart,
      // the station busy) is asked again, in this round or the next, until it starts.
      const waiting: { dump?: number; transfer?: number } = {};
      const start = async (path: string, method: string) => {
        const res = await server.call<{ message?: string }>(method, path);
        if (res.status === 200) return 'started';
        if (res.body?.message?.includes('not waiting to be acknowledged')) return 'gone';
        await sleep(300);
        return 'again';
      };
      const startedAt = Date.now();
      const watch = new BookingWatch();

      /** The folder as the crash left it, after PostgreSQL's recovery. */
      const checkFolder = async (kill: number) => {
        const ledger = JSON.parse(await runNode([checker, dataDir])) as {
          violations: string[];
          negative: unknown[];
          ledgerEntries: number;
          bookings: Booking[];
        };
        const byKey = new Map(ledger.bookings.map((b) => [key(b.kind, b.id), b]));
        // Shown completed: booked exactly once. Anything else: booked at most once, and only
        // what ended completed (a transfer cut off books what moved, and is failed).
        const lost = [...watch.booked].filter((k) => {
          const b = byKey.get(k);
          return b?.status !== 'completed' || b.movements !== 1;
        });
        const twice = ledger.bookings.filter((b) => b.movements > 1);
        const stray = ledger.bookings.filter(
          (b) => b.kind === 'dump' && b.movements > 0 && b.status !== 'completed',
        );
        expect({ kill, violations: ledger.violations, negative: ledger.negative }).toEqual({
          kill,
          violations: [],
          negative: [],
        });
        expect({ kill, lost, twice }).toEqual({ kill, lost: [], twice: [] });
        figures.ledgerEntries = ledger.ledgerEntries;
        figures.strayAfterCrash = Math.max(figures.strayAfterCrash, stray.length);
      };

      for (let kill = 1; kill <= KILLS; kill += 1) {
        // Work in flight: writers keep asking until the process dies under them.
        let alive = true;
        const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
        const writer = async (job: () => Promise<void>) => {
          while (alive) await job().catch(() => undefined);
        };
        const writers = [
          writer(async () => {
            n += 1;
            const bean_name = `Crash ${kill}-${n}`;
            const res = await server.call<Bean>('POST', '/bean', { bean: { bean_name } });
            if (res.status === 201) acknowledged.beans.push(bean_name);
          }),
          writer(async () => {
            if (waiting.dump === undefined) {
              const res = await server.call<Dump>('POST', '/dump/create', {
                amount: 5 + Math.floor(random() * 20),
                bean_id: pick(demoBeans),
              });
              if (res.status !== 201) return void (await sleep(200));
              acknowledged.dumps.push(res.body.id);
              waiting.dump = res.body.id;
            }
            const outcome = await start(`/dump/request/${waiting.dump}`, 'POST');
            if (outcome === 'started') figures.dumpRuns += 1;
            if (outcome !== 'again') waiting.dump = undefined;
          }),
          writer(async () => {
            if (waiting.transfer === undefined) {
              const [sourceBinId, targetBinId] = random() < 0.5 ? ['GS3', 'GS4'] : ['GS4', 'GS3'];
              const res = await server.call<Transfer>('POST', '/transfer', {
                sourceBinId,
                targetBinId,
                targetWeight: 1 + Math.floor(random() * 10),
              });
              if (res.status !== 201) return void (await sleep(200));
              acknowledged.transfers.push(res.body.id);
              waiting.transfer = res.body.id;
            }
            const outcome = await start(`/transfer/acknowledge/${waiting.transfer}`, 'GET');
            if (outcome === 'started') figures.transferRuns += 1;
            if (outcome !== 'again') waiting.transfer = undefined;
          }),
        ];
        // Half the kills land right after a booking was shown completed, half in the middle of
        // a dump or transfer, at a random point of the time one takes.
        const after = random() < 0.5;
        const bookedBefore = watch.booked.size;
        const at = await until(
          async () => {
            await watch.poll(server, acknowledged);
            if (after) return watch.booked.size > bookedBefore ? 0 : undefined;
            return watch.underWay > 0 ? random() * watch.typicalMs() : undefined;
          },
          after ? 'a booking completed' : 'a dump or transfer under way',
          240_000,
        );
        await sleep(at);
        await server.kill();
        alive = false;
        await Promise.all(writers);
        figures.kills += 1;
        if (after) figures.killsAfterBooking += 1;
        else figures.killsDuringBooking += 1;
        await checkFolder(kill);
        // Progress of a long run, one line a kill.
        console.log(
          JSON.stringify({
            kill,
            after,
            killedAtMs: Math.round(at),
            booked: watch.booked.size,
            typicalBookingMs: watch.typicalMs(),
            seconds: Math.round((Date.now() - startedAt) / 1000),
          }),
        );

        await server.start();
        const stored = new Set(
          (await server.call<Bean[]>('GET', '/bean')).body.map((b) => b.bean_name),
        );
        expect(acknowledged.beans.filter((name) => !stored.has(name))).toEqual([]);
        const dumps = new Set((await server.call<Dump[]>('GET', '/dump')).body.map((d) => d.id));
        expect(acknowledged.dumps.filter((id) => !dumps.has(id))).toEqual([]);
        const transfers = new Set(
          (await server.call<Transfer[]>('GET', '/transfer')).body.map((t) => t.id),
        );
        expect(acknowledged.transfers.filter((id) => !transfers.has(id))).toEqual([]);

        const silos = (await server.call<SiloContents[]>('GET', '/product/silo')).body;
        for (const silo of silos) {
          const lots = silo.lots.reduce((sum, lot) => sum + Math.round(lot.lbs * 100), 0);
          expect({ silo: silo.device_id, lots }).toEqual({
            silo: silo.device_id,
            lots: Math.round(silo.occupancy * 100),
          });
          expect(silo.occupancy).toBeGreaterThanOrEqual(0);
          if (silo.capacity !== null) expect(silo.occupancy).toBeLessThanOrEqual(silo.capacity);
        }

        // No run goes on by itself after a crash: each waits, interrupted, for a person.
        const workflows = (await server.call<{ id: number }[]>('GET', '/diagram/new/flow/list'))
          .body;
        for (const { id } of workflows) {
          const state = (await server.call<RunningWorkflowState>('GET', `/workflow/${id}/status`))
            .body.state;
          expect({ id, state: ACTIVE.has(state) ? state : 'not active' }).toEqual({
            id,
            state: 'not active',
          });
          if (state !== 'interrupted') continue;
          figures.interrupted += 1;
          // The person decides: here, stop it, so the next round finds its devices free.
          expect((await server.call('POST', `/workflow/${id}/stop`, {})).status).toBe(200);
        }
      }
      // The last round's restart settled what it found: its books are checked too.
      await server.kill();
      await checkFolder(KILLS + 1);
      figures.beans = acknowledged.beans.length;
      figures.booked = watch.booked.size;
      figures.typicalBookingMs = watch.typicalMs();
      figures.dumps = acknowledged.dumps.length;
      figures.transfers = acknowledged.transfers.length;
      // The figures of the run, for docs/reliability.md.
      console.log(JSON.stringify(figures));
      expect(figures.beans).toBeGreaterThan(0);
    },
    300_000 + KILLS * 180_000,
  );
});
