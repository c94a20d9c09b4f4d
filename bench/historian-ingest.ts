/**
 * Historian ingest benchmark: what storing a plant's value changes costs.
 *
 * A plant of `--tags` tags (default 2,000), every one changing every second, for `--seconds`
 * simulated seconds: each second the values are published on the hub as the PLC runtime does,
 * then the historian flushes (deadband filter, heartbeats, tag ids, partitions, one multi-row
 * insert), and each simulated minute its maintenance folds the minute into the rollups. The
 * baseline, in the same run on the same database, writes the same rows with the same inserts and
 * nothing else. Figures: samples per second of wall time, and the share of one core per
 * simulated second (process.cpuUsage; the embedded database runs in this process, so its work
 * counts, PostgreSQL's does not).
 *
 *   npx node bench/historian-ingest.ts [--tags 2000] [--seconds 120]
 *
 * Embedded database by default; with TEST_DATABASE_URL, a PostgreSQL server. JSON on stdout.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { historianSamples } from '@roastery/db';
import { createTestDatabase, prepareTemplate } from '@roastery/db/testing';
import {
  historianBench,
  samplePartition,
  type HistorianBench,
} from '@roastery/server/testing/historian';
import { atMost, ratioOf, reported } from './metric.ts';

const { values: args } = parseArgs({
  options: {
    tags: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '120' },
  },
});
const tagCount = Number(args.tags);
const seconds = Number(args.seconds);
const WARM_UP_SECONDS = 5;
const DAY_MS = 86_400_000;

const refs = Array.from({ length: tagCount }, (_, i) => ({
  device_id: `G${Math.floor(i / 10)}`,
  kind: 'input' as const,
  command_id: (i % 10) + 1,
}));

interface Phase {
  wallSeconds: number;
  cpuShare: number;
  samples: number;
}

/** Runs `second` for each simulated second, measuring the whole. */
async function measure(count: number, second: (s: number) => Promise<number>): Promise<Phase> {
  const cpuAtStart = process.cpuUsage();
  const start = performance.now();
  let samples = 0;
  for (let s = 0; s < count; s++) samples += await second(s);
  const wallSeconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  // CPU time per simulated second: the share of a core the plant's values take.
  const cpuShare = (cpu.user + cpu.system) / 1e6 / count;
  return { wallSeconds, cpuShare, samples };
}

/** One simulated second through the historian: every tag's new value, a flush. */
async function historianSecond(b: HistorianBench, start: number, s: number): Promise<number> {
  const at = start + s * 1000;
  for (const [i, ref] of refs.entries()) {
    b.at(at + (i % 1000) / 2);
    b.value(ref, 100 + ((s + i) % 50));
  }
  b.at(at + 999);
  const written = await b.historian.flush();
  if (s % 60 === 59) await b.historian.maintain();
  return written;
}

const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
const database = await createTestDatabase();
try {
  const b = await historianBench(database.db);
  const start = Date.UTC(2026, 0, 5);
  process.stderr.write(`historian-ingest: ${tagCount} tags, ${seconds} s, ${database.kind}\n`);
  for (let s = 0; s < WARM_UP_SECONDS; s++) await historianSecond(b, start - DAY_MS, s);
  const historian = await measure(seconds, (s) => historianSecond(b, start, s));

  // The same rows, written as bare inserts into their own day.
  const stored = await b.repo.ensureTags(refs);
  const ids = stored.map((t) => t.id);
  const bareStart = start + DAY_MS;
  await b.repo.createPartition(samplePartition(bareStart));
  const bare = await measure(seconds, async (s) => {
    const at = bareStart + s * 1000;
    const rows = ids.map((tagId, i) => ({
      tagId,
      sampledAt: new Date(at + (i % 1000) / 2),
      value: 100 + ((s + i) % 50),
      quality: 0,
    }));
    for (let i = 0; i < rows.length; i += 10_000) {
      await database.db.insert(historianSamples).values(rows.slice(i, i + 10_000));
    }
    return rows.length;
  });

  const rate = (p: Phase) => p.samples / p.wallSeconds;
  const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;
  const bareShare = { name: 'bare inserts', value: round(bare.cpuShare), unit: 'core' };
  console.log(
    JSON.stringify(
      {
        benchmark: 'historian-ingest',
        database: database.kind,
        tags: tagCount,
        simulatedSeconds: seconds,
        historian: {
          samples: historian.samples,
          wallSeconds: round(historian.wallSeconds, 2),
          samplesPerSecond: Math.round(rate(historian)),
          coreShare: round(historian.cpuShare),
        },
        bare: {
          samples: bare.samples,
          wallSeconds: round(bare.wallSeconds, 2),
          samplesPerSecond: Math.round(rate(bare)),
          coreShare: round(bare.cpuShare),
        },
        metrics: [
          reported('historian.ingest.samples-per-s', rate(historian), 'samples/s', {
            baseline: { name: 'bare inserts', value: Math.round(rate(bare)), unit: 'samples/s' },
          }),
          atMost('historian.ingest.core-share', historian.cpuShare, 'core', 0.25, {
            baseline: bareShare,
          }),
          atMost(
            'historian.ingest.cost-ratio',
            ratioOf(historian.cpuShare, bareShare),
            'ratio',
            2,
            {
              baseline: bareShare,
            },
          ),
        ],
      },
      null,
      2,
    ),
  );
} finally {
  await database.close();
  await removeTemplate();
  await rm(dir, { recursive: true, force: true });
}
