import { parseArgs } from 'node:util';
import { formatAddressMap } from './address-map.ts';
import { PlcScanProfiles, type PlcScanProfile } from './modbus-server.ts';
import { startSimulator } from './simulator.ts';

const usage = `Usage: npm run plant-sim -- [options]
  --port <n>          TCP port (default 5020; 0 picks a free one)
  --host <address>    address to listen on (default 127.0.0.1)
  --seed <n>          seed of the plant's randomness (default 1)
  --tick <ms>         plant clock step (default 100)
  --echo-delay <ms>   delay before a feedback confirms a command (default 300)
  --mode-delay <ms>   delay before a mode switch is confirmed (default 1000)
  --time-scale <x>    plant seconds per wall second (default 1)
  --delay <ms|name>   answer each Modbus request after this delay, as a PLC at the end of its
                      scan: a number of ms or a profile, instant (0), typical (20), slow (200).
                      Unset, the Modbus library's server answers (about 1 ms per request)`;

function numberOption(values: Record<string, string | boolean | undefined>, name: string) {
  const text = values[name];
  if (typeof text !== 'string') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`--${name} needs a number, got ${text}`);
  return value;
}

function delayOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (Object.hasOwn(PlcScanProfiles, text)) return PlcScanProfiles[text as PlcScanProfile];
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) {
    throw new Error(
      `--delay needs a number of ms or one of ${Object.keys(PlcScanProfiles).join(', ')}, got ${text}`,
    );
  }
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      tick: { type: 'string' },
      'echo-delay': { type: 'string' },
      'mode-delay': { type: 'string' },
      'time-scale': { type: 'string' },
      delay: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const simulator = await startSimulator({
    port: numberOption(values, 'port') ?? 5020,
    host: values.host ?? '127.0.0.1',
    seed: numberOption(values, 'seed'),
    tickMs: numberOption(values, 'tick'),
    echoDelayMs: numberOption(values, 'echo-delay'),
    modeDelayMs: numberOption(values, 'mode-delay'),
    timeScale: numberOption(values, 'time-scale'),
    requestDelayMs: delayOption(values.delay),
  });
  const answers =
    simulator.requestDelayMs === undefined
      ? 'library server'
      : `each request answered after ${simulator.requestDelayMs} ms`;
  console.log(`Plant simulator: Modbus TCP on ${simulator.host}:${simulator.port} (${answers})`);
  console.log(formatAddressMap(simulator.store));

  const shutdown = (signal: string) => {
    console.log(`${signal}: stopping the plant simulator`);
    simulator.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(usage);
  process.exit(1);
});
