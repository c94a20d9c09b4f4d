/**
 * PLC scan benchmark: the gateway scanning a plant over Modbus TCP for the demo plant and for a
 * generated plant of many devices, with the simulator in a process of its own (fast path by
 * default, or a PLC scan-time delay per request).
 *
 *   node bench/plc-scan.ts [--cycles 100] [--devices 200] [--interval 100] [--delay 0]
 *     [--max-in-flight 4]
 *
 * Per plant: the duration of a cycle beside a raw Modbus client loop reading the same requests
 * with as many in flight (the baseline); the CPU this process spent scanning, as a share of one core; the jitter of
 * each cycle's start against its schedule (the previous start plus the interval, or the
 * previous end when a cycle overran) beside a bare timer loop's (the baseline); and the read plan: every tag read in a batched request,
 * none above the protocol's limits (125 registers, 2000 coils), no two adjacent requests that
 * could have been one. Prints one JSON document on stdout; progress goes to stderr.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { PlantDefinition } from '@roastery/contract';
import { GATEWAY_DEFAULTS, PlcGateway, READ_PLAN_DEFAULTS, type ReadRequest } from '@roastery/plc';
import { benchPlant } from './generated-plant.ts';
import { atLeast, atMost, reported, type MetricRecord } from './metric.ts';

const { values: args } = parseArgs({
  options: {
    cycles: { type: 'string', default: '100' },
    devices: { type: 'string', default: '200' },
    interval: { type: 'string', default: '100' },
    delay: { type: 'string', default: '0' },
    'max-in-flight': { type: 'string', default: String(GATEWAY_DEFAULTS.maxInFlight) },
  },
});
const cycles = Number(args.cycles);
const deviceCount = Number(args.devices);
const scanIntervalMs = Number(args.interval);
const delayMs = Number(args.delay);
const maxInFlight = Number(args['max-in-flight']);

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

function summary(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

async function startSimulatorProcess(devices: number): Promise<{ port: number; stop(): void }> {
  const child: ChildProcess = fork(
    join(import.meta.dirname, 'simulator-process.ts'),
    ['--devices', String(devices), '--delay', String(delayMs)],
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  const [message] = (await once(child, 'message')) as [{ port: number }];
  return { port: message.port, stop: () => child.disconnect() };
}

/**
 * The baseline: the plan's requests sent by a bare client (a socket and the Modbus frames,
 * nothing decoded), at most `maxInFlight` unanswered at a time, `count` cycles back to back.
 * The simulator answers a connection's requests in order, so replies are told apart by length.
 */
async function rawClientLoop(
  port: number,
  plan: readonly ReadRequest[],
  unitId: number,
  count: number,
) {
  const socket: Socket = connect({ port, host: '127.0.0.1' });
  socket.setNoDelay(true);
  await once(socket, 'connect');
  const frames = plan.map((request, index) => {
    const frame = Buffer.alloc(12);
    frame.writeUInt16BE(index, 0);
    frame.writeUInt16BE(6, 4);
    frame.writeUInt8(unitId, 6);
    frame.writeUInt8(request.area === 'coil' ? 1 : 3, 7);
    frame.writeUInt16BE(request.start, 8);
    frame.writeUInt16BE(request.count, 10);
    const replyBytes =
      9 + (request.area === 'coil' ? Math.ceil(request.count / 8) : request.count * 2);
    return { frame, replyBytes };
  });
  let onReply: (() => void) | undefined;
  let buffered = 0;
  let answered = 0;
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.length;
    while (answered < frames.length && buffered >= frames[answered]!.replyBytes) {
      buffered -= frames[answered]!.replyBytes;
      answered += 1;
      onReply?.();
    }
  });
  const times: number[] = [];
  for (let cycle = 0; cycle < count; cycle += 1) {
    const started = performance.now();
    answered = 0;
    let sent = 0;
    await new Promise<void>((resolve) => {
      const send = () => {
        while (sent < frames.length && sent - answered < maxInFlight) {
          socket.write(frames[sent]!.frame);
          sent += 1;
        }
      };
      onReply = () => (answered === frames.length ? resolve() : send());
      send();
    });
    times.push(performance.now() - started);
  }
  socket.destroy();
  return times;
}

