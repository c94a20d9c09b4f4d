import { parseArgs } from 'node:util';
import { formatAddressMap } from './address-map.ts';
import { startSimulator } from './simulator.ts';

const usage = `Usage: npm run plant-sim -- [options]
  --port <n>          TCP port (default 5020; 0 picks a free one)
  --host <address>    address to listen on (default 127.0.0.1)
  --seed <n>          seed of the plant's randomness (default 1)
  --tick <ms>         plant clock step (default 100)
  --echo-delay <ms>   delay before a feedback confirms a command (default 300)
  --mode-delay <ms>   delay before a mode switch is confirmed (default 1000)
  --time-scale <x>    plant seconds per wall second (default 1)`;

function numberOption(values: Record<string, string | boolean | undefined>, name: string) {
  const text = values[name];
  if (typeof text !== 'string') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`--${name} needs a number, got ${text}`);
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
  });
  console.log(`Plant simulator: Modbus TCP on ${simulator.host}:${simulator.port}`);
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
