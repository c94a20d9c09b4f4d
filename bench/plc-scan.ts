/**
 * PLC scan benchmark: how long one scan cycle of the gateway takes, for the demo plant and for a
 * generated plant of many devices, against the plant simulator over loopback TCP.
 *
 *   node bench/plc-scan.ts [--cycles 40] [--devices 200] [--interval 250]
 *
 * Prints one JSON document on stdout; progress goes to stderr. The simulator runs in this
 * process (its Modbus server is modbus-serial's ServerTCP, which answers each request from a
 * timer, roughly 750 requests/s), so the figures are dominated by requests per cycle: compare
 * plans by that number, not by milliseconds alone.
 */
import { parseArgs } from 'node:util';
import { demoPlant, type PlantDefinition, type PlantTag } from '@roastery/contract';
import { PlcGateway, type ScanCycle } from '@roastery/plc';
import { startSimulator } from '@roastery/simulator';

const { values: args } = parseArgs({
  options: {
    cycles: { type: 'string', default: '40' },
    devices: { type: 'string', default: '200' },
    interval: { type: 'string', default: '250' },
  },
});
const cycles = Number(args.cycles);
const deviceCount = Number(args.devices);
const scanIntervalMs = Number(args.interval);

/** The demo plant's address stride: every device owns this many coils and registers. */
const BLOCK = 32;

/**
 * A plant of `count` devices made of copies of the demo plant's real devices, each copy in its
 * own blocks further up the address map, so its shape (gaps, 32-bit values) is the demo's.
 */
function generatedPlant(count: number): PlantDefinition {
  const real = demoPlant.devices.filter((device) => !device.virtual);
  const devices = Array.from({ length: count }, (_, index) => {
    const source = real[index % real.length]!;
    const copy = Math.floor(index / real.length);
    return { source, copy, device: { ...source, device_id: `${source.device_id}-${copy + 1}` } };
  });
  const shift = real.length * BLOCK;
  const tags = devices.flatMap(({ source, copy, device }) =>
    demoPlant.tags
      .filter((tag) => tag.device_id === source.device_id)
      .map((tag): PlantTag => ({
        ...tag,
        device_id: device.device_id,
        address: tag.address + copy * shift,
      })),
  );
  return { ...demoPlant, devices: devices.map(({ device }) => device), tags };
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

async function measure(name: string, plant: PlantDefinition) {
  const simulator = await startSimulator({ plant, seed: 1 });
  const gateway = new PlcGateway({
    config: {
      protocol: 'modbus-tcp',
      host: simulator.host,
      port: simulator.port,
      unitId: plant.unitId,
      scanIntervalMs,
    },
    plant,
  });
  const samples: ScanCycle[] = [];
  let measuring = false;
  const done = new Promise<void>((resolve, reject) => {
    const deadline = setTimeout(
      () => reject(new Error(`${name}: ${cycles} cycles did not complete in time`)),
      Math.max(60_000, cycles * scanIntervalMs * 20),
    );
    gateway.on('cycle', (cycle) => {
      const good = gateway.getSnapshot().devices.every((device) => device.quality === 'good');
      // The first cycle connects and fills the cache; measure steady state only.
      if (!measuring && good && !cycle.linkError) {
        measuring = true;
        return;
      }
      if (!measuring) return;
      samples.push(cycle);
      if (samples.length >= cycles) {
        clearTimeout(deadline);
        resolve();
      }
    });
  });
  process.stderr.write(
    `${name}: ${plant.devices.filter((d) => !d.virtual).length} devices, ${plant.tags.length} tags...\n`,
  );
  gateway.start();
  try {
    await done;
  } finally {
    await gateway.stop();
    await simulator.stop();
  }

  const durations = samples.map((cycle) => cycle.durationMs).sort((a, b) => a - b);
  const plan = gateway.readPlan();
  const requests = plan.length;
  const median = percentile(durations, 50);
  return {
    plant: name,
    devices: plant.devices.filter((device) => !device.virtual).length,
    tags: plant.tags.length,
    cycles: samples.length,
    requestsPerCycle: requests,
    coilRequests: plan.filter((r) => r.area === 'coil').length,
    registerRequests: plan.filter((r) => r.area === 'holding').length,
    coilsPerCycle: plan.filter((r) => r.area === 'coil').reduce((n, r) => n + r.count, 0),
    registersPerCycle: plan.filter((r) => r.area === 'holding').reduce((n, r) => n + r.count, 0),
    unmappedSlotsRead: plan.reduce((n, r) => n + r.unmapped, 0),
    failedRequests: samples.reduce((n, cycle) => n + cycle.failedRequests, 0),
    cycleMs: {
      median: round(median),
      p95: round(percentile(durations, 95)),
      max: round(durations.at(-1) ?? 0),
      mean: round(durations.reduce((a, b) => a + b, 0) / Math.max(1, durations.length)),
    },
    msPerRequest: round(median / Math.max(1, requests)),
    /** Share of the scan interval one cycle takes (median). */
    intervalUsed: round(median / scanIntervalMs),
  };
}

const results = [
  await measure('demo', demoPlant),
  await measure(`generated-${deviceCount}`, generatedPlant(deviceCount)),
];

process.stdout.write(
  `${JSON.stringify(
    {
      benchmark: 'plc-scan',
      transport: 'modbus-tcp over loopback, simulator in process',
      node: process.version,
      scanIntervalMs,
      results,
    },
    null,
    2,
  )}\n`,
);
