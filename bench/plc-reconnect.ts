/**
 * PLC reconnect benchmark: how long after a PLC comes back the gateway is connected again, with
 * the reconnect backoff the console used before (500 ms doubling to 30 s) and the one it uses now
 * (250 ms doubling to 1 s), both with 20% jitter. Both gateways watch the same simulator through
 * the same outages, so each trial compares them under identical conditions.
 *
 *   node bench/plc-reconnect.ts [--trials 20] [--outages 5,20] [--interval 250]
 *
 * Each trial stops the simulator, keeps it away for the outage's seconds, starts it again on the
 * same port and times each gateway from that moment to its 'connection-restored' event. Prints
 * one JSON document on stdout; progress goes to stderr.
 */
import { parseArgs } from 'node:util';
import { reported } from './metric.ts';
import { demoPlant } from '@roastery/contract';
import { BACKOFF_DEFAULTS, PlcGateway, type BackoffOptions } from '@roastery/plc';
import { startSimulator, type Simulator } from '@roastery/simulator';
import { latencySummary } from './latency-summary.ts';

const { values: args } = parseArgs({
  options: {
    trials: { type: 'string', default: '20' },
    outages: { type: 'string', default: '5,20' },
    interval: { type: 'string', default: '250' },
  },
});
const trials = Number(args.trials);
const outagesS = args.outages.split(',').map(Number);
const scanIntervalMs = Number(args.interval);

const variants: { name: string; backoff: BackoffOptions }[] = [
  { name: 'before', backoff: { minMs: 500, maxMs: 30_000, factor: 2, jitter: 0.2 } },
  { name: 'after', backoff: BACKOFF_DEFAULTS },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let simulator: Simulator = await startSimulator({ seed: 7 });
const { host, port } = simulator;

const gateways = variants.map(({ name, backoff }) => {
  const gateway = new PlcGateway({
    config: {
      protocol: 'modbus-tcp',
      host,
      port,
      unitId: demoPlant.unitId,
      scanIntervalMs,
      backoff,
    },
    plant: demoPlant,
  });
  let restoredAt: number | undefined;
  gateway.on('connection', (event) => {
    if (event.type === 'connection-restored') restoredAt = event.at;
  });
  gateway.start();
  return {
    name,
    backoff,
    gateway,
    restoredAt: () => restoredAt,
    forget: () => {
      restoredAt = undefined;
    },
  };
});

async function until(condition: () => boolean, what: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

const connected = () => gateways.every((g) => g.gateway.health().state === 'connected');
await until(connected, 'the first connections');

const results = [];
for (const outageS of outagesS) {
  const samples: Record<string, number[]> = Object.fromEntries(gateways.map((g) => [g.name, []]));
  for (let trial = 1; trial <= trials; trial += 1) {
    for (const g of gateways) g.forget();
    await simulator.stop();
    await until(
      () => gateways.every((g) => g.gateway.health().alarm),
      'every gateway to see the outage',
    );
    await sleep(outageS * 1000);
    simulator = await startSimulator({ seed: 7, port });
    const backAt = Date.now();
    await until(() => gateways.every((g) => g.restoredAt() !== undefined), 'reconnection');
    for (const g of gateways) samples[g.name]?.push((g.restoredAt() ?? NaN) - backAt);
    console.error(
      `outage ${outageS} s, trial ${trial}/${trials}: ${gateways
        .map((g) => `${g.name} ${samples[g.name]?.at(-1)} ms`)
        .join(', ')}`,
    );
  }
  results.push({
    outage_s: outageS,
    trials,
    reconnect_ms: Object.fromEntries(
      gateways.map((g) => {
        const { median, p95, max } = latencySummary(samples[g.name] ?? []);
        return [g.name, { p50: median, p95, max, backoff: g.backoff }];
      }),
    ),
  });
}

for (const g of gateways) await g.gateway.stop();
await simulator.stop();
const metrics = results.flatMap((result) =>
  Object.entries(result.reconnect_ms).map(([name, ms]) =>
    reported(`plc.reconnect.p95.${name}-after-${result.outage_s}s`, ms.p95, 'ms'),
  ),
);
console.log(
  JSON.stringify({ benchmark: 'plc-reconnect', scanIntervalMs, results, metrics }, null, 2),
);