/**
 * The jitter baseline: a bare timer loop at the scan interval, scheduled as the scanner schedules
 * (the previous start plus the interval), in the same process. On a loaded machine most of the
 * jitter is the process waiting for a core; this shows how much.
 */
async function timerLoopJitter(count: number): Promise<number[]> {
  const jitters: number[] = [];
  let scheduled = performance.now() + scanIntervalMs;
  for (let i = 0; i < count; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, scheduled - performance.now())));
    const now = performance.now();
    jitters.push(now - scheduled);
    scheduled = now + scanIntervalMs;
  }
  return jitters;
}

/** What the read plan does with the plant's tags. */
function planCheck(plant: PlantDefinition, plan: readonly ReadRequest[]) {
  const limit = { coil: READ_PLAN_DEFAULTS.maxCoils, holding: READ_PLAN_DEFAULTS.maxRegisters };
  const gap = { coil: READ_PLAN_DEFAULTS.maxGapCoils, holding: READ_PLAN_DEFAULTS.maxGapRegisters };
  const planned = new Set(plan.flatMap((request) => request.tags.map((tag) => tag.key)));
  const overLimit = plan.filter((request) => request.count > limit[request.area]).length;
  // Two requests of an area next to each other (within the bridged gap) that together still fit
  // one request should have been one.
  let unmerged = 0;
  for (const area of ['coil', 'holding'] as const) {
    const requests = plan
      .filter((request) => request.area === area)
      .sort((a, b) => a.start - b.start);
    for (let i = 1; i < requests.length; i += 1) {
      const before = requests[i - 1]!;
      const after = requests[i]!;
      const hole = after.start - (before.start + before.count);
      if (hole <= gap[area] && after.start + after.count - before.start <= limit[area])
        unmerged += 1;
    }
  }
  return {
    tags: plant.tags.length,
    tagsInPlan: planned.size,
    requests: plan.length,
    coilRequests: plan.filter((r) => r.area === 'coil').length,
    registerRequests: plan.filter((r) => r.area === 'holding').length,
    largestCoilRequest: Math.max(0, ...plan.filter((r) => r.area === 'coil').map((r) => r.count)),
    largestRegisterRequest: Math.max(
      0,
      ...plan.filter((r) => r.area === 'holding').map((r) => r.count),
    ),
    tagsPerRequest: round(plant.tags.length / Math.max(1, plan.length)),
    unmappedSlotsRead: plan.reduce((n, r) => n + r.unmapped, 0),
    requestsOverLimit: overLimit,
    adjacentRequestsNotMerged: unmerged,
  };
}

