/**
 * Register to roast curve: from the bean temperature changing in the PLC (the simulator's
 * register) to the live roast curve on the roaster's device page in Chromium having drawn it (the
 * chart's description, set once ECharts has drawn the option, names the last BT drawn), beside the
 * same change's plain value on the same page (the 'Bean Temperature' item of the PLC Commands
 * tab, as pixel-latency.ts measures a value): the baseline, in the same run and the same changes.
 *
 * A 250 lb batch roasts on Roaster 2. The plant's clock is held here: the roast moves on a second
 * at a time (one point more on the curve), and between two seconds a distinctive BT is written
 * into the register at a random point of the scan cycle. Before the measured changes the roast
 * runs `--warm` seconds, so the chart redraws a curve of a few minutes, as during a roast.
 *
 *   node bench/roast-curve-latency.ts [--samples 40] [--interval 100] [--warm 240]
 *     [--plc-delay lib]
 *
 * `--plc-delay`: `lib` is the simulator's library server, a number the simulator answering each
 * request after that many ms, as a PLC at the end of its scan. Prints one JSON document on
 * stdout; both ends read the same machine clock, as in pixel-latency.ts. Needs `npm run build`.
 */
import { parseArgs } from 'node:util';
import { RoasterPhase } from '@roastery/contract';
import { loadNow, now, startConsoleInBrowser } from './console-in-browser.ts';
import { latencySummary } from './latency-summary.ts';
import { atMost, reported } from './metric.ts';
import { advancingWait, chargeBatch } from './roast-batch.ts';
import { shownAt, watchForAttribute, watchForText } from './text-shown-at.ts';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '40' },
    interval: { type: 'string', default: '100' },
    warm: { type: 'string', default: '240' },
    'plc-delay': { type: 'string', default: 'lib' },
  },
});
const samples = Number(args.samples);
const intervalMs = Number(args.interval);
const warmS = Number(args.warm);
const plcDelay = args['plc-delay'];
const ROASTER = 'R2';
const BT = 'Bean Temperature';
const CHART = '[data-testid="roast-curve-chart"]';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tenths = (n: number) => Math.round(n * 10) / 10;

const plant = await startConsoleInBrowser({
  scanIntervalMs: intervalMs,
  streamsPerUser: 8,
  ...(plcDelay === 'lib' ? {} : { plcDelayMs: Number(plcDelay) }),
});
let result;
try {
  const { simulator: sim, url } = plant;
  sim.takeClock();
  console.error(`charging 250 lbs into ${ROASTER}`);
  await chargeBatch(sim, { roaster: ROASTER, silo: 'GS4', lbs: 250 }, advancingWait(sim));
  // The charge gate's feedback closes, and the roaster roasts.
  await advancingWait(sim)(
    'the roast to start',
    () => sim.model.getValue(ROASTER, 'Phase') === RoasterPhase.Roasting,
    5_000,
  );

  const page = await plant.signedIn();
  await page.goto(url(`/device?id=${ROASTER}`));
  await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
  await page.getByRole('tab', { name: 'PLC Commands' }).click();
  await page.getByRole('listitem', { name: BT }).waitFor();
  /** The roast's next second, given a scan and a half to reach the page. */
  const nextSecond = async () => {
    sim.model.advance(1_000);
    await sleep(intervalMs * 1.5);
  };
  await nextSecond();
  await page.locator(CHART).waitFor();
  console.error(`roasting ${warmS} s on the curve`);
  for (let s = 0; s < warmS; s++) await nextSecond();

  const curve: number[] = [];
  const plain: number[] = [];
  const load = [loadNow()];
  for (let i = 0; i < samples; i++) {
    await nextSecond();
    // A tenth no reading of this second shows: its whole degree and seven tenths.
    const value = Math.round(sim.model.getValue(ROASTER, BT)) + 0.7;
    const text = `${value.toFixed(1)} °F`;
    const drawn = `Bean temperature ${text}`;
    await watchForText(page, BT, text);
    await watchForAttribute(page, CHART, 'aria-description', drawn);
    // Start the change at a random point of the scan cycle.
    await sleep(Math.random() * intervalMs);
    const writtenAt = now();
    sim.model.setValue(ROASTER, BT, value);
    plain.push((await shownAt(page, text)) - writtenAt);
    curve.push((await shownAt(page, drawn)) - writtenAt);
  }
  load.push(loadNow());
  const behind = curve.map((ms, i) => ms - plain[i]!);
  result = {
    loadAverage: load,
    roastSeconds: sim.model.getValue(ROASTER, 'Roast Time'),
    curve: { n: curve.length, ms: latencySummary(curve), latencies: curve.map(tenths) },
    plainValue: { n: plain.length, ms: latencySummary(plain), latencies: plain.map(tenths) },
    /** How much later the curve drew each change than the plain value showed it. */
    curveBehindPlainMs: latencySummary(behind),
  };
} finally {
  await plant.close();
}

const { curve, plainValue } = result;
const beside = (value: number) => ({
  baseline: { name: 'plain value on the page', value, unit: 'ms' },
});
console.log(
  JSON.stringify(
    {
      benchmark: 'roast-curve-latency',
      description:
        "PLC bean temperature change -> the live roast curve on the roaster's device page in Chromium having drawn it, beside its plain value on the same page",
      scanIntervalMs: intervalMs,
      plcDelay,
      samples,
      ...result,
      metrics: [
        reported('web.roast-curve.p50', curve.ms.median, 'ms', beside(plainValue.ms.median)),
        // The target: the curve within one scan plus 100 ms of the register.
        atMost(
          'web.roast-curve.p95',
          curve.ms.p95,
          'ms',
          intervalMs + 100,
          beside(plainValue.ms.p95),
        ),
        reported('web.roast-curve.behind-plain-value.p95', result.curveBehindPlainMs.p95, 'ms'),
      ],
    },
    null,
    2,
  ),
);
