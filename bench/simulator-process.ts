/**
 * The plant simulator in a process of its own, so that a benchmark measuring the console's CPU
 * does not count the simulator's. Started with fork(): it serves the plant of `--devices`
 * (0: the demo plant) with the given per-request delay and sends `{ port }` once listening.
 */
import { parseArgs } from 'node:util';
import { startSimulator } from '@roastery/simulator';
import { benchPlant } from './generated-plant.ts';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '0' },
    delay: { type: 'string', default: '0' },
  },
});
const simulator = await startSimulator({
  plant: benchPlant(Number(args.devices)),
  seed: 1,
  requestDelayMs: Number(args.delay),
});
process.send?.({ port: simulator.port });
process.once('disconnect', () => void simulator.stop());
