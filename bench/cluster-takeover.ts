/**
 * Several server instances on one PostgreSQL database: how long the plant goes undriven when
 * the leading instance goes away, and what handing a command to the leader costs.
 *
 *   TEST_DATABASE_URL=postgres://... node bench/cluster-takeover.ts [--trials 10] [--commands 20]
 *
 * Two instances in this process on a fresh database, the demo plant's simulated PLC on loopback
 * TCP, a 50 ms scan. Each trial cuts the leader's database connections off (as its crash looks to
 * PostgreSQL) and times, from that moment, the other instance holding the lock, its gateway
 * reading the PLC, and a manual command sent to it reaching the PLC. The instance cut off stays
 * up, joins again as a follower, and leads in the next trial's turn. Prints one JSON document on
 * stdout; skipped without PostgreSQL.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DemoBinary, Role } from '@roastery/contract';
import { prepareTemplate } from '@roastery/db/testing';
import { call, login, startClusterPlant, type Instance } from '@roastery/server/testing/cluster';
import { latencySummary } from './latency-summary.ts';

const { values: args } = parseArgs({
  options: {
    trials: { type: 'string', default: '10' },
    commands: { type: 'string', default: '20' },
  },
});
const trials = Number(args.trials);
const commands = Number(args.commands);

if (!process.env.TEST_DATABASE_URL) {
  console.log(JSON.stringify({ skipped: 'needs PostgreSQL: set TEST_DATABASE_URL' }));
  process.exit(0);
}

/** Polls every 5 ms: the figures are around a second, and the poll must not blur them. */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now();
}

const removeTemplate = await prepareTemplate(join(await mkdtemp(join(tmpdir(), 'roastery-')), 't'));
const plant = await startClusterPlant();
try {
  const instances: Instance[] = [await plant.start('one')];
  await until(() => instances[0]!.services.cluster?.leadership.isLeader() ?? false, 'one to lead');
  instances.push(await plant.start('two'));
  const leads = (i: Instance) => i.services.cluster?.leadership.isLeader() ?? false;
  const gate = () => plant.simulator.store.get('GS3', 'Inlet Gate Opened');

  let token = await login(instances[0]!, Role.Administrator);
  await until(() => instances[0]!.services.runtime.connected(), 'the PLC read');
  await call(instances[0]!, token, 'PUT', '/api/device/mode/GS3');
  await until(
    async () => (await instances[0]!.services.devices.detail('GS3')).manual === true,
    'Manual mode',
  );

  /** One toggle of the gate through an instance: from the request to its reply. */
  const toggle = async (through: Instance): Promise<number> => {
    const value = gate() === 1 ? 0 : 1;
    const started = performance.now();
    const reply = await call(through, token, 'PUT', `/api/command/toogle/${DemoBinary.InletGate}`, {
      device_id: 'GS3',
      value,
    });
    const answered = performance.now() - started;
    if (reply.status !== 202) throw new Error(`command refused: ${JSON.stringify(reply.body)}`);
    await until(() => gate() === value, 'the gate to follow');
    return answered;
  };
  const viaLeader: number[] = [];
  const viaFollower: number[] = [];
  for (let i = 0; i < commands; i++) {
    const leader = instances.find(leads)!;
    const follower = instances.find((x) => !leads(x))!;
    viaLeader.push(await toggle(leader));
    viaFollower.push(await toggle(follower));
  }

  const lockMs: number[] = [];
  const readingMs: number[] = [];
  const firstWriteMs: number[] = [];
  for (let t = 0; t < trials; t++) {
    const leader = instances.find(leads)!;
    const next = instances.find((x) => x !== leader)!;
    const writesBefore = plant.plcWrites.length;
    const cut = performance.now();
    await plant.cutOff(leader.name);
    lockMs.push((await until(() => leads(next), 'takeover')) - cut);
    readingMs.push((await until(() => next.services.runtime.connected(), 'the PLC read')) - cut);
    token = await login(next, Role.Administrator);
    await toggle(next);
    firstWriteMs.push(performance.now() - cut);
    if (plant.plcWrites.length !== writesBefore + 1) {
      throw new Error(`expected one write, saw ${plant.plcWrites.slice(writesBefore).join(', ')}`);
    }
    await until(() => !leads(leader), 'the old leader to follow');
    // An instance that lost the lead waits three lock intervals before asking again, so that a
    // healthy follower goes first; the next trial cuts off the one that leads now, and measures
    // the one cut off here only once it may lead again.
    await new Promise((r) => setTimeout(r, 3500));
  }
  console.log(
    JSON.stringify(
      {
        trials,
        takeover: {
          lockMs: latencySummary(lockMs),
          plcReadMs: latencySummary(readingMs),
          firstCommandWrittenMs: latencySummary(firstWriteMs),
        },
        commandReplyMs: {
          viaLeader: latencySummary(viaLeader),
          viaFollower: latencySummary(viaFollower),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await plant.close();
  await removeTemplate();
}
