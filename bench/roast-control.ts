/**
 * Roast profile control: how steadily the console's profile controller drives a roaster through
 * the real Modbus driver. A 250 lb batch is charged into the simulated Roaster 2 (real clock) and
 * `ProfileController` follows the demo profile on it, from the gateway's values, writing through
 * the gateway, as the server runs it. Measured at the PLC (the simulator's registers):
 *
 * - write latency: from the PLC's roast clock ('Roast Time') ticking to the second a control step
 *   is for, to that step's 'Burner Power' write arriving. The scan bounds it from below: a tick
 *   waits up to one scan interval to be read.
 * - step jitter: how far the interval between two consecutive burner writes is from one second of
 *   the roast clock. The PID computes with the roast clock's own seconds, so this jitter moves
 *   when the burner changes, not what it is set to.
 *
 *   npx node bench/roast-control.ts [--seconds 120] [--interval 250] [--scale 2]
 *
 * `--scale` runs the plant that many times faster than life: the default takes the roast well past
 * its turning point, where the PID sets the burner every second. JSON on stdout.
 */
import { parseArgs } from 'node:util';
import { demoPlant } from '@roastery/contract';
import { PlcGateway } from '@roastery/plc';
import { startSimulator } from '@roastery/simulator';
import {
  PlantCatalog,
  ProfileController,
  demoControlledProfile,
} from '@roastery/server/testing/roast-control';
import { latencySummary } from './latency-summary.ts';
import { chargeBatch } from './roast-batch.ts';
import { until } from './until.ts';
import { reported } from './metric.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '120' },
    interval: { type: 'string', default: '250' },
    scale: { type: 'string', default: '2' },
  },
});
const seconds = Number(args.seconds);
const intervalMs = Number(args.interval);
const scale = Number(args.scale);
const ROASTER = 'R2';
const SILO = 'GS4';
const BATCH_LBS = 250;

const simulator = await startSimulator({ port: 0, timeScale: scale, requestDelayMs: 0 });
const gateway = new PlcGateway({
  config: {
    protocol: 'modbus-tcp',
    host: simulator.host,
    port: simulator.port,
    unitId: demoPlant.unitId,
    scanIntervalMs: intervalMs,
  },
  plant: demoPlant,
});
const catalog = new PlantCatalog(demoPlant);
const alarms: string[] = [];
const errors: unknown[] = [];
const controller = new ProfileController(
  {
    profileFor: () => Promise.resolve(demoControlledProfile(ROASTER)),
    burnerMode: () => 'power',
    manual: () => false,
    // Measured for two minutes, far from the end condition: no drop is ever asked for.
    batchRun: () => 'running',
    alarm: (_roaster, _source, text) => alarms.push(text('F')),
    clear: () => undefined,
    write: (roaster, output, value) => {
      const ref = catalog.refOf(roaster, output);
      if (!ref) return;
      gateway
        .write({ ...ref, value, who: 'bench', routine: true })
        .catch((err: unknown) => errors.push(err));
    },
  },
  (err) => errors.push(err),
);
let stepping: NodeJS.Immediate | undefined;
const stopValues = gateway.on('value', (change) => {
  controller.onValue(
    change.device_id,
    catalog.roleOf(change.command_kind, change.command_id) ?? null,
    change.value,
  );
  // One step after each scan's burst of values, as the server does.
  stepping ??= setImmediate(() => {
    stepping = undefined;
    controller.step();
  });
});

const roastTime = simulator.store.tag(ROASTER, 'Roast Time');
const burnerPower = simulator.store.tag(ROASTER, 'Burner Power');
/** When the PLC's roast clock reached each second. */
const ticks = new Map<number, number>();
const latencies: number[] = [];
/** Each burner write's arrival, with the roast second it was for. */
const arrivals: { at: number; second: number }[] = [];
const unwatch = simulator.store.onWrite((tag, origin) => {
  const now = performance.now();
  if (tag === roastTime) {
    const second = simulator.store.valueOf(tag);
    if (!ticks.has(second)) ticks.set(second, now);
  } else if (tag === burnerPower && origin === 'modbus') {
    const second = simulator.store.valueOf(roastTime);
    const tick = ticks.get(second);
    if (tick !== undefined) latencies.push(now - tick);
    arrivals.push({ at: now, second });
  }
});

try {
  gateway.start();
  await until('the gateway to read the plant', () =>
    gateway.getSnapshot().devices.every((device) => device.quality === 'good'),
  );
  console.error(`charging ${BATCH_LBS} lbs into ${ROASTER}`);
  await chargeBatch(simulator, { roaster: ROASTER, silo: SILO, lbs: BATCH_LBS }, until);
  await until('the controller to take the roast', () => controller.following.length > 0);
  console.error(`following the demo profile for ${seconds} s at ${scale}x`);
  latencies.length = 0;
  arrivals.length = 0;
  await new Promise((resolve) => setTimeout(resolve, seconds * 1_000));

  // Between the writes of two consecutive seconds: the open-loop minutes before the turning
  // point write nothing, and a burner that did not change is not written.
  const periodMs = 1_000 / scale;
  const jitter = arrivals.slice(1).flatMap((write, i) => {
    const before = arrivals[i];
    return before && write.second === before.second + 1
      ? [Math.abs(write.at - before.at - periodMs)]
      : [];
  });
  const latency = latencySummary(latencies);
  const deviation = latencySummary(jitter);
  const baseline = { name: 'scan interval', value: intervalMs, unit: 'ms' };
  console.log(
    JSON.stringify(
      {
        benchmark: 'roast-control',
        description:
          "PLC roast clock tick -> the profile controller's burner write at the PLC, and the spread of the writes' intervals",
        scanIntervalMs: intervalMs,
        timeScale: scale,
        roastSeconds: simulator.model.getValue(ROASTER, 'Roast Time'),
        burnerWrites: arrivals.length,
        consecutiveIntervals: jitter.length,
        writeLatencyMs: latency,
        stepJitterMs: deviation,
        alarms,
        errors: errors.map(String),
        metrics: [
          reported(`roast-control.write-latency.p50@${intervalMs}ms-scan`, latency.median, 'ms', {
            baseline,
          }),
          reported(`roast-control.write-latency.p99@${intervalMs}ms-scan`, latency.p99, 'ms', {
            baseline,
          }),
          reported(`roast-control.step-jitter.p95@${intervalMs}ms-scan`, deviation.p95, 'ms', {
            baseline,
          }),
        ],
      },
      null,
      2,
    ),
  );
  if (errors.length > 0) process.exitCode = 1;
} finally {
  unwatch();
  stopValues();
  if (stepping) clearImmediate(stepping);
  await gateway.stop();
  await simulator.stop();
}