async function measure(devices: number) {
  const plant = benchPlant(devices);
  const name = devices === 0 ? 'demo' : `generated-${devices}`;
  const simulator = await startSimulatorProcess(devices);
  const gateway = new PlcGateway({
    config: {
      protocol: 'modbus-tcp',
      host: '127.0.0.1',
      port: simulator.port,
      unitId: plant.unitId,
      scanIntervalMs,
      maxInFlight,
    },
    plant,
  });
  const durations: number[] = [];
  const jitters: number[] = [];
  let failedRequests = 0;
  let overruns = 0;
  let previous: { start: number; end: number } | undefined;
  let cpuAtStart: NodeJS.CpuUsage | undefined;
  let wallAtStart = 0;
  let cpu = { percentOfOneCore: Number.NaN, wallSeconds: 0 };
  const done = new Promise<void>((resolve, reject) => {
    const deadline = setTimeout(
      () => reject(new Error(`${name}: ${cycles} cycles did not complete in time`)),
      Math.max(60_000, cycles * scanIntervalMs * 20),
    );
    gateway.on('cycle', (cycle) => {
      // The event leaves the scanner right as the cycle ends: its start on the same clock.
      const end = performance.now();
      const start = end - cycle.durationMs;
      // The first cycles connect and fill the cache; measure steady state only. The snapshot
      // is taken only until then: it costs milliseconds for a large plant.
      if (!cpuAtStart) {
        const good = gateway.getSnapshot().devices.every((device) => device.quality === 'good');
        if (good && !cycle.linkError) {
          cpuAtStart = process.cpuUsage();
          wallAtStart = end;
          previous = { start, end };
        }
        return;
      }
      const scheduled = Math.max(previous!.start + scanIntervalMs, previous!.end);
      if (previous!.end > previous!.start + scanIntervalMs) overruns += 1;
      jitters.push(start - scheduled);
      durations.push(cycle.durationMs);
      failedRequests += cycle.failedRequests;
      previous = { start, end };
      if (durations.length >= cycles) {
        const used = process.cpuUsage(cpuAtStart);
        const wallMs = end - wallAtStart;
        cpu = {
          percentOfOneCore: round((((used.user + used.system) / 1000) * 100) / wallMs),
          wallSeconds: round(wallMs / 1000),
        };
        clearTimeout(deadline);
        resolve();
      }
    });
  });
  process.stderr.write(`${name}: ${plant.tags.length} tags, ${cycles} cycles...\n`);
  gateway.start();
  try {
    await done;
  } finally {
    await gateway.stop();
  }
  const plan = gateway.readPlan();
  const raw = await rawClientLoop(simulator.port, plan, plant.unitId, Math.min(cycles, 50));
  simulator.stop();
  const timerJitter = await timerLoopJitter(cycles);
  return {
    plant: name,
    devices: plant.devices.filter((device) => !device.virtual).length,
    cycles: durations.length,
    plan: planCheck(plant, plan),
    failedRequests,
    overruns,
    cycleMs: summary(durations),
    rawClientCycleMs: summary(raw),
    jitterMs: summary(jitters),
    timerLoopJitterMs: summary(timerJitter),
    cpu,
  };
}

const results = [await measure(0), await measure(deviceCount)];

const metrics: MetricRecord[] = results.flatMap((result) => {
  const at = `scan.${result.plant}`;
  const every = `@${scanIntervalMs}ms`;
  return [
    atMost(`${at}.cpu${every}`, result.cpu.percentOfOneCore, '% of a core', 40),
    atMost(`${at}.jitter.p99${every}`, result.jitterMs.p99, 'ms', 10, {
      baseline: { name: 'bare timer loop p99', value: result.timerLoopJitterMs.p99, unit: 'ms' },
    }),
    atLeast(
      `${at}.tags-in-batched-reads`,
      (result.plan.tagsInPlan / result.plan.tags) * 100,
      '%',
      100,
    ),
    atMost(`${at}.requests-over-limit`, result.plan.requestsOverLimit, 'requests', 0),
    atMost(
      `${at}.adjacent-requests-not-merged`,
      result.plan.adjacentRequestsNotMerged,
      'requests',
      0,
    ),
    reported(`${at}.cycle.median`, result.cycleMs.median, 'ms', {
      baseline: { name: 'raw client loop', value: result.rawClientCycleMs.median, unit: 'ms' },
    }),
    reported(`${at}.requests-per-cycle`, result.plan.requests, 'requests'),
  ];
});

process.stdout.write(
  `${JSON.stringify(
    {
      benchmark: 'plc-scan',
      transport: 'modbus-tcp over loopback, simulator in its own process',
      node: process.version,
      scanIntervalMs,
      simulatorDelayMs: delayMs,
      maxInFlight,
      results,
      metrics,
    },
    null,
    2,
  )}\n`,
);
