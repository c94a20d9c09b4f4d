/**
 * Workflow engine latency: from a wait condition becoming true in the PLC (the simulator's
 * feedback coil changing) to the next step's write reaching the PLC (the simulator receiving
 * the Modbus write), through the real gateway, scanner, engine and writer.
 *
 *   node bench/engine-latency.ts [--samples 30] [--interval 250]
 *
 * Prints one JSON document on stdout. The scan bounds the latency from below: a change waits
 * on average half a scan interval to be read, so compare runs at the same interval.
 */
import { parseArgs } from 'node:util';
import { reported } from './metric.ts';
import { latencySummary } from './latency-summary.ts';
import { until } from './until.ts';
import { DemoBinary, demoPlant, type WorkflowRun } from '@roastery/contract';
import { WorkflowEngine } from '@roastery/engine';
import {
  EventRecorder,
  GatewayDevicePort,
  MemoryRunStore,
  MemoryWorkflowSource,
  step,
  systemClock,
  waitOn,
  workflowOf,
} from '@roastery/engine/testing';
import { PlcGateway } from '@roastery/plc';
import { startSimulator } from '@roastery/simulator';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '30' },
    interval: { type: 'string', default: '250' },
  },
});
const samples = Number(args.samples);
const intervalMs = Number(args.interval);

// Step 1 starts the drum and waits for the charge gate; step 2's write is what we time.
const workflow = workflowOf(1, 'Latency', [
  step({
    device_id: 'R1',
    command_id: DemoBinary.Drum,
    wait_device: [
      waitOn({ device_id: 'R1', command_id: DemoBinary.ChargeGateOpened, command_value: 1 }),
    ],
  }),
  step({ device_id: 'R1', command_id: DemoBinary.CoolingTray }),
]);

const simulator = await startSimulator({ port: 0, echoDelayMs: 20, modeDelayMs: 20 });
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
const devices = new GatewayDevicePort(gateway, demoPlant);
const recorder = new EventRecorder();
const engine = new WorkflowEngine({
  devices,
  store: new MemoryRunStore(),
  workflows: new MemoryWorkflowSource([workflow]),
  clock: systemClock,
  events: recorder,
  notifier: recorder,
});
const chargeGateRef = {
  device_id: 'R1',
  command_kind: 'binary',
  command_id: DemoBinary.ChargeGateOpened,
} as const;
const chargeGateOpened = simulator.store.tag('R1', 'Charge Gate Opened');
const coolingTray = simulator.store.tag('R1', 'Cooling Tray');
/** When the simulator saw the condition come true and the next write arrive. */
const mark = { condition: NaN, write: NaN };
const unwatch = simulator.store.onWrite((tag, origin) => {
  const now = performance.now();
  if (tag === chargeGateOpened && simulator.store.valueOf(tag) === 1) mark.condition = now;
  if (tag === coolingTray && origin === 'modbus' && simulator.store.valueOf(tag) === 1) {
    mark.write = now;
  }
});

try {
  gateway.start();
  await until('the gateway to read the plant', () =>
    gateway.getSnapshot().devices.every((device) => device.quality === 'good'),
  );
  await engine.open();
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    mark.condition = NaN;
    mark.write = NaN;
    const started = await engine.start(1, { who: 'bench' });
    if (!started.ok) throw new Error(started.message);
    const run = (): WorkflowRun | undefined => engine.currentRun(1);
    await until(
      'the run to wait',
      () => run()?.timeline.at(-1)?.message.includes('waiting') ?? false,
    );
    // Let the condition come true at a random point of the scan cycle.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * intervalMs));
    simulator.model.setValue('R1', 'Charge Gate', 1);
    await until('the run to finish', () => run()?.state === 'finished');
    latencies.push(mark.write - mark.condition);

    const reset = await engine.clearAndReset(1, 'bench');
    if (!reset.ok) throw new Error(reset.message);
    simulator.model.setValue('R1', 'Charge Gate', 0);
    await until('the charge gate to read closed', () => devices.read(chargeGateRef)?.value === 0);
  }
  const summary = latencySummary(latencies);
  console.log(
    JSON.stringify(
      {
        benchmark: 'engine-latency',
        description: "PLC wait condition true -> next step's write received by the PLC",
        scanIntervalMs: intervalMs,
        samples,
        ms: summary,
        metrics: [
          reported(`engine.condition-to-write.p50@${intervalMs}ms-scan`, summary.median, 'ms'),
          reported(`engine.condition-to-write.p99@${intervalMs}ms-scan`, summary.p99, 'ms'),
        ],
      },
      null,
      2,
    ),
  );
} finally {
  unwatch();
  await engine.close();
  await gateway.stop();
  await simulator.stop();
}
