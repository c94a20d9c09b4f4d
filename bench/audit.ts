/**
 * Audit log benchmark: what the hash-chained append costs and how long a chain check takes.
 *
 * - single: one entry recorded and written on its own (the background work a changing call
 *   leaves behind), N times: ms median/p95/p99.
 * - fill: N rows recorded in bursts of 1,000 (entries recorded in one tick share a transaction):
 *   rows per second.
 * - verify: `GET /api/audit/verify` over the whole chain: seconds and rows per second.
 *
 *   node bench/audit.ts [--rows 100000] [--samples 200]
 *
 * Embedded database by default; with TEST_DATABASE_URL, a PostgreSQL server. JSON on stdout.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Role, type AuditVerification } from '@roastery/contract';
import { prepareTemplate } from '@roastery/db/testing';
import { buildTestApp } from '@roastery/server/testing';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    samples: { type: 'string', default: '200' },
  },
});
const rows = Number(args.rows);
const samples = Number(args.samples);
const BURST = 1000;

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { median: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)) };
}

const entry = (i: number) => ({
  userId: 1,
  userName: 'admin',
  address: '10.0.0.5',
  category: 'device',
  action: 'PUT /api/device/mode/:id',
  target: `id=${i % 40}`,
  result: '200 OK',
});

const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
const t = await buildTestApp();
try {
  const { audit } = t.services;
  const single: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    audit.record(entry(i));
    await audit.flush();
    single.push(performance.now() - t0);
  }

  const fillStart = performance.now();
  for (let done = samples; done < rows; done += BURST) {
    for (let i = 0; i < Math.min(BURST, rows - done); i++) audit.record(entry(done + i));
    await audit.flush();
  }
  const fillSeconds = (performance.now() - fillStart) / 1000;

  const verifyStart = performance.now();
  const res = await t.as(Role.Administrator)<AuditVerification>('GET', '/api/audit/verify');
  const verifySeconds = (performance.now() - verifyStart) / 1000;
  if (!res.body.intact) throw new Error(res.body.message);

  console.log(
    JSON.stringify(
      {
        benchmark: 'audit',
        database: t.database.kind,
        singleAppendMs: stats(single),
        fill: {
          rows: rows - samples,
          seconds: Math.round(fillSeconds * 10) / 10,
          rowsPerSecond: Math.round((rows - samples) / fillSeconds),
        },
        verify: {
          rows: res.body.checked,
          seconds: Math.round(verifySeconds * 10) / 10,
          rowsPerSecond: Math.round(res.body.checked / verifySeconds),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
  await removeTemplate();
  await rm(dir, { recursive: true, force: true });
}
