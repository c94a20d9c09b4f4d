/**
 * The benchmarks `npm run bench` runs, in order. Each is its own process (`<name>.ts` in this
 * folder) printing one JSON document whose `metrics` field holds its metric records (metric.ts).
 * `quick` replaces `args` under `--quick`: durations short enough for a check that the suite
 * works, not for figures.
 */
export interface SuiteEntry {
  name: string;
  args: readonly string[];
  quick: readonly string[];
}

export const suite: readonly SuiteEntry[] = [
  { name: 'plc-scan', args: [], quick: ['--cycles', '20', '--devices', '50'] },
  { name: 'plc-reconnect', args: [], quick: ['--trials', '2', '--outages', '2'] },
  { name: 'live-latency', args: [], quick: ['--samples', '5'] },
  { name: 'live-fanout', args: [], quick: ['--clients', '50', '--events', '20'] },
  {
    name: 'pixel-latency',
    args: [],
    quick: ['--samples', '5', '--others', '2', '--sessions', '10'],
  },
  { name: 'tabs-latency', args: [], quick: ['--samples', '5', '--tabs', '3'] },
  { name: 'roast-curve-latency', args: [], quick: ['--samples', '5', '--warm', '10'] },
  { name: 'command-latency', args: [], quick: ['--samples', '5'] },
  { name: 'web-vitals', args: [], quick: ['--interactions', '8', '--seconds', '3'] },
  { name: 'engine-latency', args: [], quick: ['--samples', '5'] },
  { name: 'roast-control', args: [], quick: ['--seconds', '10', '--scale', '10'] },
  { name: 'ledger', args: [], quick: ['--rows', '20000', '--writes', '200', '--seconds', '2'] },
  { name: 'alarms', args: [], quick: ['--seconds', '5'] },
  { name: 'alarm-email', args: [], quick: ['--alarms', '20'] },
  { name: 'events', args: [], quick: ['--rows', '20000', '--samples', '3'] },
  {
    name: 'export-stall',
    args: [],
    quick: ['--rows', '10000', '--exports', '1,2', '--baseline', '2'],
  },
  { name: 'recall', args: [], quick: ['--years', '1', '--samples', '20'] },
  { name: 'mock-recall', args: [], quick: ['--years', '1', '--samples', '10'] },
  { name: 'session-end', args: [], quick: ['--samples', '3'] },
  { name: 'audit', args: [], quick: ['--rows', '2000', '--samples', '20'] },
  { name: 'historian-ingest', args: [], quick: ['--tags', '200', '--seconds', '5'] },
  { name: 'historian-trend', args: [], quick: ['--tags', '2', '--samples', '3', '--days', '35'] },
  { name: 'web-delivery', args: [], quick: [] },
  { name: 'request-path', args: [], quick: ['--duration', '1'] },
  {
    name: 'dashboard-load',
    args: [],
    quick: ['--duration', '1', '--pending', '20', '--events', '5000'],
  },
  { name: 'server-start', args: [], quick: ['--runs', '2'] },
  { name: 'server-memory', args: [], quick: ['--sessions', '3', '--seconds', '10'] },
  // PostgreSQL only: it reports itself skipped on the embedded database.
  { name: 'cluster-takeover', args: [], quick: ['--trials', '2', '--commands', '3'] },
];
